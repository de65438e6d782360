import Foundation
import Testing

@testable import Trivia
@testable import TriviaHost

@Suite("Client rules: launch and balance")
struct ClientLaunchTests {
    @Test("at launch the balance is fetched from the API and the socket connects")
    func launchFetchesBalanceAndConnects() {
        var machine = MachineHarness()
        #expect(machine.send(.launched) == [.fetchBalance, .connect])
        #expect(machine.state.balance == .loading(attempt: 1))
        #expect(machine.state.link == .connecting(attempt: 1))
        #expect(machine.send(.launched).isEmpty, "launching twice does nothing")
    }

    @Test("a failed balance fetch is retried with growing delays, then the game goes on without wild-cards")
    func balanceRetriesThenGivesUp() {
        var machine = MachineHarness()
        machine.send(.launched)
        let outage = WildcardBalanceError.network(NetworkErrorDescription(text: "HTTP 503", isTransient: true))
        #expect(machine.send(.balanceFailed(outage)) == [.startTimer(.balanceRetry, after: .seconds(2))])
        #expect(machine.send(.timerFired(.balanceRetry)) == [.fetchBalance])
        #expect(machine.send(.balanceFailed(outage)) == [.startTimer(.balanceRetry, after: .seconds(4))])
        machine.send(.timerFired(.balanceRetry))
        #expect(machine.send(.balanceFailed(outage)).isEmpty)
        #expect(machine.state.balance == .unavailable("HTTP 503"))
        #expect(machine.state.notice == .balanceUnavailable("HTTP 503"))

        // The game still works, and an incorrect answer offers no wild-card.
        machine.send(.connected)
        machine.receive(.welcome(machine.welcomePayload(balance: nil)))
        machine.receive(questionMessage(0))
        machine.now = at(11)
        machine.send(.choiceSelected(0))
        #expect(machine.sent.count == 1)
        machine.now = at(20)
        machine.receive(resultMessage(0, yourChoice: 0))
        #expect(machine.resultRound?.wildcard == .notOffered)
    }

    @Test("a balance refused with 401 is not retried")
    func unauthorizedBalanceNotRetried() {
        var machine = MachineHarness()
        machine.send(.launched)
        #expect(machine.send(.balanceFailed(.unauthorized("expired"))).isEmpty)
        #expect(machine.state.balance == .unavailable("not signed in: expired"))
    }

    @Test("the host's balance in welcome wins over a late HTTP answer")
    func hostBalanceWins() {
        var machine = MachineHarness()
        machine.send(.launched)
        machine.send(.connected)
        machine.receive(.welcome(machine.welcomePayload(balance: 2)))
        machine.send(.balanceLoaded(5))
        #expect(machine.state.balance == .known(2))
    }
}

@Suite("Client rules: questions and answers")
struct ClientAnswerTests {
    @Test("the competition starts when the first question arrives")
    func competitionStartsWithFirstQuestion() {
        var machine = MachineHarness()
        machine.online()
        #expect(!machine.state.hasStarted)
        #expect(machine.state.phase == .waiting)
        machine.now = at(10)
        machine.receive(questionMessage(0))
        #expect(machine.state.hasStarted)
        #expect(machine.round?.question.questionId == "q1")
        #expect(machine.round?.isLocked == false)
    }

    @Test("each question is shown when it arrives")
    func questionShownWhenItArrives() {
        var machine = MachineHarness()
        machine.online()
        machine.receive(questionMessage(0))
        machine.receive(resultMessage(0, yourChoice: nil))
        machine.receive(questionMessage(1, role: .viewer))
        #expect(machine.round?.question.questionId == "q2")
    }

