import Foundation
import SharedNetworking
import TestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The test server itself: other suites trust what it counts, so its HTTP handling, its
/// bookkeeping and its shutdown are tested here, at the byte level where a client would hide
/// the details.
@Suite struct LoopbackHTTPServerTests {
    let server: LoopbackHTTPServer

    init() throws {
        server = try LoopbackHTTPServer()
    }

    func connect() throws -> RawHTTPConnection {
        try RawHTTPConnection(port: server.port)
    }

    @Test func listensOnLoopbackWithAnEphemeralPort() throws {
        defer { server.stop() }
        #expect(server.port > 0)
        #expect(server.baseURL.absoluteString == "http://127.0.0.1:\(server.port)")
        #expect(server.url("feed.json?x=1").absoluteString == "http://127.0.0.1:\(server.port)/feed.json?x=1")
    }

    @Test func sequenceRouteRepeatsItsLastResponse() async throws {
        defer { server.stop() }
        server.route("/seq", responses: [.status(500), .status(502), .text("ok")])
        let client = URLSessionHTTPClient(configuration: .ephemeral)
        var statuses: [Int] = []
        for _ in 0..<5 {
            let response = try await client.send(HTTPRequest(url: server.url("/seq"), acceptableStatus: 100..<600))
            statuses.append(response.status)
        }
        #expect(statuses == [500, 502, 200, 200, 200])
        #expect(server.requestCount("/seq") == 5)
        #expect(server.requests.map(\.sequence) == [0, 1, 2, 3, 4])
    }

    @Test func unknownPathIs404AndStillRecorded() throws {
        defer { server.stop() }
        let connection = try connect()
        connection.send("GET /nowhere?x=1 HTTP/1.1\r\nHost: test\r\n\r\n")
        let response = try #require(connection.responses(1).first)
        #expect(response.hasPrefix("HTTP/1.1 404 "))
        #expect(response.hasSuffix("no route for /nowhere"))
        #expect(server.requestCount("/nowhere") == 1)
        #expect(server.requests.first?.query == "x=1")
    }

    @Test func pipelinedRequestsAreAnsweredInOrderOnOneConnection() throws {
        defer { server.stop() }
        server.route("/a", .text("first"))
        server.route("/b") { request in .text("second:\(request.body.count)") }
        let connection = try connect()
        connection.send(
            "GET /a HTTP/1.1\r\nHost: t\r\n\r\nPOST /b HTTP/1.1\r\nHost: t\r\nContent-Length: 3\r\n\r\nxyzGET /a HTTP/1.1\r\nHost: t\r\n\r\n"
        )
        let responses = connection.responses(3)
        #expect(responses.count == 3)
        #expect(responses.map { $0.split(separator: "\r\n").last.map(String.init) } == ["first", "second:3", "first"])
        #expect(server.requests.map(\.path) == ["/a", "/b", "/a"])
        #expect(Set(server.requests.map(\.connection)).count == 1)
        #expect(server.requests[1].body == Data("xyz".utf8))
    }

    @Test func http10ClosesAfterTheResponse() throws {
        defer { server.stop() }
        server.route("/old", .text("legacy"))
        let connection = try connect()
        connection.send("GET /old HTTP/1.0\r\n\r\n")
        let text = String(decoding: connection.readToEnd(), as: UTF8.self)
        #expect(connection.closedByPeer)
        #expect(text.hasPrefix("HTTP/1.1 200 "))
        #expect(text.contains("Connection: close\r\n"))
        #expect(text.hasSuffix("legacy"))
    }

    @Test func connectionCloseIsHonoured() throws {
        defer { server.stop() }
        server.route("/bye", .text("bye"))
        let connection = try connect()
        connection.send("GET /bye HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n")
        let text = String(decoding: connection.readToEnd(), as: UTF8.self)
        #expect(connection.closedByPeer)
        #expect(text.hasSuffix("\r\n\r\nbye"))
    }

    @Test func malformedRequestGets400AndClose() throws {
        defer { server.stop() }
        let connection = try connect()
        connection.send("HELLO\r\n\r\n")
        let text = String(decoding: connection.readToEnd(), as: UTF8.self)
        #expect(text.hasPrefix("HTTP/1.1 400 "))
        #expect(connection.closedByPeer)
        #expect(server.totalRequests == 0)
    }

