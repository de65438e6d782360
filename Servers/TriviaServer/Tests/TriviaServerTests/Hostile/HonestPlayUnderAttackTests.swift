import Foundation
import ServerSupport
import Testing
import Trivia
import TriviaHost
import TriviaServer
import TriviaServerTestSupport

/// Honest players, the real view-models over real sockets from 127.0.0.1, play a whole
/// competition while 127.0.0.2 attacks: silent and half-sent connections past its cap, wrong
/// tokens at join, unmasked frames and text that is not UTF-8. Every answer is acknowledged and
/// everyone finishes.
@Suite("Server: honest play under attack", .timeLimit(.minutes(2)))
@MainActor
struct HonestPlayUnderAttackTests {
    /// Keeps 127.0.0.2 busy until cancelled: each round opens what its cap allows and more.
    /// `rounds` counts the rounds done (the game starts after the first).
    nonisolated static func attack(_ harness: ServerHarness, rounds: Locked<Int>) async {
        var round = 0
        while !Task.isCancelled {
            defer { rounds.withLock { $0 += 1 } }
            round += 1
            var opened: [RawConnection] = []
            for index in 0..<40 {
                guard let connection = try? await RawConnection.open(port: harness.port, from: "127.0.0.2") else { continue }
                opened.append(connection)
                if index % 2 == 0 { try? await connection.send("GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\n") }
            }
            if let socket = try? await HostileTests.rawSocket(harness) {
                let join = ConformanceTests.join("ada", id: "attack-\(round)", token: "t-guess-\(round)")
                try? await socket.send(ClientFrame.frame(opcode: 1, Array(join.utf8)))
                _ = await socket.closed(within: 2)
            }
            for frame in [ClientFrame.frame(opcode: 1, [0xC3, 0x28]), ClientFrame.frame(opcode: 1, [0x7B], masked: false)] {
                if let socket = try? await HostileTests.rawSocket(harness) {
                    try? await socket.send(frame)
                    _ = await socket.closed(within: 2)
                }
            }
            try? await Task.sleep(for: .milliseconds(200))
            for connection in opened { connection.close() }
        }
    }

    @Test("three players finish a competition with every answer acknowledged while an attack runs")
    func playUnderAttack() async throws {
        let harness = try await ServerHarness.start { configuration in
            configuration.guardLimits = ConnectionGuardLimits(headerTimeout: .seconds(1), maxConnectionsPerClient: 30)
        }
        let rounds = Locked(0)
        let attacking = Task.detached { await Self.attack(harness, rounds: rounds) }
        #expect(await eventually { rounds.withLock { $0 } >= 1 }, "the attack is under way before anyone joins")
        let players = [("ada", 1), ("grace", 2), ("alan", 3)].map { makeViewModel(harness, user: UserID($0.0), seed: UInt64($0.1)) }
        for model in players { model.start() }
        #expect(await eventually { players.allSatisfy { $0.client.link == .online } })
        for (question, answer) in [("q1", 1), ("q2", 0), ("q3", 2)] {
            harness.advance(to: harness.elapsed < 10 ? 10 : harness.elapsed + 6)
            #expect(await eventually { players.allSatisfy { $0.isShowing(question: QuestionID(question)) } }, "\(question) shown")
            for model in players { model.select(answer) }
            #expect(
                await eventually { players.allSatisfy { $0.questionRound?.answer == .confirmed(choice: answer) } },
                "\(question): every answer acknowledged")
            harness.advance(by: 10)
            #expect(await eventually { players.allSatisfy { $0.isShowingResult(of: QuestionID(question)) } })
        }
        harness.advance(by: 6)
        #expect(await eventually { players.allSatisfy { $0.finish != nil } }, "everyone finished")
        #expect(players.first?.finish?.winners.count == 3)
        attacking.cancel()
        await attacking.value
        for model in players { model.stop() }
        try await harness.stop()
    }
}