    @Test("sending an answer locks the screen; only the acknowledgement for that request confirms it")
    func answerLocksUntilAcknowledged() throws {
        var machine = MachineHarness()
        machine.online()
        machine.now = at(10)
        machine.receive(questionMessage(0))
        machine.now = at(12)
        let effects = machine.send(.choiceSelected(1))
        #expect(machine.sent == [.answer(AnswerPayload(requestId: "ios-r1", questionId: "q1", choice: 1))])
        #expect(effects.contains(.startTimer(.answerResend("ios-r1"), after: .seconds(2))))
        #expect(effects.contains(.startTimer(.answerDeadline("q1"), after: .seconds(8))))
        #expect(machine.round?.answer == .sending(choice: 1, request: "ios-r1", sends: 1))
        #expect(machine.round?.isLocked == true)

        #expect(machine.send(.choiceSelected(2)).isEmpty, "nothing can be touched while locked")
        machine.receive(.answerAck(AnswerAckPayload(requestId: "other", questionId: "q1", status: .accepted, choice: 2)))
        #expect(machine.round?.answer == .sending(choice: 1, request: "ios-r1", sends: 1), "an ack for another request confirms nothing")

        let confirm = machine.receive(.answerAck(AnswerAckPayload(requestId: "ios-r1", questionId: "q1", status: .accepted, choice: 1)))
        #expect(machine.round?.answer == .confirmed(choice: 1))
        #expect(confirm == [.cancelTimer(.answerResend("ios-r1")), .cancelTimer(.answerDeadline("q1"))])
        #expect(machine.round?.isLocked == true, "still locked until the result")
    }

    @Test("no acknowledgement in time: the same request is resent, a bounded number of times")
    func resendsSameRequestBounded() {
        var machine = MachineHarness()
        machine.online()
        machine.receive(questionMessage(0))
        machine.now = at(11)
        machine.send(.choiceSelected(1))
        var sends = 1
        for second in [13.0, 15, 17, 19] {
            machine.now = at(second)
            machine.send(.timerFired(.answerResend("ios-r1")))
            sends += machine.sent.count
            for message in machine.sent {
                #expect(message == .answer(AnswerPayload(requestId: "ios-r1", questionId: "q1", choice: 1)))
            }
        }
        #expect(sends == 3, "maxSends is 3")
    }

    @Test("if the deadline passes without acknowledgement the user is told the answer was not delivered")
    func deadlinePassesNotDelivered() {
        var machine = MachineHarness()
        machine.online()
        machine.receive(questionMessage(0))
        machine.now = at(11)
        machine.send(.choiceSelected(1))
        machine.now = at(20)
        #expect(machine.send(.timerFired(.answerDeadline("q1"))) == [.cancelTimer(.answerResend("ios-r1"))])
        #expect(machine.round?.answer == .notDelivered(choice: 1, request: "ios-r1"))
        #expect(machine.state.notice == .answerNotDelivered)
        #expect(machine.send(.timerFired(.answerResend("ios-r1"))).isEmpty)
        // An acknowledgement that still arrives is the truth.
        machine.receive(.answerAck(AnswerAckPayload(requestId: "ios-r1", questionId: "q1", status: .accepted, choice: 1)))
        #expect(machine.round?.answer == .confirmed(choice: 1))
        #expect(machine.state.notice == nil)
    }

    @Test("a rejected answer shows the reason and stays locked")
    func rejectedAnswer() {
        var machine = MachineHarness()
        machine.online()
        machine.receive(questionMessage(0))
        machine.send(.choiceSelected(1))
        machine.receive(.answerAck(AnswerAckPayload(requestId: "ios-r1", questionId: "q1", status: .rejected, reason: .late, choice: 1)))
        #expect(machine.round?.answer == .rejected(choice: 1, reason: .late))
        #expect(machine.send(.choiceSelected(0)).isEmpty)
    }

    @Test("choices cannot be selected after the local deadline or out of range")
    func selectionGuards() {
        var machine = MachineHarness()
        machine.online()
        machine.receive(questionMessage(0))
        #expect(machine.send(.choiceSelected(7)).isEmpty)
        machine.now = at(20)
        #expect(machine.send(.choiceSelected(1)).isEmpty)
        #expect(machine.round?.answer == MachineHarness().round?.answer ?? AnswerState.none)
    }

    @Test("a viewer watches: questions and results show, answering is disabled")
    func viewerWatches() {
        var machine = MachineHarness()
        machine.online(role: .viewer)
        machine.receive(questionMessage(0, role: .viewer))
        #expect(machine.round != nil)
        #expect(machine.send(.choiceSelected(1)).isEmpty)
        machine.receive(resultMessage(0, yourChoice: nil, role: .viewer))
        #expect(machine.resultRound?.wasPlayer == false)
        #expect(machine.resultRound?.wildcard == .notOffered)
    }