    @Test func chunkedRequestBodyIsDecoded() throws {
        defer { server.stop() }
        server.route("/upload", .status(204))
        let connection = try connect()
        connection.send(
            "POST /upload HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n7;ext=1\r\n, world\r\n0\r\nX-Trailer: 1\r\n\r\n"
        )
        #expect(connection.responses(1).first?.hasPrefix("HTTP/1.1 204 ") == true)
        #expect(server.requests.first?.body == Data("hello, world".utf8))
    }

    @Test func expectContinueIsAnswered() throws {
        defer { server.stop() }
        server.route("/big-upload") { request in .text("got \(request.body.count)") }
        let connection = try connect()
        connection.send("PUT /big-upload HTTP/1.1\r\nHost: t\r\nContent-Length: 4\r\nExpect: 100-continue\r\n\r\n")
        let interim = connection.responses(1)
        #expect(interim.first == "HTTP/1.1 100 Continue\r\n\r\n")
        connection.send("abcd")
        let responses = connection.responses(2)
        #expect(responses.count == 2)
        #expect(responses.last?.hasSuffix("got 4") == true)
    }

    @Test func headGetsLengthButNoBody() throws {
        defer { server.stop() }
        server.route("/doc", .text("0123456789"))
        let connection = try connect()
        connection.send("HEAD /doc HTTP/1.1\r\nHost: t\r\n\r\nGET /doc HTTP/1.1\r\nHost: t\r\n\r\n")
        let data = connection.receive { String(decoding: $0, as: UTF8.self).hasSuffix("0123456789") }
        let text = String(decoding: data, as: UTF8.self)
        // The HEAD response announces 10 bytes but sends none: the next bytes are the GET's head.
        #expect(text.components(separatedBy: "Content-Length: 10\r\n").count == 3)
        #expect(text.components(separatedBy: "0123456789").count == 2)
    }

    @Test func truncatedResponseAnnouncesTheFullLength() throws {
        defer { server.stop() }
        server.route("/cut", ScriptedResponse.ok(Data(repeating: 0x61, count: 1000)).truncated(after: 10))
        let connection = try connect()
        connection.send("GET /cut HTTP/1.1\r\nHost: t\r\n\r\n")
        let text = String(decoding: connection.readToEnd(), as: UTF8.self)
        #expect(connection.closedByPeer)
        #expect(text.contains("Content-Length: 1000\r\n"))
        #expect(text.hasSuffix("\r\n\r\n" + String(repeating: "a", count: 10)))
    }

    @Test func dribbledBodyIsChunked() throws {
        defer { server.stop() }
        server.route("/drip", ScriptedResponse.text("abcdefg").dribbled(chunkSize: 3, every: .milliseconds(5)))
        let connection = try connect()
        connection.send("GET /drip HTTP/1.1\r\nHost: t\r\n\r\n")
        let text = String(decoding: connection.receive { String(decoding: $0, as: UTF8.self).hasSuffix("0\r\n\r\n") }, as: UTF8.self)
        #expect(text.contains("Transfer-Encoding: chunked\r\n"))
        #expect(!text.contains("Content-Length"))
        #expect(text.hasSuffix("\r\n\r\n3\r\nabc\r\n3\r\ndef\r\n1\r\ng\r\n0\r\n\r\n"))
    }

    @Test func clientClosingDuringDelayIsCounted() async throws {
        defer { server.stop() }
        server.route("/wait", ScriptedResponse.text("late").delayed(by: .seconds(600)))
        let connection = try connect()
        connection.send("GET /wait HTTP/1.1\r\nHost: t\r\n\r\n")
        try #require(await eventually { server.inFlightRequests == 1 })
        #expect(server.closedByClientCount == 0)

        connection.close()

        try #require(await eventually { server.closedByClientCount == 1 && server.inFlightRequests == 0 && server.openConnections == 0 })
    }

    @Test func pipelinedBytesDoNotLookLikeAClose() async throws {
        defer { server.stop() }
        server.route("/wait", ScriptedResponse.text("late").delayed(by: .milliseconds(200)))
        let connection = try connect()
        connection.send("GET /wait HTTP/1.1\r\nHost: t\r\n\r\nGET /wait HTTP/1.1\r\nHost: t\r\n\r\n")
        let responses = connection.responses(2)
        #expect(responses.count == 2)
        #expect(server.closedByClientCount == 0)
    }

