import Foundation
import Testing

@testable import Trivia
@testable import TriviaHost

@Suite("Reference host: joining and connections")
struct HostJoinTests {
    @Test("join with a valid token gets welcome with role, balance and server time")
    func welcome() throws {
        var host = makeHost()
        let outputs = host.join(ada, connection: 1, at: at(2))
        let welcome = try #require(outputs.messages(to: 1).first?.welcome)
        #expect(welcome.user == "ada" && welcome.displayName == "Ada")
        #expect(welcome.role == .player)
        #expect(welcome.balance == 1)
        #expect(welcome.serverTime == at(2))
        #expect(welcome.competition == CompetitionInfo(id: "test-cup", title: "Test Cup", questionCount: 3, startsAt: at(10)))
        #expect(outputs.messages(to: 1).first?.seq == 0, "welcome is a connection message")
    }

    @Test("a token of another user is unauthorized and the connection is closed")
    func badToken() throws {
        var host = makeHost()
        _ = host.connect(ConnectionID(1), at: at(0))
        let outputs = host.receive(
            client(.join(JoinPayload(user: "ada", token: "t-alan", competition: "test-cup"))), from: ConnectionID(1), at: at(0))
        #expect(outputs.messages(to: 1).first?.error?.code == .unauthorized)
        #expect(outputs.closes(1))
        #expect(host.standings.isEmpty)
    }

    @Test("the wrong competition is refused")
    func wrongCompetition() {
        var host = makeHost()
        _ = host.connect(ConnectionID(1), at: at(0))
        let outputs = host.receive(
            client(.join(JoinPayload(user: "ada", token: "t-ada", competition: "other"))), from: ConnectionID(1), at: at(0))
        #expect(outputs.messages(to: 1).first?.error?.code == .unknownCompetition)
        #expect(outputs.closes(1))
    }

    @Test("messages before join get notJoined; ping works before join")
    func notJoined() {
        var host = makeHost()
        _ = host.connect(ConnectionID(1), at: at(0))
        let early = host.receive(answer("q1", 0, request: "r1"), from: ConnectionID(1), at: at(0))
        #expect(early.messages(to: 1).first?.error?.code == .notJoined)
        let pong = host.receive(client(.ping(PingPayload(nonce: "n1"))), from: ConnectionID(1), at: at(1))
        #expect(pong.messages(to: 1).first?.message == .pong(PongPayload(nonce: "n1", serverTime: at(1))))
    }

    @Test("a second connection for the same user replaces the first")
    func replaced() throws {
        var host = makeHost()
        _ = host.join(ada, connection: 1)
        let outputs = host.join(ada, connection: 2, at: at(1))
        #expect(outputs.messages(to: 1).first?.error?.code == .replaced)
        #expect(outputs.closes(1))
        #expect(outputs.messages(to: 2).first?.welcome != nil)
        let question = host.advance(to: at(opens(0)))
        #expect(question.messages(to: 2).count == 1)
        #expect(question.messages(to: 1).isEmpty)
    }

    @Test("open connections and who joined on them: accepted, joined, replaced, disconnected")
    func openConnections() {
        var host = makeHost()
        #expect(host.openConnections.isEmpty && !host.isOpen(ConnectionID(1)))
        _ = host.connect(ConnectionID(1), at: at(0))
        #expect(host.isOpen(ConnectionID(1)) && host.user(on: ConnectionID(1)) == nil, "accepted, no join yet")
        _ = host.receive(client(.join(JoinPayload(user: "ada", token: "t-ada", competition: "test-cup"))), from: ConnectionID(1), at: at(1))
        #expect(host.user(on: ConnectionID(1)) == "ada")
        _ = host.join(ada, connection: 2, at: at(2))
        #expect(host.openConnections == [ConnectionID(2)], "the replaced connection is closed")
        #expect(host.user(on: ConnectionID(2)) == "ada" && host.user(on: ConnectionID(1)) == nil)
        _ = host.disconnect(ConnectionID(2), at: at(3))
        #expect(host.openConnections.isEmpty && !host.isOpen(ConnectionID(2)))
    }