    @Test("the pure form leaves the original state untouched")
    func handlingIsPure() {
        let machine = MachineHarness()
        let (next, effects) = machine.state.handling(.launched, at: at(0))
        #expect(machine.state.link == .idle)
        #expect(next.link == .connecting(attempt: 1))
        #expect(effects == [.fetchBalance, .connect])
    }
}

@Suite("Client rules: results and wild-cards")
struct ClientWildcardTests {
    /// Online with `balance`, question 1 answered with `choice` and its result received.
    func answered(_ choice: Int?, balance: Int = 1, last: Bool = false) -> MachineHarness {
        var machine = MachineHarness()
        machine.online(balance: balance)
        machine.now = at(10)
        machine.receive(questionMessage(0))
        if let choice {
            machine.now = at(12)
            machine.send(.choiceSelected(choice))
            machine.receive(.answerAck(AnswerAckPayload(requestId: "ios-r1", questionId: "q1", status: .accepted, choice: choice)))
        }
        machine.now = at(20.1)
        machine.receive(resultMessage(0, yourChoice: choice, last: last))
        return machine
    }

    @Test("the result screen shows correct: the user stays a player, no offer")
    func correctStaysPlayer() {
        let machine = answered(1)
        #expect(machine.resultRound?.result.correct == true)
        #expect(machine.state.role == .player)
        #expect(machine.resultRound?.wildcard == .notOffered)
        #expect(machine.state.correctAnswers == 1)
    }

    @Test("incorrect + has a wild-card + none used: the wild-card is offered until its deadline")
    func incorrectOffersWildcard() {
        let machine = answered(0)
        #expect(machine.resultRound?.result.correct == false)
        #expect(machine.state.role == .viewer)
        #expect(machine.resultRound?.wildcard == .offered(deadline: at(26)))
        #expect(machine.effects.contains(.startTimer(.wildcardDeadline("q1"), after: .seconds(at(26).timeIntervalSince(at(20.1))))))
    }

    @Test("no answer counts as incorrect and also gets the offer")
    func unansweredOffers() {
        #expect(answered(nil).resultRound?.wildcard == .offered(deadline: at(26)))
    }

    @Test("no offer without a balance, after one was used, or after the last question")
    func noOffer() {
        #expect(answered(0, balance: 0).resultRound?.wildcard == .notOffered)
        #expect(answered(0, last: true).resultRound?.wildcard == .notOffered)

        var machine = answered(0, balance: 2)
        machine.send(.wildcardAccepted)
        machine.receive(
            .wildcardResult(WildcardResultPayload(requestId: "ios-r2", questionId: "q1", accepted: true, balance: 1, role: .player)))
        machine.now = at(26)
        machine.receive(questionMessage(1))
        machine.send(.choiceSelected(2))
        machine.now = at(36)
        machine.receive(resultMessage(1, yourChoice: 2))
        #expect(machine.state.knownBalance == 1)
        #expect(machine.resultRound?.wildcard == .notOffered, "one wild-card per competition")
    }

    @Test("using the wild-card sends a message; confirmed by the host, the user stays a player")
    func wildcardConfirmed() {
        var machine = answered(0)
        machine.send(.wildcardAccepted)
        #expect(machine.sent == [.useWildcard(UseWildcardPayload(requestId: "ios-r2", questionId: "q1"))])
        #expect(machine.resultRound?.wildcard == .sending(request: "ios-r2", sends: 1, deadline: at(26)))
        machine.receive(
            .wildcardResult(WildcardResultPayload(requestId: "ios-r2", questionId: "q1", accepted: true, balance: 0, role: .player)))
        #expect(machine.resultRound?.wildcard == .accepted(balance: 0))
        #expect(machine.state.role == .player)
        #expect(machine.state.usedWildcard)
        #expect(machine.state.knownBalance == 0)
    }

    @Test("not confirmed by the host: the user becomes a viewer")
    func wildcardRejected() {
        var machine = answered(0)
        machine.send(.wildcardAccepted)
        machine.receive(
            .wildcardResult(
                WildcardResultPayload(requestId: "ios-r2", questionId: "q1", accepted: false, reason: .tooLate, balance: 1, role: .viewer)))
        #expect(machine.resultRound?.wildcard == .rejected(reason: .tooLate))
        #expect(machine.state.role == .viewer)
        #expect(!machine.state.usedWildcard)
    }

