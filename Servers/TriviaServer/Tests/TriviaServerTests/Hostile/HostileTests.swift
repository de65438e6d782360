import Foundation
import ServerSupport
import Testing
import Trivia
import TriviaHost
import TriviaServer
import TriviaServerTestSupport

/// The Trivia server against hostile clients over real sockets (127.0.0.2 is a second client
/// address on this machine). Each test fails when the protection it names is taken away; the
/// limits are short so that the mechanism shows in seconds (the defaults are in
/// Docs/TriviaServer.md).
@Suite("Server: hostile clients", .timeLimit(.minutes(2)))
struct HostileTests {
    static let socketPath = SocketPath.path(for: ServerHarness.competition)

    static func request(_ path: String, host: String = "127.0.0.1", token: String? = nil) -> String {
        "GET \(path) HTTP/1.1\r\nHost: \(host)\r\n" + (token.map { "Authorization: Bearer \($0)\r\n" } ?? "") + "\r\n"
    }

    /// The status of the first response on `connection`, once its head arrived.
    static func status(of connection: RawConnection) async -> Int? {
        guard await connection.waitFor(text: "\r\n\r\n") else { return nil }
        return connection.receivedText.split(separator: " ").dropFirst().first.flatMap { Int($0) }
    }

    static func get(_ port: Int, _ path: String, from local: String = "127.0.0.1", host: String = "127.0.0.1", token: String? = nil)
        async throws -> (status: Int?, text: String)
    {
        let connection = try await RawConnection.open(port: port, from: local)
        defer { connection.close() }
        try await connection.send(request(path, host: host, token: token))
        let status = await status(of: connection)
        _ = await connection.waitFor(text: "}")
        return (status, connection.receivedText)
    }

