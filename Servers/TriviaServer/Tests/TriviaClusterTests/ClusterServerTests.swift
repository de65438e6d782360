import Foundation
import SharedNetworking
import Testing
import Trivia
import TriviaHost
import TriviaServer
import TriviaServerTestSupport

@testable import TriviaCluster

/// `trivia-server --cluster`: the server's sockets on cluster nodes, played by the real app
/// view-models over real WebSockets.
@Suite("Servers as cluster nodes", .timeLimit(.minutes(3)))
@MainActor
struct ClusterServerTests {
    /// The users of ``playScriptedGame(clock:connect:whileOpen:)``; player `i` connects to
    /// node `i % nodes`.
    static let players: [UserID] = ["ada", "grace", "alan", "linus"]

    @Test(
        "two and three nodes play a whole competition with clients on every node; the same winners and standings as one process",
        arguments: [2, 3])
    func nodesLikeOneProcess(count: Int) async throws {
        try await FailureReport.with { _ in try await playOnOneProcessAndOnNodes(count: count) }
    }

    private func playOnOneProcessAndOnNodes(count: Int) async throws {
        let single = try await {
            let clock = ManualClock(now: epoch)
            let server = try await startSingleProcessServer(clock: clock)
            let url = try server.socketURL()
            let base = try server.baseURL()
            let outcome = try await Self.playScriptedGame(clock: clock) { _ in (FailoverTransport(urls: [url], first: 0), base) }
            try await server.stop()
            return outcome
        }()
        #expect(single.winners == ["ada"])

        try await withPostgres { postgres in
            let clock = ManualClock(now: epoch)
            let cluster = try await InProcessCluster.start(on: postgres, count: count, clock: clock)
            #expect(await cluster.waitForOwner())
            let urls = try cluster.servers.map { try $0.socketURL() }
            let bases = try cluster.servers.map { try $0.baseURL() }
            let outcome = try await Self.playScriptedGame(clock: clock) { player in
                (FailoverTransport(urls: urls, first: player % count), bases[player % count])
            } whileOpen: {
                // `/health` answers on every node: all see the open question, one owns it.
                let agreed = await eventually(within: .seconds(10)) {
                    guard let views = try? await bases.asyncMap({ try await health($0) }) else { return false }
                    return views.allSatisfy { $0.phase == "open" && $0.question == 0 }
                        && views.compactMap(\.cluster).count(where: \.owner) == 1
                }
                #expect(agreed, "every node's /health shows question 1 open, and exactly one owner")
            }
            #expect(outcome.winners == single.winners)
            #expect(outcome.standings == single.standings)
            #expect(outcome.balances == [2, 1, 0, 1], "each node served the balance endpoint")
            let published = cluster.nodes.reduce(0) { $0 + $1.bus.counters.snapshot.messagesOut }
            #expect(published > 0)
            try await cluster.stop()
        }
    }

    /// What a scripted game ended with.
    struct Outcome: Equatable {
        var winners: [UserID]
        var standings: [UserID: FinalStanding]
        var balances: [Int?]
    }

    /// Plays the three test questions with ``players``: q1 ada and alan right, grace and linus
    /// wrong, grace uses a wild-card; q2 ada and grace right, alan wrong; q3 ada right, grace
    /// wrong. `connect` gives each player's transport and HTTP base by the player's index; `whileOpen` runs
    /// while question 1 is open.
    static func playScriptedGame(
        clock: ManualClock, connect: (Int) -> (FailoverTransport, URL), whileOpen: () async throws -> Void = {}
    ) async throws -> Outcome {
        let models = players.enumerated().map { index, user in
            let (transport, base) = connect(index)
            return makeViewModel(user: user, transport: transport, base: base, clock: clock, seed: UInt64(index + 1))
        }
        let (ada, grace, alan, linus) = (models[0], models[1], models[2], models[3])
        for model in models { model.start() }
        progress("players started")
        #expect(await eventually(within: .seconds(10)) { models.allSatisfy { $0.client.link == .online && $0.client.knownBalance != nil } })
        let balances = models.map(\.client.knownBalance)

        progress("online; q1 opens")
        clock.advance(to: epoch.addingTimeInterval(10))
        #expect(await eventually(within: .seconds(10)) { models.allSatisfy { $0.isShowing(question: "q1") } })
        try await whileOpen()
        for (model, choice) in zip(models, [1, 0, 1, 2]) { model.select(choice) }
        #expect(await eventually(within: .seconds(10)) { models.allSatisfy { $0.isConfirmed } }, "q1 answers acknowledged")

        progress("q1 answered; its result")
        clock.advance(to: epoch.addingTimeInterval(20))
        #expect(await eventually(within: .seconds(10)) { models.allSatisfy { $0.isShowingResult(of: "q1") } })
        grace.useWildcard()
        #expect(await eventually(within: .seconds(10)) { grace.resultRound?.wildcard == .accepted(balance: 0) })

        progress("q2 opens")
        clock.advance(to: epoch.addingTimeInterval(26))
        #expect(await eventually(within: .seconds(10)) { models.allSatisfy { $0.isShowing(question: "q2") } })
        for (model, choice) in [(ada, 0), (grace, 0), (alan, 2)] { model.select(choice) }
        #expect(await eventually(within: .seconds(10)) { [ada, grace, alan].allSatisfy { $0.isConfirmed } }, "q2 answers acknowledged")
        #expect(linus.questionRound?.question.role == .viewer)

        progress("q2 result")
        clock.advance(to: epoch.addingTimeInterval(36))
        #expect(await eventually(within: .seconds(10)) { models.allSatisfy { $0.isShowingResult(of: "q2") } })
        progress("q3 opens")
        clock.advance(to: epoch.addingTimeInterval(42))
        #expect(await eventually(within: .seconds(10)) { models.allSatisfy { $0.isShowing(question: "q3") } })
        ada.select(2)
        grace.select(1)
        #expect(await eventually(within: .seconds(10)) { [ada, grace].allSatisfy { $0.isConfirmed } }, "q3 answers acknowledged")

        progress("q3 result")
        clock.advance(to: epoch.addingTimeInterval(52))
        #expect(await eventually(within: .seconds(10)) { models.allSatisfy { $0.isShowingResult(of: "q3") } })
        progress("the end")
        clock.advance(to: epoch.addingTimeInterval(58))
        #expect(await eventually(within: .seconds(10)) { models.allSatisfy { $0.finish != nil && $0.client.link == .closed(.finished) } })
        let winners = ada.finish?.winners.map(\.user) ?? []
        var standings: [UserID: FinalStanding] = [:]
        for (model, user) in zip(models, players) { standings[user] = model.finish?.you }
        return Outcome(winners: winners, standings: standings, balances: balances)
    }
}

extension Array where Element: Sendable {
    /// The results of the asynchronous `transform`, in order.
    func asyncMap<T>(isolation: isolated (any Actor)? = #isolation, _ transform: (Element) async throws -> T) async rethrows -> [T] {
        var results: [T] = []
        for element in self { results.append(try await transform(element)) }
        return results
    }
}