    @Test("declining the offer: the user becomes a viewer")
    func wildcardDeclined() {
        var machine = answered(0)
        #expect(machine.send(.wildcardDeclined) == [.cancelTimer(.wildcardDeadline("q1"))])
        #expect(machine.resultRound?.wildcard == .declined)
        #expect(machine.state.role == .viewer)
        #expect(machine.send(.wildcardAccepted).isEmpty)
    }

    @Test("the offer runs out at its deadline; a request without verdict by then leaves the user a viewer")
    func wildcardDeadline() {
        var expired = answered(0)
        expired.now = at(26)
        expired.send(.timerFired(.wildcardDeadline("q1")))
        #expect(expired.resultRound?.wildcard == .expired)

        var unconfirmed = answered(0)
        unconfirmed.send(.wildcardAccepted)
        unconfirmed.now = at(22.1)
        unconfirmed.send(.timerFired(.wildcardResend("ios-r2")))
        #expect(unconfirmed.sent == [.useWildcard(UseWildcardPayload(requestId: "ios-r2", questionId: "q1"))], "resent with the same id")
        unconfirmed.now = at(26)
        unconfirmed.send(.timerFired(.wildcardDeadline("q1")))
        #expect(unconfirmed.resultRound?.wildcard == .notConfirmed(request: "ios-r2"))
        #expect(unconfirmed.state.notice == .wildcardNotConfirmed)
        #expect(unconfirmed.state.role == .viewer)
    }

    @Test("the finish message shows the final screen and ends the connection")
    func finishShowsFinalScreen() {
        var machine = answered(1)
        let finish = FinishPayload(
            competition: "test-cup", summary: FinishSummary(questionCount: 3, playerCount: 3, winnerCount: 1),
            winners: [TriviaWinner(user: "ada", displayName: "Ada", correctAnswers: 3)],
            you: FinalStanding(role: .player, winner: true, correctAnswers: 3, usedWildcard: false, balance: 1))
        #expect(machine.receive(.finish(finish)) == [.cancelAllTimers, .disconnect])
        #expect(machine.state.phase == .finished(finish))
        #expect(machine.state.link == .closed(.finished))
        #expect(machine.send(.disconnected(nil)).isEmpty, "no reconnect after the end")
        #expect(machine.send(.choiceSelected(0)).isEmpty)
    }
}

@Suite("Client rules: robustness")
struct ClientRobustnessTests {
    @Test("duplicate and out-of-order (older) stream messages are ignored")
    func duplicatesIgnored() {
        var machine = MachineHarness()
        machine.online()
        machine.receive(questionMessage(0), seq: 1)
        machine.receive(resultMessage(0, yourChoice: nil), seq: 2)
        machine.receive(questionMessage(1, role: .viewer), seq: 3)
        let before = machine.state
        #expect(machine.receive(questionMessage(1, role: .viewer), seq: 3).isEmpty)
        #expect(machine.receive(questionMessage(0), seq: 1).isEmpty)
        #expect(machine.receive(resultMessage(0, yourChoice: 1), seq: 2).isEmpty)
        #expect(machine.state == before)
        #expect(machine.state.lastSeq == 3)
    }

    @Test("a disconnect reconnects with exponential backoff and jitter, and resumes from the last sequence")
    func reconnectsAndResumes() throws {
        var machine = MachineHarness()
        machine.online()
        machine.receive(questionMessage(0), seq: 4)
        var delays: [Double] = []
        var effects = machine.send(.disconnected(.closed("lost")))
        for attempt in 1...6 {
            guard case .waitingToReconnect(attempt, let delay) = machine.state.link else {
                Issue.record("expected to wait before attempt \(attempt): \(machine.state.link)")
                return
            }
            #expect(effects.contains(.startTimer(.reconnect, after: delay)))
            delays.append(delay.timeInterval)
            #expect(machine.send(.timerFired(.reconnect)) == [.connect])
            effects = machine.send(.connectionFailed(.connectionFailed("refused")))
        }
        let ceilings = [0.5, 1, 2, 4, 8, 8]
        for (delay, ceiling) in zip(delays, ceilings) {
            #expect(delay >= ceiling / 2 && delay <= ceiling, "\(delay) within [\(ceiling / 2), \(ceiling)]")
        }
        machine.send(.timerFired(.reconnect))
        machine.send(.connected)
        #expect(machine.sent == [.join(JoinPayload(user: "ada", token: "t-ada", competition: "test-cup", resumeFrom: 4))])
        machine.receive(.welcome(machine.welcomePayload(lastSeq: 4)))
        #expect(machine.state.link == .online)
        machine.send(.disconnected(nil))
        guard case .waitingToReconnect(1, _) = machine.state.link else {
            Issue.record("the backoff restarts after a successful join")
            return
        }
    }