    @Test("200 half-sent and 200 silent connections are all closed at the header deadline; the server answers meanwhile")
    func slowloris() async throws {
        let harness = try await ServerHarness.start { configuration in
            configuration.guardLimits = ConnectionGuardLimits(headerTimeout: .seconds(2), maxConnectionsPerClient: 250)
        }
        var attackers: [RawConnection] = []
        for _ in 0..<200 { attackers.append(try await RawConnection.open(port: harness.port, from: "127.0.0.2")) }
        for _ in 0..<200 {
            let half = try await RawConnection.open(port: harness.port, from: "127.0.0.3")
            try await half.send("GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Pad: ")
            attackers.append(half)
        }
        let health = try await Self.get(harness.port, "/health")
        #expect(health.status == 200, "an honest request is served during the attack")
        let start = ContinuousClock.now
        for connection in attackers { #expect(await connection.closed(within: 40)) }
        #expect(ContinuousClock.now - start < .seconds(40))
        #expect(await eventually { harness.server.connectionGuard.clientCount == 0 }, "every connection given back")
        try await harness.stop()
    }

    @Test("a client at its connection cap does not stop a second client from being served")
    func perClientCap() async throws {
        let harness = try await ServerHarness.start { configuration in
            configuration.guardLimits = ConnectionGuardLimits(headerTimeout: .seconds(30), maxConnectionsPerClient: 20)
        }
        var held: [RawConnection] = []
        for _ in 0..<20 { held.append(try await RawConnection.open(port: harness.port, from: "127.0.0.2")) }
        // The server admits connections on its event loops, not in the order they connected: the
        // one over the cap is the 21st only once all twenty are counted (as ConnectionGuardTests waits).
        try #require(await eventually { harness.server.connectionGuard.openConnections(from: ClientAddress("127.0.0.2")) == 20 })
        let over = try await RawConnection.open(port: harness.port, from: "127.0.0.2")
        #expect(await over.closed(within: 5), "the 21st connection of 127.0.0.2 is closed at once")
        #expect((try await Self.get(harness.port, "/health", from: "127.0.0.1")).status == 200)
        let player = try await ConformanceTests.joined(harness, as: "ada")
        #expect(!player.isClosed)
        await player.close()
        for connection in held { connection.close() }
        try await harness.stop()
    }

    @Test("300 wrong tokens in 30 s from one address meet 429 with Retry-After; a right token from another address is served")
    func tokenGuessing() async throws {
        let harness = try await ServerHarness.start()
        var statuses: [Int: Int] = [:]
        var retryAfter: String?
        let start = ContinuousClock.now
        for guess in 0..<300 {
            let response = try await Self.get(harness.port, "/v1/users/ada/wildcards", from: "127.0.0.2", token: "t-guess-\(guess)")
            statuses[response.status ?? 0, default: 0] += 1
            if response.status == 429, retryAfter == nil {
                retryAfter = response.text.components(separatedBy: "\r\n").first { $0.lowercased().hasPrefix("retry-after:") }
                #expect(response.text.contains(#""code":"tooManyAttempts""#), "\(response.text)")
            }
        }
        #expect(ContinuousClock.now - start < .seconds(30))
        #expect(statuses[401] == unslowedThrottle.refuseAfter && statuses[429] == 300 - unslowedThrottle.refuseAfter, "\(statuses)")
        #expect(retryAfter.flatMap { Int($0.split(separator: ":")[1].trimmingCharacters(in: .whitespaces)) }.map { $0 >= 1 } == true)
        let honest = try await Self.get(harness.port, "/v1/users/ada/wildcards", from: "127.0.0.1", token: "t-ada")
        #expect(honest.status == 200 && honest.text.contains(#""balance":2"#), "\(honest.text)")
        try await harness.stop()
    }

    @Test("bad tokens at join from one address are refused with tooManyAttempts and 4429; another address still joins")
    func joinGuessing() async throws {
        let harness = try await ServerHarness.start()
        for guess in 0..<unslowedThrottle.refuseAfter {
            let client = try await ConformanceTests.open(harness)
            try await client.send(ConformanceTests.join("ada", id: "guess-\(guess)", token: "t-guess-\(guess)"))
            #expect(try await client.next("error").errorCode == "unauthorized")
            #expect(await client.closed()?.code == 4401)
        }
        let refused = try await ConformanceTests.open(harness)
        try await refused.send(ConformanceTests.join("ada", id: "right-but-late"))
        let error = try await refused.next("error")
        #expect(error.errorCode == "tooManyAttempts" && error.ref == .some("right-but-late"), "\(error)")
        let close = await refused.closed()
        #expect(close?.code == 4429 && close?.reason == "tooManyAttempts")
        // The same client from another address: a raw socket from 127.0.0.2, masked frames.
        let other = try await RawConnection.open(port: harness.port, from: "127.0.0.2")
        try await other.send(ClientFrame.upgradeRequest(path: Self.socketPath))
        #expect(await other.waitFor(text: "101"))
        try await other.send(ClientFrame.frame(opcode: 1, Array(ConformanceTests.join("grace", id: "j-other").utf8)))
        #expect(await other.waitFor(text: #""type":"welcome""#))
        other.close()
        try await harness.stop()
    }

    @Test("DNS rebinding: a request and an upgrade whose Host (and Origin) is a foreign name are refused")
    func dnsRebinding() async throws {
        let harness = try await ServerHarness.start()
        let foreign = "attacker.example:\(harness.port)"
        let refused = try await Self.get(harness.port, "/health", host: foreign)
        #expect(refused.status == 421 && refused.text.contains("misdirectedRequest"), "\(refused.text)")
        let balance = try await Self.get(harness.port, "/v1/users/ada/wildcards", host: foreign, token: "t-ada")
        #expect(balance.status == 421)
        let upgrade = try await RawConnection.open(port: harness.port)
        try await upgrade.send(ClientFrame.upgradeRequest(path: Self.socketPath, host: foreign, origin: "http://\(foreign)"))
        #expect(await Self.status(of: upgrade) == 400)
        #expect((try await Self.get(harness.port, "/health", host: "localhost:\(harness.port)")).status == 200)
        try await harness.stop()
    }

    @Test("a guessed guest token joined from a foreign Origin fails, and the victim's tab is not replaced")
    func foreignOrigin() async throws {
        let guests = try TriviaAccounts(
            (1...3).map { TriviaAccount(user: UserID("guest-\($0)"), displayName: "Guest \($0)", token: "t-guest-\($0)", balance: 1) })
        let harness = try await ServerHarness.start(accounts: guests) { configuration in
            configuration.allowedOrigins = ["http://127.0.0.1:8080"]
        }
        let victim = try await ConformanceTests.joined(harness, as: "guest-1")
        for origin in ["http://evil.example", "null", "http://127.0.0.1.evil.example:8080"] {
            let attacker = try await RawConnection.open(port: harness.port)
            try await attacker.send(ClientFrame.upgradeRequest(path: Self.socketPath, origin: origin))
            #expect(await Self.status(of: attacker) == 400, "\(origin): \(attacker.receivedText)")
            attacker.close()
        }
        let page = try await RawConnection.open(port: harness.port)
        try await page.send(ClientFrame.upgradeRequest(path: Self.socketPath, origin: "http://127.0.0.1:8080"))
        #expect(await page.waitFor(text: "101"), "the embedding server's own page may open the socket")
        page.close()
        try await victim.send(ConformanceTests.ping("still-here"))
        #expect(try await victim.next("pong").payload?["nonce"] as? String == "still-here")
        await victim.close()
        try await harness.stop()
    }

    @Test("seats handed out while the server runs have tokens nobody can guess, and join as themselves")
    func seats() async throws {
        let seats = TriviaSeats(count: 2)
        let first = try #require(seats.claim())
        let second = try #require(seats.claim())
        #expect(seats.claim() == nil, "two seats, claimed once each")
        #expect(first.token.count == 32 && first.token != second.token && first.user == "guest-1")
        #expect(seats.identity(forToken: "t-guest-1") == nil && seats.identity(forToken: second.token)?.user == "guest-2")
        #expect(seats.balances == ["guest-1": 1, "guest-2": 1])
    }

    /// Opens the socket from 127.0.0.2 and returns the connection after the `101`.
    static func rawSocket(_ harness: ServerHarness) async throws -> RawConnection {
        let connection = try await RawConnection.open(port: harness.port, from: "127.0.0.2")
        try await connection.send(ClientFrame.upgradeRequest(path: socketPath))
        guard await connection.waitFor(text: "\r\n\r\n"), connection.receivedText.hasPrefix("HTTP/1.1 101") else {
            throw RawConnection.Failure("no upgrade: \(connection.receivedText)")
        }
        return connection
    }

    @Test("text that is not UTF-8 closes the socket with 1007, an unmasked frame with 1002, before the host reads either")
    func frameRules() async throws {
        let harness = try await ServerHarness.start()
        let text = try await Self.rawSocket(harness)
        var join = Array(ConformanceTests.join("ada", id: "j-bad-utf8").utf8)
        join[10] = 0xC3  // inside the id: not followed by a continuation byte
        try await text.send(ClientFrame.frame(opcode: 1, join))
        #expect(await text.closed(within: 10))
        #expect(ClientFrame.closeCode(in: text.received) == 1007)
        let unmasked = try await Self.rawSocket(harness)
        try await unmasked.send(ClientFrame.frame(opcode: 1, Array(ConformanceTests.join("ada", id: "j-bare").utf8), masked: false))
        #expect(await unmasked.closed(within: 10))
        #expect(ClientFrame.closeCode(in: unmasked.received) == 1002)
        #expect(!unmasked.receivedText.contains("welcome"), "the host never saw the join")
        try await harness.stop()
    }
}
