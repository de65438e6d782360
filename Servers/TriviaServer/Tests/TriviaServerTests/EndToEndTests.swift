import Foundation
import Testing
import Trivia
import TriviaHost
import TriviaServer
import TriviaServerTestSupport

/// A whole competition: the real `TriviaViewModel`s and scripted protocol clients against the
/// real server over loopback WebSockets, the host on a manual clock (no waiting for deadlines).
@Suite("Server: a competition end to end", .timeLimit(.minutes(1)))
@MainActor
struct EndToEndTests {
    @Test("players join and answer; one wild-card accepted, a second refused; viewers cannot answer; all see finish")
    func competition() async throws {
        let harness = try await ServerHarness.start()
        let ada = makeViewModel(harness, user: "ada", seed: 1)  // balance 2
        let grace = makeViewModel(harness, user: "grace", seed: 2)  // balance 1
        let alan = makeViewModel(harness, user: "alan", seed: 3)  // balance 0
        let players = [ada, grace, alan]
        for model in players { model.start() }
        #expect(await eventually { players.allSatisfy { $0.client.link == .online && $0.client.knownBalance != nil } })
        #expect(players.map(\.client.knownBalance) == [2, 1, 0])
        #expect(players.allSatisfy { $0.client.role == .player })
        let katherine = try await ProtocolClient.joined(harness, as: "katherine")  // balance 2, scripted

        // Question 1: ada and alan right, grace and katherine wrong.
        harness.advance(by: 10)
        #expect(await eventually { players.allSatisfy { $0.isShowing(question: "q1") } })
        ada.select(1)
        grace.select(0)
        alan.select(1)
        #expect(ada.screen.question?.lockedOverlay != nil, "the screen locks until the host acknowledges")
        #expect(
            await eventually {
                players.allSatisfy { $0.questionRound?.answer == .confirmed(choice: $0.questionRound?.answer.choice ?? -1) }
            })
        _ = try await katherine.next("question")
        try await katherine.send(.answer(AnswerPayload(requestId: "k-r1", questionId: "q1", choice: 2)))
        #expect(try await katherine.next("answerAck").answerAck?.status == .accepted)

        harness.advance(by: 10)
        #expect(await eventually { players.allSatisfy { $0.isShowingResult(of: "q1") } })
        #expect(ada.resultRound?.result.correct == true && ada.resultRound?.wildcard == .notOffered)
        #expect(grace.resultRound?.result.correct == false)
        guard case .offered = grace.resultRound?.wildcard else {
            Issue.record("grace is offered a wild-card: \(String(describing: grace.resultRound?.wildcard))")
            return
        }
        grace.useWildcard()
        #expect(await eventually { grace.resultRound?.wildcard == .accepted(balance: 0) })
        #expect(grace.client.role == .player && grace.client.knownBalance == 0)

        #expect(try await katherine.next("result").result?.correct == false)
        try await katherine.send(.useWildcard(UseWildcardPayload(requestId: "k-w1", questionId: "q1")))
        let saved = try #require(try await katherine.next("wildcardResult").wildcardResult)
        #expect(saved.accepted && saved.balance == 1 && saved.role == .player)

        // Late arrivals watch.
        let linus = makeViewModel(harness, user: "linus", seed: 4)
        linus.start()
        let barbara = try await ProtocolClient.joined(harness, as: "barbara")
        #expect(await eventually { linus.client.link == .online && linus.client.role == .viewer })

        // Question 2: ada right; grace, alan and katherine wrong.
        harness.advance(by: 6)
        let everyone = players + [linus]
        #expect(await eventually { everyone.allSatisfy { $0.isShowing(question: "q2") } })
        linus.select(0)
        #expect(linus.questionRound?.answer == Optional(AnswerState.none), "a viewer's tap does nothing")
        #expect(linus.screen.question?.isInteractive == false)
        _ = try await barbara.next("question")
        try await barbara.send(.answer(AnswerPayload(requestId: "b-r1", questionId: "q2", choice: 0)))
        let refused = try #require(try await barbara.next("answerAck").answerAck)
        #expect(refused.status == .rejected && refused.reason == .notAPlayer)
        ada.select(0)
        grace.select(1)
        alan.select(2)
        #expect(await eventually { players.allSatisfy { if case .confirmed = $0.questionRound?.answer { true } else { false } } })
        _ = try await katherine.next("question")
        try await katherine.send(.answer(AnswerPayload(requestId: "k-r2", questionId: "q2", choice: 1)))
        _ = try await katherine.next("answerAck")

        harness.advance(by: 10)
        #expect(await eventually { everyone.allSatisfy { $0.isShowingResult(of: "q2") } })
        #expect(grace.resultRound?.wildcard == .notOffered, "one wild-card per competition")
        #expect(alan.resultRound?.wildcard == .notOffered, "no balance")
        #expect(grace.client.role == .viewer && alan.client.role == .viewer && ada.client.role == .player)
        _ = try await katherine.next("result")
        try await katherine.send(.useWildcard(UseWildcardPayload(requestId: "k-w2", questionId: "q2")))
        let second = try #require(try await katherine.next("wildcardResult").wildcardResult)
        #expect(!second.accepted && second.reason == .alreadyUsed && second.balance == 1 && second.role == .viewer)

        // Question 3 and the end.
        harness.advance(by: 6)
        #expect(await eventually { ada.isShowing(question: "q3") && alan.isShowing(question: "q3") })
        alan.select(2)
        #expect(alan.questionRound?.answer == Optional(AnswerState.none), "alan is a viewer now")
        ada.select(2)
        #expect(await eventually { ada.questionRound?.answer == .confirmed(choice: 2) })
        harness.advance(by: 10)
        #expect(await eventually { ada.isShowingResult(of: "q3") })
        #expect(ada.resultRound?.result.wildcardDeadline == nil, "no wild-card after the last question")
        harness.advance(by: 6)
        #expect(await eventually { everyone.allSatisfy { $0.finish != nil && $0.client.link == .closed(.finished) } })
        for client in [katherine, barbara] {
            #expect(try await client.next("finish").finish?.summary.questionCount == 3)
        }
        let finish = try #require(ada.finish)
        #expect(finish.winners.map(\.user) == ["ada"])
        #expect(finish.summary == FinishSummary(questionCount: 3, playerCount: 4, winnerCount: 1))
        #expect(ada.screen.final?.headline == "You won!")
        #expect(grace.finish?.you == FinalStanding(role: .viewer, winner: false, correctAnswers: 0, usedWildcard: true, balance: 0))

        // Nothing was counted twice.
        let standings = Dictionary(uniqueKeysWithValues: await harness.host.standings.map { ($0.user, $0) })
        #expect(standings["ada"]?.answers == ["q1": 1, "q2": 0, "q3": 2] && standings["ada"]?.correctAnswers == 3)
        #expect(standings["grace"]?.balance == 0 && standings["katherine"]?.balance == 1)
        #expect(standings["barbara"]?.answers.isEmpty == true && standings["linus"]?.role == .viewer)
        try await harness.stop()
    }
}
