import Foundation
import SharedNetworking
import TestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The socket-free path: `URLSessionHTTPClient` on a session answered by ``URLProtocolStub``.
@Suite struct StubURLProtocolTests {
    @Test func stubbedResponseReachesTheClient() async throws {
        let stub = URLProtocolStub()
        stub.stub("/feed.json", .json(#"{"rows":[]}"#))
        let client = URLSessionHTTPClient(configuration: .stubbed(stub))

        let response = try await client.send(
            HTTPRequest(url: stub.url("/feed.json?page=2"), method: .post, headers: ["X-Client": "tests"], body: Data("q".utf8))
        )

        #expect(response.status == 200)
        #expect(response.body == Data(#"{"rows":[]}"#.utf8))
        #expect(response.headers.mediaType == "application/json")
        let request = try #require(stub.requests.first)
        #expect(request.httpMethod == "POST")
        #expect(request.url?.query == "page=2")
        #expect(request.value(forHTTPHeaderField: "X-Client") == "tests")
        #expect(request.httpBody == Data("q".utf8))
    }

    @Test func fallbackHandlerSeesTheRequest() async throws {
        let stub = URLProtocolStub { request in
            .status(503, body: "busy: \(request.url?.path ?? "")")
        }
        var withRetryAfter = StubResponse.status(503, body: "busy")
        withRetryAfter.headers["Retry-After"] = "5"
        stub.stub("/special", withRetryAfter)
        let client = URLSessionHTTPClient(configuration: .stubbed(stub))

        let generic = stub.url("/generic")
        await #expect(throws: NetworkError.httpStatus(code: 503, url: generic, bodyExcerpt: "busy: /generic", retryAfter: nil)) {
            try await client.send(HTTPRequest(url: generic))
        }
        let special = stub.url("/special")
        await #expect(throws: NetworkError.httpStatus(code: 503, url: special, bodyExcerpt: "busy", retryAfter: "5")) {
            try await client.send(HTTPRequest(url: special))
        }
    }

    @Test func scriptedFailureMapsToTransport() async throws {
        let stub = URLProtocolStub { _ in .failure(.notConnectedToInternet) }
        let client = URLSessionHTTPClient(configuration: .stubbed(stub))
        let error = await #expect(throws: NetworkError.self) {
            try await client.send(HTTPRequest(url: stub.url("/x")))
        }
        guard case .transport(_, let code, _) = error else {
            Issue.record("expected a transport error, got \(String(describing: error))")
            return
        }
        #expect(code == URLError.notConnectedToInternet.rawValue)
    }

    @Test func scriptedTimeoutMapsToTimedOut() async throws {
        let stub = URLProtocolStub { _ in .failure(.timedOut) }
        let client = URLSessionHTTPClient(configuration: .stubbed(stub))
        let url = stub.url("/slow")
        await #expect(throws: NetworkError.timedOut(url: url)) {
            try await client.send(HTTPRequest(url: url))
        }
    }

    /// A stubbed session never reaches the network, even for a URL no stub owns.
    @Test func foreignHostFailsWithoutNetwork() async throws {
        let stub = URLProtocolStub()
        let client = URLSessionHTTPClient(configuration: .stubbed(stub))
        let url = try #require(URL(string: "https://example.com/feed.json"))
        let error = await #expect(throws: NetworkError.self) {
            try await client.send(HTTPRequest(url: url))
        }
        guard case .transport(_, let code, _) = error else {
            Issue.record("expected a transport error, got \(String(describing: error))")
            return
        }
        #expect(code == URLError.cannotFindHost.rawValue)
        #expect(stub.requests.isEmpty)
    }

    @Test func parallelStubsDoNotShareScripts() async throws {
        let stubs = (0..<8).map { index in
            let stub = URLProtocolStub()
            stub.stub("/same/path", .json(#"{"index":\#(index)}"#))
            return stub
        }
        try await withThrowingTaskGroup(of: (Int, Data).self) { group in
            for (index, stub) in stubs.enumerated() {
                group.addTask {
                    let client = URLSessionHTTPClient(configuration: .stubbed(stub))
                    return (index, try await client.send(HTTPRequest(url: stub.url("/same/path"))).body)
                }
            }
            for try await (index, body) in group {
                #expect(body == Data(#"{"index":\#(index)}"#.utf8))
            }
        }
        #expect(stubs.allSatisfy { $0.requests.count == 1 })
    }

    @Test func feedLoaderRunsOnTheStub() async throws {
        struct Greeting: Decodable, Sendable { var text: String }
        let stub = URLProtocolStub()
        stub.stub(
            "/greeting",
            StubResponse(
                headers: ["Content-Type": "application/json; charset=utf-16"],
                body: try #require(#"{"text":"Grüß"}"#.data(using: .utf16BigEndian))))
        let loader = FeedLoader(client: URLSessionHTTPClient(configuration: .stubbed(stub)))
        let loaded = try await loader.load(Greeting.self, from: .remote(stub.url("/greeting")))
        #expect(loaded.value.text == "Grüß")
    }
}
