import Foundation
import Testing
import Trivia
import TriviaHost
import TriviaServerTestSupport

@testable import TriviaCluster

@Suite("Nodes playing over PostgreSQL", .timeLimit(.minutes(3)))
struct ClusterTests {
    @Test("two nodes play a whole competition; the log read back from PostgreSQL replays to identical outputs")
    func wholeCompetition() async throws {
        try await withPostgres { server in
            let cluster = try await TestCluster(server: server, count: 2)
            #expect(await cluster.waitForOwner())
            for step in TriviaClusterTests.wholeCompetition {
                cluster.clock.advance(to: epoch.addingTimeInterval(step.second))
                await cluster.perform(step)
                let expected = cluster.submitted.withLock { $0 }
                #expect(
                    await eventually(within: .seconds(30)) { cluster.committedInputs >= expected },
                    "step at \(step.second) s committed (\(cluster.committedInputs) of \(expected); \(cluster.ownerEvents.withLock { $0.count }) owner events)"
                )
            }
            cluster.clock.advance(to: epoch.addingTimeInterval(80))
            #expect(
                await eventually(within: .seconds(30)) {
                    await cluster.nodes.asyncContains { await $0.owner.hostSnapshot?.isFinished == true }
                })
            let committed = cluster.committed
            #expect(committed.map(\.position) == Array(1...Int64(committed.count)), "one owner, contiguous positions")

            // The log in PostgreSQL, replayed by a fresh host, gives the very outputs that were sent.
            let competition = cluster.nodes[0].competition
            let entries = try await server.withConnection { connection in
                try await InputLogStore.entries(connection, competition: competition, logger: quietLogger)
            }
            #expect(entries.map(\.inputs) == committed.map(\.inputs))
            var replay = ReplayableHost(genesis: testGenesis, authenticator: StaticTokenAuthenticator([:]))
            let replayed = entries.flatMap { $0.inputs.flatMap { replay.replay($0) } }
            #expect(replayed == committed.flatMap(\.outputs))
            #expect(replay.core.isFinished)

            // Every connection received exactly the host's messages for it, in order, through
            // its own node.
            for slot in 1...7 {
                let connection = try #require(cluster.connection(slot))
                let expected = committed.flatMap(\.outputs).flatMap(\.renderedFrames).filter { $0.connection == connection }.map(\.bytes)
                #expect(!expected.isEmpty, "slot \(slot) was answered")
                #expect(cluster.frames(on: connection) == expected, "slot \(slot)")
            }
            let ada = try #require(cluster.connection(6))
            #expect(cluster.received(on: ada).contains { if case .finish(let finish) = $0.message { finish.you.winner } else { false } })
            let closes = cluster.deliveries.withLock { $0 }.compactMap { event -> TriviaErrorCode? in
                if case .output(.close(_, let reason)) = event { return reason }
                return nil
            }
            #expect(closes == [.unauthorized, .replaced])

