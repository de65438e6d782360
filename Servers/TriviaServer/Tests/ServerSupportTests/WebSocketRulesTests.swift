import ServerSupport
import Testing
import TriviaServerTestSupport

/// RFC 6455's rules on a guarded server's WebSocket, with real frames written byte by byte.
@Suite("ServerSupport: RFC 6455 rules on real sockets", .timeLimit(.minutes(2)))
struct WebSocketRulesTests {
    /// Opens `/ws` and returns the connection once the `101` arrived.
    static func upgraded(_ server: GuardedTestServer) async throws -> RawConnection {
        let connection = try await RawConnection.open(port: server.port)
        try await connection.send(ClientFrame.upgradeRequest())
        guard await connection.waitFor(text: "\r\n\r\n"), connection.receivedText.hasPrefix("HTTP/1.1 101") else {
            throw RawConnection.Failure("no upgrade: \(connection.receivedText)")
        }
        return connection
    }

    @Test("masked UTF-8 text, whole or split mid-character across fragments, is echoed")
    func validText() async throws {
        let server = try await GuardedTestServer.start(limits: ConnectionGuardConfigs.relaxed)
        let connection = try await Self.upgraded(server)
        try await connection.send(ClientFrame.frame(opcode: 1, Array("héllo".utf8)))
        #expect(await connection.waitFor(text: "héllo"))
        let bytes = Array("ça va".utf8)  // ç is two bytes: the first fragment ends inside it
        try await connection.send(ClientFrame.frame(opcode: 1, [bytes[0]], fin: false) + ClientFrame.frame(opcode: 0, Array(bytes[1...])))
        #expect(await connection.waitFor(text: "ça va"))
        #expect(!connection.isClosed)
        connection.close()
        try await server.stop()
    }

    @Test("an unmasked client frame closes with 1002, and is never echoed")
    func unmasked() async throws {
        let server = try await GuardedTestServer.start(limits: ConnectionGuardConfigs.relaxed)
        let connection = try await Self.upgraded(server)
        try await connection.send(ClientFrame.frame(opcode: 1, Array("bare".utf8), masked: false))
        #expect(await connection.closed(within: 5))
        #expect(ClientFrame.closeCode(in: connection.received) == 1002, "\(connection.received)")
        #expect(!connection.receivedText.contains("bare"))
        try await server.stop()
    }

    @Test("text that is not UTF-8 closes with 1007: in one frame, and across fragments")
    func invalidText() async throws {
        let server = try await GuardedTestServer.start(limits: ConnectionGuardConfigs.relaxed)
        let whole = try await Self.upgraded(server)
        try await whole.send(ClientFrame.frame(opcode: 1, [0x7B, 0xC3, 0x28, 0x7D]))
        #expect(await whole.closed(within: 5))
        #expect(ClientFrame.closeCode(in: whole.received) == 1007)
        // A message ending in the middle of a character, the last fragment being fine on its own.
        let split = try await Self.upgraded(server)
        try await split.send(ClientFrame.frame(opcode: 1, [0x61], fin: false) + ClientFrame.frame(opcode: 0, [0x62, 0xE2, 0x82]))
        #expect(await split.closed(within: 5))
        #expect(ClientFrame.closeCode(in: split.received) == 1007)
        // A surrogate (ED A0 80) is not UTF-8 either.
        let surrogate = try await Self.upgraded(server)
        try await surrogate.send(ClientFrame.frame(opcode: 1, [0xED, 0xA0, 0x80]))
        #expect(await surrogate.closed(within: 5))
        #expect(ClientFrame.closeCode(in: surrogate.received) == 1007)
        try await server.stop()
    }
}

enum ConnectionGuardConfigs {
    static let relaxed = ConnectionGuardLimits(headerTimeout: .seconds(5), maxConnectionsPerClient: 32, maxConnections: 200)
}