    @Test("a result replayed after a resume is not counted again: welcome's count already has it")
    func replayedResultCountedOnce() {
        var machine = MachineHarness()
        machine.online()
        machine.receive(questionMessage(0), seq: 1)
        machine.send(.choiceSelected(1))
        machine.send(.disconnected(.closed("lost")))
        machine.send(.timerFired(.reconnect))
        machine.send(.connected)
        var welcome = machine.welcomePayload(lastSeq: 3)
        welcome.correctAnswers = 1  // the host closed q1 (seq 3) while the client was away
        machine.receive(.welcome(welcome))
        machine.receive(.answerAck(AnswerAckPayload(requestId: "ios-r1", questionId: "q1", status: .accepted, choice: 1)), seq: 2)
        machine.receive(resultMessage(0, yourChoice: 1), seq: 3)
        #expect(machine.state.correctAnswers == 1)
        #expect(machine.resultRound?.result.correct == true)
        machine.receive(questionMessage(1), seq: 4)
        machine.send(.choiceSelected(0))
        machine.receive(resultMessage(1, yourChoice: 0), seq: 5)
        #expect(machine.state.correctAnswers == 2, "live results still count")
    }

    @Test("an answer waiting for its acknowledgement is resent with the same id after reconnecting")
    func pendingAnswerResentAfterReconnect() {
        var machine = MachineHarness()
        machine.online()
        machine.receive(questionMessage(0))
        machine.now = at(11)
        machine.send(.choiceSelected(1))
        machine.send(.disconnected(nil))
        machine.send(.timerFired(.reconnect))
        machine.send(.connected)
        machine.receive(.welcome(machine.welcomePayload()))
        #expect(machine.sent == [.answer(AnswerPayload(requestId: "ios-r1", questionId: "q1", choice: 1))])
    }

    @Test("an answer tapped while offline goes out once the client has rejoined")
    func answerWhileOffline() {
        var machine = MachineHarness()
        machine.online()
        machine.receive(questionMessage(0))
        machine.send(.disconnected(nil))
        machine.now = at(11)
        machine.send(.choiceSelected(2))
        #expect(machine.sent.isEmpty)
        #expect(machine.round?.answer == .sending(choice: 2, request: "ios-r1", sends: 0))
        machine.send(.timerFired(.reconnect))
        machine.send(.connected)
        machine.receive(.welcome(machine.welcomePayload()))
        #expect(machine.sent == [.answer(AnswerPayload(requestId: "ios-r1", questionId: "q1", choice: 2))])
    }

    @Test("a question that arrives while a result is pending replaces the screen; its role decides")
    func questionWhileResultPending() {
        var machine = MachineHarness()
        machine.online()
        machine.receive(questionMessage(0))
        machine.send(.choiceSelected(1))
        machine.receive(.answerAck(AnswerAckPayload(requestId: "ios-r1", questionId: "q1", status: .accepted, choice: 1)))
        // The result of q1 never arrives; q2 does.
        let effects = machine.receive(questionMessage(1, role: .player))
        #expect(machine.round?.question.questionId == "q2")
        #expect(machine.round?.answer == AnswerState.none)
        #expect(machine.state.role == .player)
        #expect(effects.contains(.cancelTimer(.answerDeadline("q1"))))
        // The late result of q1 does not take the screen back.
        machine.receive(resultMessage(0, yourChoice: 1))
        #expect(machine.round?.question.questionId == "q2")
    }