            // The bus carried batches per node, not messages per player.
            let published = cluster.nodes.reduce(0) { $0 + $1.bus.counters.snapshot.messagesOut }
            #expect(published > 0)
            #expect(published <= committed.count * 2 + cluster.submitted.withLock { $0 } + 4)
            await cluster.stop()
        }
    }

    @Test("a node that stops without closing its sockets: the owner disconnects its connections and stops sending to them")
    func goneNodeDisconnected() async throws {
        try await withPostgres { server in
            let cluster = try await TestCluster(server: server, count: 2, nodeGoneAfter: .seconds(1))
            #expect(await cluster.waitForOwner())
            var ownerIndex: Int?
            for (index, node) in cluster.nodes.enumerated() where await node.owner.ownedEpoch != nil { ownerIndex = index }
            let owner = try #require(ownerIndex)
            let other = 1 - owner
            // ada on the node that will stop, grace on the owner's node (slot n is on node n % 2).
            let (adaSlot, graceSlot) = (other + 2, owner + 2)
            cluster.clock.advance(to: epoch.addingTimeInterval(1))
            for (slot, user, token) in [(adaSlot, "ada", "t-ada"), (graceSlot, "grace", "t-grace")] {
                await cluster.perform(ScriptStep(second: 1, slot: slot, action: .connect))
                await cluster.perform(
                    ScriptStep(
                        second: 1, slot: slot,
                        action: .send(.join(JoinPayload(user: UserID(user), token: token, competition: "cluster-cup")))))
            }
            #expect(await eventually(within: .seconds(30)) { cluster.committedInputs >= 4 })
            let ada = try #require(cluster.connection(adaSlot))
            let grace = try #require(cluster.connection(graceSlot))
            #expect(await cluster.nodes[owner].owner.hostSnapshot?.openConnections.sorted() == [ada, grace].sorted())

            await cluster.nodes[other].stop()  // marks it stopped; its socket layer never said goodbye
            #expect(
                await eventually(within: .seconds(10)) { await cluster.nodes[owner].owner.hostSnapshot?.openConnections == [grace] },
                "the owner disconnected the stopped node's connection")
            let logged = cluster.committed.flatMap(\.inputs).map(\.input)
            #expect(logged.contains(.disconnect(ada)), "the disconnect is in the log, so a replay agrees")
            #expect(cluster.ownerEvents.withLock { $0.contains { if case .nodesGone = $0.event { true } else { false } } })
            #expect(cluster.committed.flatMap(\.outputs).contains(.close(ada, reason: .shuttingDown)))

            // The first question goes to grace only: no row for a socket nobody holds.
            cluster.clock.advance(to: epoch.addingTimeInterval(10.5))
            #expect(await eventually(within: .seconds(30)) { await cluster.nodes[owner].owner.hostSnapshot?.phase != .lobby })
            #expect(await eventually(within: .seconds(30)) { cluster.frames(on: grace).count >= 2 }, "welcome and question")
            let questionRecipients = cluster.committed.flatMap(\.outputs).flatMap(\.renderedFrames).map(\.connection)
            #expect(questionRecipients.filter { $0 == ada }.count == 1, "ada got her welcome and nothing after the node stopped")
            await cluster.stop()
        }
    }

    @Test("a question that ended while no node owned the competition stays open for the new owner: an answer sent then counts")
    func takeOverHoldsTheWindow() async throws {
        try await withPostgres { server in
            let cluster = try await TestCluster(server: server, count: 2)
            #expect(await cluster.waitForOwner())
            var ownerIndex: Int?
            for (index, node) in cluster.nodes.enumerated() where await node.owner.ownedEpoch != nil { ownerIndex = index }
            let owner = try #require(ownerIndex)
            let other = 1 - owner
            let slot = other + 2  // ada on the node that survives
            cluster.clock.advance(to: epoch.addingTimeInterval(1))
            await cluster.perform(ScriptStep(second: 1, slot: slot, action: .connect))
            await cluster.perform(
                ScriptStep(
                    second: 1, slot: slot, action: .send(.join(JoinPayload(user: "ada", token: "t-ada", competition: "cluster-cup")))))
            #expect(await eventually(within: .seconds(30)) { cluster.committedInputs >= 2 })
            cluster.clock.advance(to: epoch.addingTimeInterval(10.5))  // question 1 opens; its deadline is +20 s
            #expect(
                await eventually(within: .seconds(30)) {
                    cluster.allReceived.contains { if case .question = $0.message { true } else { false } }
                })

            // The owner goes away at +19 s; the deadline passes before anyone owns the game.
            cluster.clock.advance(to: epoch.addingTimeInterval(19))
            await cluster.nodes[owner].stop()
            cluster.clock.advance(to: epoch.addingTimeInterval(21))
            #expect(await eventually(within: .seconds(30)) { cluster.takeOvers >= 2 }, "the other node takes over")

            // ada answered in time; her answer, sent again as the app does until acknowledged,
            // reaches the new owner after +20 s.
            let answer = ScriptStep(
                second: 21, slot: slot, action: .send(.answer(AnswerPayload(requestId: "in-time", questionId: "q1", choice: 1))))
            let acknowledged = {
                cluster.allReceived.contains { if case .answerAck(let ack) = $0.message { ack.requestId == "in-time" } else { false } }
            }
            for _ in 0..<40 where !acknowledged() {
                await cluster.perform(answer)
                _ = await eventually(within: .seconds(0.5)) { acknowledged() }
            }
            #expect(acknowledged())
            let statuses = cluster.allReceived.compactMap { envelope -> AnswerAckPayload? in
                if case .answerAck(let ack) = envelope.message, ack.requestId == "in-time" { return ack }
                return nil
            }
            #expect(!statuses.isEmpty && statuses.allSatisfy { $0.status == .accepted }, "judged as if the owner had not died: \(statuses)")
            let extended = cluster.committed.flatMap(\.inputs).compactMap { logged -> Date? in
                if case .extendWindow(let until) = logged.input { return until }
                return nil
            }
            #expect(extended.count == 1, "one extension, in the log")
            #expect(
                extended.first.map { $0 >= epoch.addingTimeInterval(22) } == true,
                "until 3 s after the take-over (at +19 s or later): \(extended)")

            // The window closes at its new end; ada was right.
            cluster.clock.advance(to: epoch.addingTimeInterval(25))
            let result = await eventually(within: .seconds(30)) {
                cluster.allReceived.contains { if case .result(let result) = $0.message { result.correct } else { false } }
            }
            #expect(result, "ada's result says correct")
            await cluster.stop()
        }
    }

    @Test("PostgreSQL restarted mid-question: nodes reconnect; an input not in the log was never acknowledged; the game ends")
    func postgresRestart() async throws {
        try await withPostgres { server in
            let cluster = try await TestCluster(server: server, count: 2)
            #expect(await cluster.waitForOwner())
            let script = TriviaClusterTests.wholeCompetition
            let beforeAnswers = script.filter { $0.second < 12 }
            for step in beforeAnswers {
                cluster.clock.advance(to: epoch.addingTimeInterval(step.second))
                await cluster.perform(step)
                let expected = cluster.submitted.withLock { $0 }
                #expect(await eventually(within: .seconds(30)) { cluster.committedInputs >= expected })
            }
            cluster.clock.advance(to: epoch.addingTimeInterval(12))

            // PostgreSQL goes away; ada answers meanwhile.
            try await server.stopServer()
            let answer = ScriptStep(
                second: 12, slot: 1, action: .send(.answer(AnswerPayload(requestId: "during-outage", questionId: "q1", choice: 1))))
            await cluster.perform(answer)
            try await Task.sleep(for: .milliseconds(300))
            let acknowledged: @Sendable (RequestID) -> Bool = { request in
                cluster.allReceived.contains { if case .answerAck(let ack) = $0.message { ack.requestId == request } else { false } }
            }
            #expect(!acknowledged("during-outage"))
            try await server.startServer()

            // The nodes come back on their own: some node owns the competition again and
            // commits (a ping answered with pong proves the whole path).
            let ping = ScriptStep(second: 12, slot: 2, action: .send(.ping(PingPayload(nonce: "after-restart"))))
            var answered = false
            for _ in 0..<100 where !answered {
                await cluster.perform(ping)
                answered = await eventually(within: .seconds(0.5), reportingFailure: false) {
                    cluster.allReceived.contains { if case .pong(let pong) = $0.message { pong.nonce == "after-restart" } else { false } }
                }
            }
            #expect(answered, "the cluster serves again after the restart")

            // The client resends its unacknowledged answer with the same request id.
            for _ in 0..<20 where !acknowledged("during-outage") {
                await cluster.perform(answer)
                _ = await eventually(within: .seconds(0.5)) { acknowledged("during-outage") }
            }
            #expect(acknowledged("during-outage"))

            for step in script where step.second > 12 {
                cluster.clock.advance(to: epoch.addingTimeInterval(step.second))
                await cluster.perform(step)
                try await Task.sleep(for: .milliseconds(20))
            }
            cluster.clock.advance(to: epoch.addingTimeInterval(80))
            #expect(
                await eventually(within: .seconds(30)) {
                    await cluster.nodes.asyncContains { await $0.owner.hostSnapshot?.isFinished == true }
                })

            // The invariant: every acknowledgement that reached a client answers an input that
            // is in the log.
            let competition = cluster.nodes[0].competition
            let entries = try await server.withConnection { connection in
                try await InputLogStore.entries(connection, competition: competition, logger: quietLogger)
            }
            let loggedRequests = Set(
                entries.flatMap(\.inputs).compactMap { logged -> RequestID? in
                    guard case .frame(_, let data) = logged.input,
                        case .message(let envelope) = try? TriviaCodec().decodeClientMessage(data)
                    else { return nil }
                    switch envelope.message {
                    case .answer(let answer): return answer.requestId
                    case .useWildcard(let request): return request.requestId
                    default: return nil
                    }
                })
            let acknowledgements = cluster.allReceived.compactMap { envelope -> RequestID? in
                switch envelope.message {
                case .answerAck(let ack): ack.requestId
                case .wildcardResult(let result): result.requestId
                default: nil
                }
            }
            #expect(!acknowledgements.isEmpty)
            for request in acknowledgements { #expect(loggedRequests.contains(request), "\(request) acknowledged but not logged") }
            #expect(cluster.nodes.reduce(0) { $0 + $1.bus.counters.snapshot.resets } >= 2, "both nodes' listeners reconnected")

            // And the log still replays to what the owners sent, entry by entry. (A commit whose
            // answer was lost in the restart is in the log without a `committed` event: its
            // owner did not know, dropped its host and rebuilt it from this same log.)
            let sent = Dictionary(cluster.committed.map { ($0.position, $0.outputs) }, uniquingKeysWith: { first, _ in first })
            #expect(Set(sent.keys).isSubset(of: Set(entries.map(\.position))))
            #expect(entries.count - sent.count <= 1)
            var replay = ReplayableHost(genesis: testGenesis, authenticator: StaticTokenAuthenticator([:]))
            for entry in entries {
                let outputs = entry.inputs.flatMap { replay.replay($0) }
                if let original = sent[entry.position] { #expect(outputs == original, "entry \(entry.position)") }
            }
            #expect(replay.core.isFinished)
            await cluster.stop()
        }
    }
}

extension Array where Element: Sendable {
    /// Whether some element satisfies the asynchronous `predicate`.
    func asyncContains(isolation: isolated (any Actor)? = #isolation, _ predicate: (Element) async -> Bool) async -> Bool {
        for element in self where await predicate(element) { return true }
        return false
    }
}