    @Test("malformed frames get an error naming the field; too many close the connection")
    func malformed() {
        var host = makeHost()
        _ = host.join(ada, connection: 1)
        let bad = Data(#"{"type":"answer","version":1,"id":"x1","seq":2,"payload":{"requestId":"r","questionId":"q1","choice":"B"}}"#.utf8)
        let outputs = host.receive(frame: bad, from: ConnectionID(1), at: at(1))
        let error = outputs.messages(to: 1).first?.error
        #expect(error?.code == .malformed)
        #expect(error?.ref == "x1")
        #expect(error?.message.contains("payload.choice") == true)
        #expect(!outputs.closes(1))
        var last: [HostOutput] = []
        for _ in 1..<10 { last = host.receive(frame: Data("garbage".utf8), from: ConnectionID(1), at: at(1)) }
        #expect(last.messages(to: 1).last?.error?.code == .tooManyErrors)
        #expect(last.closes(1))
    }

    @Test("unknown message types are ignored silently")
    func unknownType() {
        var host = makeHost()
        _ = host.join(ada, connection: 1)
        let outputs = host.receive(
            frame: Data(#"{"type":"emoji","version":1,"id":"e","seq":2,"payload":{}}"#.utf8), from: ConnectionID(1), at: at(1))
        #expect(outputs.isEmpty)
    }

    @Test("users joining after the first question closed are viewers and see the current screen")
    func lateJoiner() throws {
        var host = makeHost()
        _ = host.join(ada, connection: 1)
        _ = host.advance(to: at(opens(1) + 1))
        let outputs = host.join(grace, connection: 2, at: at(opens(1) + 1))
        #expect(outputs.messages(to: 2).first?.welcome?.role == .viewer)
        let question = try #require(outputs.messages(to: 2).dropFirst().first?.question)
        #expect(question.questionId == "q2" && question.role == .viewer)
    }

    @Test("users joining while the first question is open still play")
    func joinDuringFirstQuestion() throws {
        var host = makeHost()
        _ = host.advance(to: at(opens(0) + 2))
        let outputs = host.join(alan, connection: 1, at: at(opens(0) + 2))
        #expect(outputs.messages(to: 1).first?.welcome?.role == .player)
        #expect(outputs.messages(to: 1).dropFirst().first?.question?.questionId == "q1")
    }
}

@Suite("Reference host: questions, answers and results")
struct HostAnswerTests {
    @Test("the first question goes to everyone at startsAt with a deadline")
    func firstQuestion() throws {
        var host = makeHost()
        _ = host.join(ada, connection: 1)
        _ = host.join(alan, connection: 2)
        #expect(host.nextDeadline == at(10))
        #expect(host.advance(to: at(9.9)).isEmpty)
        let outputs = host.advance(to: at(10))
        let question = try #require(outputs.messages(to: 1).first?.question)
        #expect(question.questionId == "q1" && question.index == 0 && question.total == 3)
        #expect(question.openedAt == at(10) && question.deadline == at(20))
        #expect(outputs.messages(to: 1).first?.seq == 1)
        #expect(outputs.messages(to: 2).first?.question?.questionId == "q1")
    }

    @Test("an answer is accepted once; a resend with the same request id gets the identical ack")
    func idempotentAnswer() throws {
        var host = makeHost()
        _ = host.join(ada, connection: 1)
        _ = host.advance(to: at(opens(0)))
        let first = host.receive(answer("q1", 1, request: "r1"), from: ConnectionID(1), at: at(12))
        let ack = try #require(first.messages(to: 1).first)
        #expect(ack.ack == AnswerAckPayload(requestId: "r1", questionId: "q1", status: .accepted, choice: 1))
        let again = host.receive(answer("q1", 1, request: "r1"), from: ConnectionID(1), at: at(13))
        #expect(again.messages(to: 1) == [ack])
        let other = host.receive(answer("q1", 2, request: "r2"), from: ConnectionID(1), at: at(14))
        #expect(other.messages(to: 1).first?.ack?.reason == .alreadyAnswered)
        #expect(host.standings.first?.answers == ["q1": 1])
    }

    @Test("answers at or after the deadline are rejected as late")
    func lateAnswer() {
        var host = makeHost()
        _ = host.join(ada, connection: 1)
        _ = host.advance(to: at(opens(0)))
        let outputs = host.receive(answer("q1", 1, request: "r1"), from: ConnectionID(1), at: at(closes(0)))
        #expect(outputs.messages(to: 1).contains { $0.ack?.reason == .late })
        #expect(outputs.messages(to: 1).contains { $0.result != nil }, "the result went out first")
    }

    @Test("an extended window accepts an answer after the old deadline; later questions move with it; nothing is sent")
    func extendedWindow() throws {
        var host = makeHost()
        _ = host.join(ada, connection: 1)
        let inLobby = host.extendCurrentWindow(to: at(30))
        #expect(!inLobby, "the lobby has no window to extend")
        _ = host.advance(to: at(opens(0)))
        let shortened = host.extendCurrentWindow(to: at(closes(0) - 1))
        #expect(!shortened, "never shortened")
        let extended = host.extendCurrentWindow(to: at(closes(0) + 3))
        #expect(extended)
        #expect(host.nextDeadline == at(closes(0) + 3))
        let outputs = host.receive(answer("q1", 1, request: "r1"), from: ConnectionID(1), at: at(closes(0) + 1))
        #expect(outputs.messages(to: 1).map(\.ack?.status) == [.accepted], "no result yet, the answer counts")
        let result = host.advance(to: at(closes(0) + 3))
        #expect(result.messages(to: 1).first?.result?.correct == true)
        // The review window extends the same way, and the next question opens after it.
        let review = host.extendCurrentWindow(to: at(closes(0) + 3 + 8))
        #expect(review)
        #expect(host.advance(to: at(closes(0) + 3 + 6)).isEmpty)
        #expect(host.advance(to: at(closes(0) + 3 + 8)).messages(to: 1).first?.question?.questionId == "q2")
    }

    @Test("invalid choices, unknown questions and viewers are rejected")
    func rejections() {
        var host = makeHost()
        _ = host.join(ada, connection: 1)
        _ = host.advance(to: at(opens(0)))
        #expect(
            host.receive(answer("q1", 3, request: "r1"), from: ConnectionID(1), at: at(11)).messages(to: 1).first?.ack?.reason
                == .invalidChoice)
        #expect(
            host.receive(answer("nope", 0, request: "r2"), from: ConnectionID(1), at: at(11)).messages(to: 1).first?.ack?.reason
                == .unknownQuestion)
        #expect(
            host.receive(answer("q2", 0, request: "r3"), from: ConnectionID(1), at: at(11)).messages(to: 1).first?.ack?.reason == .notOpen,
            "a later question has not opened")
        _ = host.advance(to: at(opens(1)))
        // Ada did not answer q1: she is a viewer now.
        #expect(
            host.receive(answer("q2", 0, request: "r4"), from: ConnectionID(1), at: at(opens(1) + 1)).messages(to: 1).first?.ack?.reason
                == .notAPlayer)
    }

    @Test("results: correct players stay, incorrect and silent players become viewers")
    func results() throws {
        var host = makeHost()
        _ = host.join(ada, connection: 1)
        _ = host.join(alan, connection: 2)
        _ = host.join(grace, connection: 3)
        _ = host.advance(to: at(opens(0)))
        _ = host.receive(answer("q1", 1, request: "a1"), from: ConnectionID(1), at: at(11))
        _ = host.receive(answer("q1", 2, request: "b1"), from: ConnectionID(2), at: at(11))
        let outputs = host.advance(to: at(closes(0)))
        let ada = try #require(outputs.messages(to: 1).first?.result)
        let alan = try #require(outputs.messages(to: 2).first?.result)
        let grace = try #require(outputs.messages(to: 3).first?.result)
        #expect(ada.correct && ada.role == .player && ada.yourChoice == 1)
        #expect(!alan.correct && alan.role == .viewer && alan.yourChoice == 2)
        #expect(!grace.correct && grace.role == .viewer && grace.yourChoice == nil)
        #expect(ada.answerCounts == [0, 1, 1])
        #expect(ada.playersRemaining == 1)
        #expect(ada.wildcardDeadline == at(closes(0) + 6))
    }

    @Test("the last result has no wild-card window, then finish names the winners")
    func finish() throws {
        var host = makeHost()
        _ = host.join(ada, connection: 1)
        _ = host.join(alan, connection: 2)
        for (index, question) in threeQuestions.questions.enumerated() {
            _ = host.advance(to: at(opens(index)))
            _ = host.receive(
                answer(question.id, question.answer, request: RequestID("a\(index)")), from: ConnectionID(1), at: at(opens(index) + 1))
        }
        let last = host.advance(to: at(closes(2)))
        #expect(last.messages(to: 1).first?.result?.wildcardDeadline == nil)
        let outputs = host.advance(to: at(closes(2) + 6))
        let finish = try #require(outputs.messages(to: 1).first?.finish)
        #expect(finish.winners == [TriviaWinner(user: "ada", displayName: "Ada", correctAnswers: 3)])
        #expect(finish.summary == FinishSummary(questionCount: 3, playerCount: 2, winnerCount: 1))
        #expect(finish.you == FinalStanding(role: .player, winner: true, correctAnswers: 3, usedWildcard: false, balance: 1))
        #expect(outputs.messages(to: 2).first?.finish?.you.winner == false)
        #expect(host.isFinished && host.nextDeadline == nil)
    }

    @Test("finish lists at most `listedWinners` winners by name; the summary counts them all")
    func listedWinners() throws {
        let identities = (1...5).map { TriviaIdentity(user: UserID("u\($0)"), displayName: "U\($0)") }
        var host = TriviaHostCore(
            configuration: TriviaHostConfiguration(
                competition: "test-cup", title: "Test Cup", startsAt: at(10), listedWinners: 2),
            questions: [threeQuestions.questions[0]],
            authenticator: StaticTokenAuthenticator(Dictionary(uniqueKeysWithValues: identities.map { ("t-\($0.user)", $0) })))
        for (index, identity) in identities.enumerated() { _ = host.join(identity, connection: UInt64(index + 1)) }
        _ = host.advance(to: at(opens(0)))
        for index in identities.indices {
            _ = host.receive(answer("q1", 1, request: RequestID("r\(index)")), from: ConnectionID(UInt64(index + 1)), at: at(11))
        }
        let outputs = host.advance(to: at(40))  // the result, then finish
        let finish = try #require(outputs.messages(to: 1).compactMap(\.finish).first)
        #expect(finish.winners.map(\.user) == ["u1", "u2"])
        #expect(finish.summary.winnerCount == 5)
        #expect(host.winners.count == 5)
    }
}