    @Test("a question that arrives during the wild-card offer withdraws it")
    func questionWithdrawsOffer() {
        var machine = MachineHarness()
        machine.online()
        machine.receive(questionMessage(0))
        machine.receive(resultMessage(0, yourChoice: nil))
        #expect(machine.resultRound?.wildcard == .offered(deadline: at(26)))
        let effects = machine.receive(questionMessage(1, role: .viewer))
        #expect(effects.contains(.cancelTimer(.wildcardDeadline("q1"))))
        #expect(machine.state.role == .viewer)
        #expect(machine.send(.wildcardAccepted).isEmpty)
    }

    @Test("a result for a question this client never saw (late join) is shown")
    func resultWithoutQuestion() {
        var machine = MachineHarness()
        machine.online(role: .viewer)
        machine.receive(resultMessage(0, yourChoice: nil, role: .viewer))
        #expect(machine.resultRound?.question == nil)
        #expect(machine.resultRound?.result.questionId == "q1")
    }

    @Test("replaced by another device: no reconnecting")
    func replacedStops() {
        var machine = MachineHarness()
        machine.online()
        #expect(machine.receive(.error(ErrorPayload(code: .replaced, message: "elsewhere"))) == [.cancelAllTimers, .disconnect])
        #expect(machine.state.link == .closed(.replaced))
        #expect(machine.send(.disconnected(nil)).isEmpty)
    }

    @Test("a refused join closes with the host's message")
    func refusedJoin() {
        var machine = MachineHarness()
        machine.send(.launched)
        machine.send(.connected)
        machine.receive(.error(ErrorPayload(code: .unauthorized, message: "bad token")))
        #expect(machine.state.link == .closed(.refused(code: .unauthorized, message: "bad token")))
    }

    @Test("a host that lost the competition (restarted) ends the game: no reconnecting, a banner says why")
    func competitionReset() {
        var machine = MachineHarness()
        machine.online()
        let effects = machine.receive(.error(ErrorPayload(code: .competitionReset, message: "the game server restarted")))
        #expect(effects == [.cancelAllTimers, .disconnect])
        #expect(machine.state.link == .closed(.interrupted(message: "the game server restarted")))
        #expect(machine.send(.disconnected(nil)).isEmpty, "no reconnect after the competition is gone")
        let screen = TriviaViewStateBuilder(locale: Locale(identifier: "en_US"), timeZone: .gmt).screen(for: machine.state, at: at(0))
        #expect(screen.banner?.kind == .connection)
        #expect(screen.banner?.text.contains("restarted") == true)
    }

    @Test("new error codes a client does not act on are notices")
    func rateLimitedIsANotice() {
        var machine = MachineHarness()
        machine.online()
        #expect(machine.receive(.error(ErrorPayload(code: .rateLimited, message: "slow down"))).isEmpty)
        #expect(machine.state.link == .online)
        #expect(machine.state.notice == .hostError(code: .rateLimited, message: "slow down"))
    }

    @Test("silence for a whole heartbeat interval after a ping means a dead connection")
    func heartbeat() {
        var machine = MachineHarness()
        machine.online()
        machine.send(.timerFired(.heartbeat))
        #expect(machine.sent.first?.type == "ping")
        #expect(machine.effects.contains(.startTimer(.heartbeat, after: .seconds(15))))
        machine.receive(.pong(PongPayload(nonce: "hb", serverTime: at(15))))
        machine.send(.timerFired(.heartbeat))
        #expect(machine.sent.first?.type == "ping", "the pong kept the connection alive")
        let effects = machine.send(.timerFired(.heartbeat))
        #expect(effects.first == .disconnect)
        guard case .waitingToReconnect = machine.state.link else {
            Issue.record("expected a reconnect")
            return
        }
    }

    @Test("a malformed message is noted and changes nothing else")
    func malformedNoted() {
        var machine = MachineHarness()
        machine.online()
        machine.receive(questionMessage(0))
        let before = machine.state
        #expect(machine.send(.malformed(.malformed("payload.choice: expected Number"))).isEmpty)
        #expect(machine.state.notice == .ignoredMalformedMessage("payload.choice: expected Number"))
        #expect(machine.state.phase == before.phase)
    }

    @Test("host errors that do not end the connection become notices")
    func hostErrorNotice() {
        var machine = MachineHarness()
        machine.online()
        machine.receive(.error(ErrorPayload(code: .malformed, message: "oops")))
        #expect(machine.state.notice == .hostError(code: .malformed, message: "oops"))
        #expect(machine.state.link == .online)
    }
}
