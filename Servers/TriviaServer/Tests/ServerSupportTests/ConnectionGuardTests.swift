import ServerSupport
import Testing
import TriviaServerTestSupport

/// The guard over real sockets, with short limits (the mechanism, not the defaults): each test
/// fails when its protection is taken out of ``ConnectionGuardHandler`` or ``GuardedChildChannel``.
@Suite("ServerSupport: connection guard over real sockets", .timeLimit(.minutes(2)))
struct ConnectionGuardTests {
    static let limits = ConnectionGuardLimits(
        headerTimeout: .seconds(1), bodyTimeout: .seconds(1), maxConnectionsPerClient: 8, maxConnections: 200)

    @Test("a silent connection, a half-sent head and a trickled head are closed at the header deadline; an honest GET is served")
    func headDeadline() async throws {
        let server = try await GuardedTestServer.start(limits: Self.limits)
        let silent = try await RawConnection.open(port: server.port)
        let half = try await RawConnection.open(port: server.port)
        try await half.send("GET /hello HTTP/1.1\r\nHost: 127.0.0.1\r\n")
        let trickle = try await RawConnection.open(port: server.port)
        let trickling = Task {
            for byte in "GET /hello HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: 1\r\n".utf8 {
                guard !trickle.isClosed else { return }
                try? await trickle.send([byte])
                try? await Task.sleep(for: .milliseconds(100))
            }
        }
        let honest = try await RawConnection.open(port: server.port)
        try await honest.send("GET /hello HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        #expect(await honest.waitFor(text: "hello"))
        for (name, connection) in [("silent", silent), ("half-sent", half), ("trickled", trickle)] {
            #expect(await connection.closed(within: 5), "\(name) connection still open")
        }
        trickling.cancel()
        #expect(!trickle.receivedText.contains("200"), "the trickled request was never answered")
        honest.close()
        try await server.stop()
    }

    @Test("a kept-alive connection owes its next head within the deadline too")
    func keptAliveHead() async throws {
        let limits = ConnectionGuardLimits(headerTimeout: .seconds(2), maxConnectionsPerClient: 8, maxConnections: 200)
        let server = try await GuardedTestServer.start(limits: limits)
        let connection = try await RawConnection.open(port: server.port)
        // Each answer restarts the deadline: three requests 1.2 s apart (3.6 s in all) are served.
        for _ in 0..<3 {
            let before = connection.received.count
            try await connection.send("GET /hello HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
            #expect(await connection.waitForBytes(before + 1))
            try await Task.sleep(for: .milliseconds(1200))
        }
        #expect(!connection.isClosed)
        try await connection.send("GET /hello HTTP/1.1\r\nHost: 127")
        #expect(await connection.closed(within: 5))
        try await server.stop()
    }

    @Test("a body that trickles is closed at the body deadline; a whole one, chunked or not, is read")
    func bodyDeadline() async throws {
        let server = try await GuardedTestServer.start(limits: Self.limits)
        let whole = try await RawConnection.open(port: server.port)
        try await whole.send("POST /echo HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 5\r\n\r\nhello")
        #expect(await whole.waitFor(text: "\r\n\r\nhello"))
        let chunked = try await RawConnection.open(port: server.port)
        try await chunked.send(
            "POST /echo HTTP/1.1\r\nHost: 127.0.0.1\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabc\r\n2\r\nde\r\n0\r\n\r\n")
        #expect(await chunked.waitFor(text: "abcde"))
        let slow = try await RawConnection.open(port: server.port)
        try await slow.send("POST /echo HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 1000\r\n\r\nab")
        let slowChunks = try await RawConnection.open(port: server.port)
        try await slowChunks.send("POST /echo HTTP/1.1\r\nHost: 127.0.0.1\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabc\r\n")
        #expect(await slow.closed(within: 5))
        #expect(await slowChunks.closed(within: 5))
        whole.close()
        chunked.close()
        try await server.stop()
    }

    @Test("a client at its connection cap has more closed at once; a second client is still served")
    func perClientCap() async throws {
        let limits = ConnectionGuardLimits(headerTimeout: .seconds(30), maxConnectionsPerClient: 8, maxConnections: 200)
        let server = try await GuardedTestServer.start(limits: limits)
        var held: [RawConnection] = []
        for _ in 0..<8 { held.append(try await RawConnection.open(port: server.port)) }
        #expect(await eventuallyTrue { server.connectionGuard.openConnections(from: ClientAddress("127.0.0.1")) == 8 })
        let over = try await RawConnection.open(port: server.port)
        #expect(await over.closed(within: 3), "the ninth connection of 127.0.0.1 is closed")
        let other = try await RawConnection.open(port: server.port, from: "127.0.0.2")
        try await other.send("GET /hello HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        #expect(await other.waitFor(text: "hello"), "127.0.0.2 is served: \(other.receivedText)")
        // A connection given back makes room.
        held[0].close()
        #expect(await eventuallyTrue { server.connectionGuard.openConnections(from: ClientAddress("127.0.0.1")) == 7 })
        let again = try await RawConnection.open(port: server.port)
        try await again.send("GET /hello HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        #expect(await again.waitFor(text: "hello"))
        for connection in held + [other, again] { connection.close() }
        #expect(await eventuallyTrue { server.connectionGuard.clientCount == 0 }, "every count given back")
        try await server.stop()
    }
}

/// Polls `condition` for up to 5 s.
func eventuallyTrue(_ condition: @Sendable () -> Bool) async -> Bool {
    for _ in 0..<250 {
        if condition() { return true }
        try? await Task.sleep(for: .milliseconds(20))
    }
    return condition()
}