@Suite("Reference host: wild-cards")
struct HostWildcardTests {
    /// Ada (balance 1) and Grace (balance 2) both answer q1 wrongly.
    func afterWrongFirstAnswer() -> TriviaHostCore {
        var host = makeHost()
        _ = host.join(ada, connection: 1)
        _ = host.join(grace, connection: 3)
        _ = host.join(alan, connection: 2)
        _ = host.advance(to: at(opens(0)))
        _ = host.receive(answer("q1", 0, request: "a1"), from: ConnectionID(1), at: at(11))
        _ = host.receive(answer("q1", 0, request: "g1"), from: ConnectionID(3), at: at(11))
        _ = host.receive(answer("q1", 1, request: "l1"), from: ConnectionID(2), at: at(11))
        _ = host.advance(to: at(closes(0)))
        return host
    }

    @Test("accepted after an incorrect answer: balance decremented once even when resent, player again")
    func accepted() throws {
        var host = afterWrongFirstAnswer()
        let first = host.receive(wildcard("q1", request: "w1"), from: ConnectionID(1), at: at(closes(0) + 1))
        let verdict = try #require(first.messages(to: 1).first)
        #expect(
            verdict.wildcardResult == WildcardResultPayload(requestId: "w1", questionId: "q1", accepted: true, balance: 0, role: .player))
        let resent = host.receive(wildcard("q1", request: "w1"), from: ConnectionID(1), at: at(closes(0) + 2))
        #expect(resent.messages(to: 1) == [verdict])
        #expect(host.balance(of: "ada") == 0)
        let next = host.advance(to: at(opens(1)))
        #expect(next.messages(to: 1).first?.question?.role == .player)
        #expect(host.standings.first { $0.user == "ada" }?.usedWildcard == true)
    }

    @Test("only one wild-card per competition")
    func oncePerCompetition() throws {
        var host = afterWrongFirstAnswer()
        _ = host.receive(wildcard("q1", request: "g-w1"), from: ConnectionID(3), at: at(closes(0) + 1))
        _ = host.advance(to: at(opens(1)))
        _ = host.receive(answer("q2", 1, request: "g2"), from: ConnectionID(3), at: at(opens(1) + 1))
        _ = host.advance(to: at(closes(1)))
        let outputs = host.receive(wildcard("q2", request: "g-w2"), from: ConnectionID(3), at: at(closes(1) + 1))
        #expect(outputs.messages(to: 3).first?.wildcardResult?.reason == .alreadyUsed)
        #expect(outputs.messages(to: 3).first?.wildcardResult?.role == .viewer)
        #expect(host.balance(of: "grace") == 1)
    }

    @Test("not after a correct answer, not without balance, not after the window, not on the last question")
    func rejections() {
        var host = afterWrongFirstAnswer()
        #expect(
            host.receive(wildcard("q1", request: "l-w"), from: ConnectionID(2), at: at(closes(0) + 1)).messages(to: 2).first?
                .wildcardResult?.reason == .notEligible)
        var noBalance = makeHost(balances: ["ada": 0])
        _ = noBalance.join(ada, connection: 1)
        _ = noBalance.advance(to: at(closes(0)))
        #expect(
            noBalance.receive(wildcard("q1", request: "w"), from: ConnectionID(1), at: at(closes(0) + 1)).messages(to: 1).first?
                .wildcardResult?.reason == .noBalance)
        #expect(
            host.receive(wildcard("q1", request: "late"), from: ConnectionID(1), at: at(opens(1) + 1)).messages(to: 1).compactMap(
                \.wildcardResult
            ).first?.reason == .tooLate)
        #expect(
            host.receive(wildcard("zz", request: "u"), from: ConnectionID(1), at: at(opens(1) + 1)).messages(to: 1).first?.wildcardResult?
                .reason == .unknownQuestion)

        var last = makeHost(questions: TriviaQuestionSet(id: "test-cup", title: "T", questions: [threeQuestions.questions[0]]))
        _ = last.join(ada, connection: 1)
        _ = last.advance(to: at(closes(0)))
        #expect(
            last.receive(wildcard("q1", request: "w"), from: ConnectionID(1), at: at(closes(0) + 1)).messages(to: 1).first?.wildcardResult?
                .reason == .tooLate)
        #expect(last.balance(of: "ada") == 1)
    }
}

