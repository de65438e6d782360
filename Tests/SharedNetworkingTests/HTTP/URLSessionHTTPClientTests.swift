import Foundation
import SharedNetworking
import TestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `URLSessionHTTPClient` over real TCP against ``LoopbackHTTPServer``.
@Suite struct URLSessionHTTPClientTests {
    let server: LoopbackHTTPServer
    let client = URLSessionHTTPClient(configuration: .ephemeral)

    init() throws {
        server = try LoopbackHTTPServer()
    }

    @Test func okReturnsBodyAndHeaders() async throws {
        defer { server.stop() }
        server.route("/hello", .json(#"{"greeting":"hi"}"#).header("X-Trace", "abc-123"))

        let response = try await client.send(HTTPRequest(url: server.url("/hello"), headers: ["Accept": "application/json"]))

        #expect(response.status == 200)
        #expect(response.body == Data(#"{"greeting":"hi"}"#.utf8))
        #expect(response.headers["x-trace"] == "abc-123")
        #expect(response.headers.mediaType == "application/json")
        #expect(response.headers.charset == "utf-8")
        let received = try #require(server.requests.first)
        #expect(received.method == "GET")
        #expect(received.path == "/hello")
        #expect(received.headers["Accept"] == "application/json")
    }

    @Test func notFoundThrowsStatusWithBodyExcerpt() async throws {
        defer { server.stop() }
        server.route("/missing", .status(404, body: "no such feed\nsecond line"))
        let url = server.url("/missing")

        let error = await #expect(throws: NetworkError.self) {
            try await client.send(HTTPRequest(url: url))
        }

        #expect(error == .httpStatus(code: 404, url: url, bodyExcerpt: "no such feed second line", retryAfter: nil))
        #expect(error?.description == "\(url.absoluteString): HTTP 404 Not Found: no such feed second line")
        #expect(error?.isTransient == false)
    }

    @Test func unknownPathIs404() async throws {
        defer { server.stop() }
        let error = await #expect(throws: NetworkError.self) {
            try await client.send(HTTPRequest(url: server.url("/nothing-here")))
        }
        guard case .httpStatus(let code, _, _, _) = error else {
            Issue.record("expected an HTTP status error, got \(String(describing: error))")
            return
        }
        #expect(code == 404)
    }

    @Test func acceptableStatusWidensSuccess() async throws {
        defer { server.stop() }
        server.route("/gone", .status(410, body: "gone"))
        let response = try await client.send(HTTPRequest(url: server.url("/gone"), acceptableStatus: 200..<500))
        #expect(response.status == 410)
        #expect(response.body == Data("gone".utf8))
    }

