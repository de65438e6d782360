import Foundation
import TestSupport
import Testing

@testable import SharedNetworking

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `SocketHTTPClient` against the real loopback server: framing, content coding, redirects,
/// keep-alive, limits, timeouts and cancellation, and errors with URLSession's codes.
@Suite struct SocketHTTPClientTests {
    let server: LoopbackHTTPServer
    let client = SocketHTTPClient(secure: OfflineHTTPClient(reason: "https is not expected here"))

    init() throws {
        server = try LoopbackHTTPServer()
    }

    /// `count` bytes that are not all alike, so a misplaced chunk shows.
    static func pattern(_ count: Int) -> Data {
        Data((0..<count).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 >> 8) })
    }

    @Test func contentLengthBody() async throws {
        defer { server.stop() }
        let body = Self.pattern(300_000)
        server.route("/file", .ok(body))
        let response = try await client.send(HTTPRequest(url: server.url("/file?x=1")))
        #expect(response.status == 200)
        #expect(response.body == body)
        #expect(response.url == server.url("/file?x=1"))
        let request = try #require(server.requests.first)
        #expect(request.query == "x=1")
        #expect(request.headers["Host"] == "127.0.0.1:\(server.port)")
        #expect(request.headers["Accept-Encoding"] == "gzip, deflate")
    }

    @Test("a chunked body in small chunks is reassembled, byte for byte")
    func chunkedBody() async throws {
        defer { server.stop() }
        let body = Self.pattern(1_000_003)
        var response = ScriptedResponse.ok(body)
        response.chunkSize = 997
        server.route("/chunked", response)
        #expect(try await client.send(HTTPRequest(url: server.url("/chunked"))).body == body)
    }

    @Test func gzipBodyIsDecoded() async throws {
        defer { server.stop() }
        // "hello, gzip\n" compressed by Python's gzip.compress(mtime=0).
        let gzip = Data(
            [
                0x1f, 0x8b, 0x08, 0x00, 0x00, 0x00, 0x00, 0x00, 0x02, 0x03, 0xcb, 0x48, 0xcd, 0xc9, 0xc9, 0xd7, 0x51, 0x48, 0xaf, 0xca,
                0x2c,
                0xe0, 0x02, 0x00, 0x86, 0x1f, 0x82, 0xa4, 0x0c, 0x00, 0x00, 0x00,
            ])
        server.route("/gz", ScriptedResponse(status: 200, headers: ["Content-Encoding": "gzip"], body: gzip))
        let response = try await client.send(HTTPRequest(url: server.url("/gz")))
        #expect(String(decoding: response.body, as: UTF8.self) == "hello, gzip\n")
    }

    @Test func corruptGzipIsATransportError() async throws {
        defer { server.stop() }
        server.route("/gz", ScriptedResponse(status: 200, headers: ["Content-Encoding": "gzip"], body: Data("not gzip".utf8)))
        let error = await #expect(throws: NetworkError.self) { try await client.send(HTTPRequest(url: server.url("/gz"))) }
        guard case .transport(_, -1016, _) = error else {
            Issue.record("expected -1016, got \(String(describing: error))")
            return
        }
    }

    @Test func keepAliveReusesTheConnection() async throws {
        defer { server.stop() }
        server.route("/a", .json("{}"))
        for _ in 0..<3 { _ = try await client.send(HTTPRequest(url: server.url("/a"))) }
        #expect(server.totalRequests == 3)
        #expect(server.connectionCount == 1)
        #expect(client.idleConnectionCount == 1)
    }

    @Test("a pooled connection the server closed is replaced without an error")
    func stalePooledConnection() async throws {
        defer { server.stop() }
        server.route("/a", ScriptedResponse.json("{}"))
        server.route("/close", ScriptedResponse(status: 200, body: Data("x".utf8), closeConnection: true))
        _ = try await client.send(HTTPRequest(url: server.url("/a")))
        _ = try await client.send(HTTPRequest(url: server.url("/close")))  // reused, then closed by the server
        #expect(try await client.send(HTTPRequest(url: server.url("/a"))).status == 200)
        #expect(server.connectionCount == 2)
    }

    @Test func redirectsAreFollowedAndTheRequestedURLIsKept() async throws {
        defer { server.stop() }
        server.route("/old", ScriptedResponse(status: 301, headers: ["Location": "/new?v=2"]))
        server.route("/new", .json(#"{"moved":true}"#))
        let response = try await client.send(HTTPRequest(url: server.url("/old")))
        #expect(response.body == Data(#"{"moved":true}"#.utf8))
        #expect(response.url == server.url("/old"))
        #expect(server.requests.map(\.path) == ["/old", "/new"])
    }

    @Test func aRedirectLoopFailsAsSoonAsAnAddressComesBack() async throws {
        defer { server.stop() }
        server.route("/a", ScriptedResponse(status: 302, headers: ["Location": "/b"]))
        server.route("/b", ScriptedResponse(status: 307, headers: ["Location": "/a"]))
        await #expect(throws: NetworkError.redirectLoop(url: server.url("/a"), limit: 20)) {
            try await client.send(HTTPRequest(url: server.url("/a")))
        }
        #expect(server.totalRequests == 2)
    }

    @Test func aLongChainOfRedirectsStopsAtTheLimit() async throws {
        defer { server.stop() }
        for hop in 0..<10 { server.route("/\(hop)", ScriptedResponse(status: 302, headers: ["Location": "/\(hop + 1)"])) }
        let limited = SocketHTTPClient(secure: client.secure, maxRedirects: 3)
        await #expect(throws: NetworkError.redirectLoop(url: server.url("/0"), limit: 3)) {
            try await limited.send(HTTPRequest(url: server.url("/0")))
        }
        #expect(server.totalRequests == 4)
    }

    @Test func statusOutsideTheAcceptableRangeThrowsWithRetryAfter() async throws {
        defer { server.stop() }
        server.route("/busy", ScriptedResponse.status(503, body: "try later").header("Retry-After", "7"))
        await #expect(throws: NetworkError.httpStatus(code: 503, url: server.url("/busy"), bodyExcerpt: "try later", retryAfter: "7")) {
            try await client.send(HTTPRequest(url: server.url("/busy")))
        }
    }

    @Test func a304HasNoBody() async throws {
        defer { server.stop() }
        server.route("/same", ScriptedResponse(status: 304, headers: ["ETag": "\"x\""]))
        let response = try await client.send(HTTPRequest(url: server.url("/same"), acceptableStatus: 200..<305))
        #expect(response.status == 304)
        #expect(response.body.isEmpty)
        #expect(response.headers["ETag"] == "\"x\"")
    }

    @Test func aBodyCutShortIsAConnectionLostError() async throws {
        defer { server.stop() }
        server.route("/cut", ScriptedResponse.ok(Self.pattern(10_000)).truncated(after: 4_000))
        let error = await #expect(throws: NetworkError.self) { try await client.send(HTTPRequest(url: server.url("/cut"))) }
        guard case .transport(_, -1005, let message) = error else {
            Issue.record("expected -1005, got \(String(describing: error))")
            return
        }
        #expect(message.contains("4000 of 10000 bytes"))
    }

    @Test func aRefusedConnectionIsCannotConnect() async throws {
        server.stop()
        let error = await #expect(throws: NetworkError.self) { try await client.send(HTTPRequest(url: server.url("/gone"))) }
        guard case .transport(_, -1004, _) = error else {
            Issue.record("expected -1004, got \(String(describing: error))")
            return
        }
        #expect(error?.isConnectivityFailure == true)
    }

    @Test func tooLargeIsRefusedFromContentLengthAndWhileChunked() async throws {
        defer { server.stop() }
        server.route("/big", .ok(Self.pattern(50_000)))
        var chunked = ScriptedResponse.ok(Self.pattern(50_000))
        chunked.chunkSize = 1_000
        server.route("/bigchunked", chunked)
        for path in ["/big", "/bigchunked"] {
            await #expect(throws: NetworkError.tooLarge(url: server.url(path), limit: 10_000)) {
                try await client.send(HTTPRequest(url: server.url(path), maxResponseBytes: 10_000))
            }
        }
    }

    @Test("silence longer than the request's timeout is a timeout")
    func idleTimeout() async throws {
        defer { server.stop() }
        server.route("/slow", ScriptedResponse.json("{}").delayed(by: .seconds(30)))
        await #expect(throws: NetworkError.timedOut(url: server.url("/slow"))) {
            try await client.send(HTTPRequest(url: server.url("/slow"), timeout: .milliseconds(200)))
        }
    }

    @Test("cancelling the caller closes the connection at once")
    func cancellationClosesTheConnection() async throws {
        defer { server.stop() }
        server.route("/slow", ScriptedResponse.json("{}").delayed(by: .seconds(30)))
        let client = self.client
        let url = server.url("/slow")
        let task = Task { try await client.send(HTTPRequest(url: url)) }
        try #require(await eventually { server.requestCount("/slow") == 1 })
        task.cancel()
        await #expect(throws: NetworkError.cancelled) { try await task.value }
        #expect(await eventually { server.closedByClientCount == 1 })
    }

    @Test func postBodyIsSentAndA303BecomesAGet() async throws {
        defer { server.stop() }
        server.route("/form", ScriptedResponse(status: 303, headers: ["Location": "/done"]))
        server.route("/done", .json("{}"))
        _ = try await client.send(
            HTTPRequest(url: server.url("/form"), method: .post, headers: ["Content-Type": "text/plain"], body: Data("hi".utf8)))
        #expect(server.requests.map(\.method) == ["POST", "GET"])
        #expect(server.requests.first?.body == Data("hi".utf8))
        #expect(server.requests.last?.body.isEmpty == true)
    }

    @Test func anIPv6LoopbackServerIsReachedDirectly() async throws {
        server.stop()
        let ipv6 = try LoopbackHTTPServer(ipv6: true)
        defer { ipv6.stop() }
        ipv6.route("/feed", .json("{}"))
        #expect(try await client.send(HTTPRequest(url: ipv6.url("/feed"))).status == 200)
        #expect(ipv6.requests.first?.headers["Host"] == "[::1]:\(ipv6.port)")
    }

    @Test func httpsGoesToTheSecureClient() async throws {
        server.stop()
        let secure = ScriptedHTTPClient(body: Data("tls".utf8))
        let client = SocketHTTPClient(secure: secure)
        let response = try await client.send(HTTPRequest(url: URL(string: "https://feeds.example.com/a.json")!))
        #expect(response.body == Data("tls".utf8))
        #expect(secure.snapshot.requests.count == 1)
    }
}