@Suite("Reference host: resuming")
struct HostResumeTests {
    @Test("a reconnecting client gets exactly the stream messages after resumeFrom")
    func resume() throws {
        var host = makeHost()
        _ = host.join(ada, connection: 1)
        _ = host.advance(to: at(opens(0)))  // seq 1: q1
        _ = host.receive(answer("q1", 1, request: "r1"), from: ConnectionID(1), at: at(11))  // seq 2: ack
        _ = host.disconnect(ConnectionID(1), at: at(12))
        _ = host.advance(to: at(opens(1)))  // seq 3: result, seq 4: q2 (logged, not sent)
        let outputs = host.join(ada, connection: 2, resumeFrom: 2, at: at(opens(1) + 1))
        let messages = outputs.messages(to: 2)
        #expect(messages.first?.welcome?.lastSeq == 4)
        #expect(messages.first?.welcome?.resumed == true)
        #expect(messages.dropFirst().map(\.seq) == [3, 4])
        #expect(messages.dropFirst().first?.result?.questionId == "q1")
        #expect(messages.last?.question?.questionId == "q2")
    }

    @Test("a fresh join replays the whole retained stream")
    func freshJoinReplays() {
        var host = makeHost()
        _ = host.join(ada, connection: 1)
        _ = host.advance(to: at(closes(0)))
        let outputs = host.join(ada, connection: 2, at: at(closes(0) + 1))
        #expect(outputs.messages(to: 2).dropFirst().map(\.seq) == [1, 2])
    }