    @Test func postSendsBodyAndMethod() async throws {
        defer { server.stop() }
        server.route("/submit") { request in .json(#"{"echo":\#(request.body.count)}"#, status: 201) }
        let payload = Data(#"{"answer":42}"#.utf8)

        let response = try await client.send(
            HTTPRequest(url: server.url("/submit?mode=fast"), method: .post, headers: ["Content-Type": "application/json"], body: payload)
        )

        #expect(response.status == 201)
        #expect(response.body == Data(#"{"echo":13}"#.utf8))
        let received = try #require(server.requests.first)
        #expect(received.method == "POST")
        #expect(received.body == payload)
        #expect(received.query == "mode=fast")
        #expect(received.queryItems == [URLQueryItem(name: "mode", value: "fast")])
    }

    @Test func headReturnsHeadersWithoutBody() async throws {
        defer { server.stop() }
        server.route("/file", .ok(Data(repeating: 7, count: 1000), contentType: "application/zip"))
        let response = try await client.send(HTTPRequest(url: server.url("/file"), method: .head))
        #expect(response.status == 200)
        #expect(response.body.isEmpty)
        #expect(response.headers["Content-Length"] == "1000")
        #expect(server.requests.first?.method == "HEAD")
    }

    @Test func keepAliveReusesOneConnection() async throws {
        defer { server.stop() }
        server.route("/ping", .text("pong"))
        for _ in 0..<3 {
            let response = try await client.send(HTTPRequest(url: server.url("/ping")))
            #expect(response.body == Data("pong".utf8))
        }
        #expect(server.totalRequests == 3)
        #expect(server.connectionCount == 1)
    }

    @Test func timeoutBecomesTimedOut() async throws {
        defer { server.stop() }
        server.route("/slow", ScriptedResponse.json("{}").delayed(by: .seconds(600)))
        let url = server.url("/slow")

        let error = await #expect(throws: NetworkError.self) {
            try await client.send(HTTPRequest(url: url, timeout: .seconds(1)))
        }

        #expect(error == .timedOut(url: url))
        #expect(error?.isTransient == true)
        // The client gave up; the server sees the connection go away mid-delay.
        try #require(await eventually { server.closedByClientCount == 1 })
    }

    /// Regression: Foundation on Linux truncates `timeoutInterval` to whole seconds, which made
    /// every sub-second timeout fire at once, before the server could answer.
    @Test func subSecondTimeoutDoesNotFireImmediately() async throws {
        defer { server.stop() }
        server.route("/quick", ScriptedResponse.json("{}").delayed(by: .milliseconds(100)))
        let response = try await client.send(HTTPRequest(url: server.url("/quick"), timeout: .milliseconds(500)))
        #expect(response.status == 200)
    }

    /// The timeout is for silence, not the whole transfer: a body that keeps dribbling within
    /// the limit completes even though the transfer takes longer than the timeout.
    @Test func timeoutMeasuresSilenceNotTotalTime() async throws {
        defer { server.stop() }
        let body = Data("abcdefgh".utf8)
        server.route("/dribble", ScriptedResponse.ok(body).dribbled(chunkSize: 2, every: .milliseconds(400)))

        let start = ContinuousClock.now
        let response = try await client.send(HTTPRequest(url: server.url("/dribble"), timeout: .seconds(1)))

        #expect(response.body == body)
        #expect(ContinuousClock.now - start >= .milliseconds(1600))
    }

    @Test func cancellingTheTaskCancelsTheRequest() async throws {
        defer { server.stop() }
        server.route("/forever", ScriptedResponse.json("{}").delayed(by: .seconds(600)))
        let request = HTTPRequest(url: server.url("/forever"))
        let client = self.client

        let task = Task { () async throws(NetworkError) -> HTTPResponse in try await client.send(request) }
        defer { task.cancel() }
        try #require(await eventually { server.inFlightRequests == 1 })
        let cancelledAt = ContinuousClock.now
        task.cancel()
        let result = await task.result

        #expect(throws: NetworkError.cancelled) { try result.get() }
        // Far sooner than the server's 600 s: the cancel ended the request, not the response.
        #expect(ContinuousClock.now - cancelledAt < .seconds(120))
        try #require(await eventually { server.closedByClientCount == 1 && server.inFlightRequests == 0 })
    }

    @Test func alreadyCancelledTaskSendsNothing() async throws {
        defer { server.stop() }
        server.route("/never", .json("{}"))
        let request = HTTPRequest(url: server.url("/never"))
        let client = self.client
        let task = Task { () async throws(NetworkError) -> HTTPResponse in
            withUnsafeCurrentTask { $0?.cancel() }
            return try await client.send(request)
        }
        await #expect(throws: NetworkError.cancelled) { try await task.value }
        #expect(server.totalRequests == 0)
    }

    @Test func truncatedBodyIsATransportError() async throws {
        defer { server.stop() }
        server.route("/cut", ScriptedResponse.ok(Data(repeating: 0x41, count: 10_000)).truncated(after: 100))
        let url = server.url("/cut")

        let error = await #expect(throws: NetworkError.self) {
            try await client.send(HTTPRequest(url: url))
        }

        // Darwin reports networkConnectionLost; Linux Foundation passes libcurl's "transfer
        // closed with 9900 bytes remaining to read" with code -1. Either way: not a success.
        guard case .transport(let failedURL, _, let message) = error else {
            Issue.record("expected a transport error, got \(String(describing: error))")
            return
        }
        #expect(failedURL == url)
        #expect(!message.isEmpty)
        #expect(error?.isTransient == true)
    }

    @Test func connectionResetIsATransportError() async throws {
        defer { server.stop() }
        server.route("/reset", ScriptedResponse.json("{}").reset())
        let error = await #expect(throws: NetworkError.self) {
            try await client.send(HTTPRequest(url: server.url("/reset"), method: .post, body: Data("x".utf8)))
        }
        guard case .transport = error else {
            Issue.record("expected a transport error, got \(String(describing: error))")
            return
        }
    }

    @Test func refusedConnectionIsATransportError() async throws {
        let url = server.url("/anything")
        server.stop()
        let error = await #expect(throws: NetworkError.self) {
            try await client.send(HTTPRequest(url: url, timeout: .seconds(5)))
        }
        guard case .transport(_, let code, _) = error else {
            Issue.record("expected a transport error, got \(String(describing: error))")
            return
        }
        #expect(code == URLError.cannotConnectToHost.rawValue)
    }

    @Test(arguments: [false, true])
    func bodyOverLimitIsTooLarge(chunked: Bool) async throws {
        defer { server.stop() }
        let big = ScriptedResponse.ok(Data(repeating: 0x42, count: 200_000))
        server.route("/big", chunked ? big.dribbled(chunkSize: 16_384, every: .zero) : big)
        let url = server.url("/big")

        let error = await #expect(throws: NetworkError.self) {
            try await client.send(HTTPRequest(url: url, maxResponseBytes: 10_000))
        }

        #expect(error == .tooLarge(url: url, limit: 10_000))
        #expect(error?.isTransient == false)
    }

    @Test func bodyAtTheLimitIsAccepted() async throws {
        defer { server.stop() }
        server.route("/exact", .ok(Data(repeating: 1, count: 10_000)))
        let response = try await client.send(HTTPRequest(url: server.url("/exact"), maxResponseBytes: 10_000))
        #expect(response.body.count == 10_000)
    }

    @Test(arguments: ["ftp://example.com/feed.json", "file:///etc/hosts", "mailto:someone@example.com", "http:///no-host"])
    func unsupportedURLIsInvalidURL(text: String) async throws {
        defer { server.stop() }
        let url = try #require(URL(string: text))
        await #expect(throws: NetworkError.invalidURL(text)) {
            try await client.send(HTTPRequest(url: url))
        }
    }

    @Test func concurrentRequestsRunInParallel() async throws {
        defer { server.stop() }
        server.route("/slowish", ScriptedResponse.json("{}").delayed(by: .milliseconds(300)))
        let client = self.client
        let url = server.url("/slowish")
        try await withThrowingTaskGroup(of: Int.self) { group in
            for _ in 0..<4 {
                group.addTask { try await client.send(HTTPRequest(url: url)).status }
            }
            for try await status in group { #expect(status == 200) }
        }
        #expect(server.totalRequests == 4)
        #expect(server.maxConcurrentRequests >= 2)
    }
}