    @Test func concurrencyIsMeasured() async throws {
        defer { server.stop() }
        server.route("/slow", ScriptedResponse.text("x").delayed(by: .seconds(600)))
        let connections = try (0..<3).map { _ in try connect() }
        for connection in connections { connection.send("GET /slow HTTP/1.1\r\nHost: t\r\n\r\n") }
        try #require(await eventually { server.inFlightRequests == 3 })
        #expect(server.maxConcurrentRequests == 3)
        #expect(server.connectionCount == 3)
        for connection in connections { connection.close() }
        try #require(await eventually { server.inFlightRequests == 0 })
        #expect(server.maxConcurrentRequests == 3)
    }

    @Test func stopEndsEveryConnectionAndThreadPromptly() async throws {
        server.route("/slow", ScriptedResponse.text("x").delayed(by: .seconds(600)))
        server.route("/ok", .text("ok"))
        let idle = try connect()
        idle.send("GET /ok HTTP/1.1\r\nHost: t\r\n\r\n")
        #expect(idle.responses(1).count == 1)
        let waiting = try connect()
        waiting.send("GET /slow HTTP/1.1\r\nHost: t\r\n\r\n")
        try #require(await eventually { server.inFlightRequests == 1 && server.openConnections == 2 })

        let start = ContinuousClock.now
        server.stop()
        let stopping = ContinuousClock.now - start

        #expect(stopping < .seconds(5))
        #expect(server.activeThreads == 0)
        #expect(server.openConnections == 0)
        idle.discardReceived()
        #expect(idle.readToEnd(timeout: .seconds(5)).isEmpty)
        #expect(idle.closedByPeer)
        #expect(waiting.readToEnd(timeout: .seconds(5)).isEmpty)
        #expect(waiting.closedByPeer)
        server.stop()  // idempotent
        #expect(server.activeThreads == 0)
    }

    @Test func releasingTheServerStopsIt() throws {
        var server: LoopbackHTTPServer? = try LoopbackHTTPServer()
        weak let released = server
        let port = try #require(server?.port)
        server?.route("/ok", .text("ok"))
        let connection = try RawHTTPConnection(port: port)
        connection.send("GET /ok HTTP/1.1\r\nHost: t\r\n\r\n")
        #expect(connection.responses(1).count == 1)
        connection.discardReceived()

        server = nil

        #expect(released == nil)
        #expect(connection.readToEnd(timeout: .seconds(5)).isEmpty)
        #expect(connection.closedByPeer)
    }

    /// Swift Testing runs suites in parallel; many servers at once must neither collide nor hang.
    @Test func manyServersInParallel() async throws {
        defer { server.stop() }
        try await withThrowingTaskGroup(of: Int.self) { group in
            for index in 0..<12 {
                group.addTask {
                    let server = try LoopbackHTTPServer()
                    defer { server.stop() }
                    server.route("/n", .text("\(index)"))
                    let client = URLSessionHTTPClient(configuration: .ephemeral)
                    for _ in 0..<4 {
                        let body = try await client.send(HTTPRequest(url: server.url("/n"))).body
                        #expect(body == Data("\(index)".utf8))
                    }
                    return server.totalRequests
                }
            }
            var total = 0
            for try await count in group { total += count }
            #expect(total == 48)
        }
    }

    /// URLSession on Linux reaches `[::1]` through `localhost`, which libcurl also tries as
    /// 127.0.0.1 at the same port: while an IPv6 server runs, no other server may listen there
    /// (once one did, and answered another test's request with a 404).
    @Test func anIPv6ServerHoldsItsPortOn127001() throws {
        defer { server.stop() }
        let ipv6 = try LoopbackHTTPServer(ipv6: true)
        #expect(!LoopbackProbe.canListenOnIPv4(port: ipv6.port), "another server could take 127.0.0.1:\(ipv6.port)")
        #expect(throws: LoopbackServerError.self) { try RawHTTPConnection(port: ipv6.port) }
        ipv6.stop()
        #expect(LoopbackProbe.canListenOnIPv4(port: ipv6.port), "the port is given back on stop")
    }
}