    @Test("resuming from a seq this host never sent (it restarted) ends the game for that client")
    func resumeAfterRestart() {
        var restarted = makeHost()
        _ = restarted.advance(to: at(opens(1)))
        let outputs = restarted.join(ada, connection: 1, resumeFrom: 4, at: at(opens(1) + 1))
        let error = outputs.messages(to: 1).first?.error
        #expect(error?.code == .competitionReset)
        #expect(error?.message.contains("restarted") == true)
        #expect(outputs.closes(1))
        #expect(restarted.standings.isEmpty, "the user is not registered by a failed resume")
        let fresh = restarted.join(ada, connection: 2, at: at(opens(1) + 2))
        #expect(fresh.messages(to: 2).first?.welcome?.role == .viewer, "a fresh join still works (as a late viewer)")
    }

    @Test("the log is bounded; a gap is reported with resumed: false")
    func boundedLog() {
        var host = makeHost(logLimit: 2)
        _ = host.join(ada, connection: 1)
        _ = host.disconnect(ConnectionID(1), at: at(1))
        _ = host.advance(to: at(opens(2)))  // q1, result, q2, result, q3: seqs 1…5
        let outputs = host.join(ada, connection: 2, resumeFrom: 1, at: at(opens(2) + 1))
        let messages = outputs.messages(to: 2)
        #expect(messages.first?.welcome?.resumed == false)
        #expect(messages.dropFirst().map(\.seq) == [4, 5], "the retained tail, which ends on the current screen")
    }
}
