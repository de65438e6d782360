import Foundation
import Logging
import NIOCore
import NIOPosix
import ServerSupport
import SharedNetworking
import TestSupport
import Testing

@testable import ExercisesWeb

/// exercises-web as the trusted servers hold against hostile clients, with short limits so each
/// mechanism shows in seconds (Docs/Security.md, "exercises-web").
@Suite("exercises-web under attack", .temporaryCaches)
struct HostileClientTests {
    /// 200 silent and 200 half-sent connections are closed by the head deadline, and an honest
    /// request is answered meanwhile.
    @Test(.timeLimit(.minutes(1)))
    func silentAndHalfSentConnectionsAreClosed() async throws {
        try await withRunningWebServer(
            configure: {
                $0.connectionLimits = ConnectionGuardLimits(headerTimeout: .seconds(2), maxConnectionsPerClient: 1_000)
            },
            { _, port in
                let connections = try await withThrowingTaskGroup(of: RawConnection.self) { group in
                    for index in 0..<400 {
                        group.addTask {
                            let connection = try await RawConnection.connect(port: port)
                            if index.isMultiple(of: 2) {
                                try await connection.channel.channel.writeAndFlush(ByteBuffer(string: "GET /health HTTP/1.1\r\nHost: 127"))
                            }
                            return connection
                        }
                    }
                    return try await group.reduce(into: []) { $0.append($1) }
                }
                #expect(connections.count == 400)
                #expect(try await rawGET(port: port, "/health")?.status == 200, "an honest request waited behind them")
                let closed = await eventually(within: .seconds(40)) { connections.allSatisfy { !$0.channel.channel.isActive } }
                #expect(closed, "\(connections.filter { $0.channel.channel.isActive }.count) connections still open")
            })
    }

    /// Any site can make a browser send `GET /trivia` (an image, a link): it creates nothing, so
    /// 500 of them neither fill the server nor move anyone's seat.
    @Test(.timeLimit(.minutes(1)))
    func crossSiteRequestsCreateNoSession() async throws {
        try await withRunningWebServer { server, port in
            for index in 0..<500 {
                let answer = try await rawGET(
                    port: port, index.isMultiple(of: 2) ? "/trivia" : "/trivia/s/\(String(format: "%032x", index))",
                    headers: ["Sec-Fetch-Site": "cross-site", "Sec-Fetch-Mode": "no-cors"])
                #expect(answer?.status == 200)
            }
            #expect(await server.sessionCount == 0)
            // And a cross-site POST (a form, a fetch) is refused.
            let posted = try await rawPOST(port: port, "/trivia/s", json: "{}", headers: ["Origin": "http://evil.example"])
            #expect(posted?.status == 403)
            #expect(await server.sessionCount == 0)
        }
    }
}

/// A seat is a person's: another tab's `next-game`, sent as fast as a socket allows, moves
/// nobody but that tab (and not even it, off the final screen).
@Suite("A Trivia seat under another tab's attack", .temporaryCaches)
@MainActor
struct TriviaSeatAttackTests {
    @Test(.timeLimit(.minutes(1)))
    func aVictimTabKeepsItsPlayerThroughAnotherTabsNextGames() async throws {
        let lobby = TriviaLobbyTests.lobby()
        let running = Task { await lobby.run() }
        var context = SessionTests.context()
        context.environment.httpClient = SocketHTTPClient(secure: OfflineHTTPClient())
        context.trivia = lobby
        let victimScreen = TriviaLiveScreen(
            context: context, eventLoopGroup: MultiThreadedEventLoopGroup.singleton, logger: Logger(label: "test"))
        let attackerScreen = TriviaLiveScreen(
            context: context, eventLoopGroup: MultiThreadedEventLoopGroup.singleton, logger: Logger(label: "test"))
        let victim = LiveSession(id: "victim", exercise: .trivia, screen: victimScreen, clock: SystemClock())
        let attacker = LiveSession(id: "attacker", exercise: .trivia, screen: attackerScreen, clock: SystemClock())
        _ = victim.attach()
        var replies = attacker.attach().stream.makeAsyncIterator()
        try #require(await eventually(within: .seconds(20)) { victimScreen.model != nil && attackerScreen.model != nil }, "no seats")
        let seat = try await lobby.seat(for: victimScreen.player)
        let model = try #require(victimScreen.model)
        let attackerModel = attackerScreen.model

        // Each answered before the next is sent: every one is the attacker's to read, none dropped.
        var refused = 0
        for seq in 1...499 {
            attacker.receive(#"{"seq":\#(seq),"type":"action","action":"next-game"}"#)
            while let reply = await SessionTests.next(&replies), reply["ack"] as? Int != seq {}
            refused += attackerScreen.model === attackerModel ? 1 : 0
        }
        #expect(refused == 499, "a next-game off the final screen was taken")
        #expect(victimScreen.model === model, "the victim's game was replaced")
        #expect(try await lobby.seat(for: victimScreen.player) == seat, "the victim's seat moved")
        #expect(attackerScreen.model === attackerModel, "the attacker took a new seat off the final screen")

        victim.end()
        attacker.end()
        running.cancel()
        await lobby.shutdown()
    }
}
