import Foundation

extension TriviaClientState {
    // MARK: Incoming

    mutating func received(_ envelope: ServerEnvelope, at now: Date) -> [TriviaClientEffect] {
        awaitingPong = false
        if envelope.message.isStreamMessage {
            // Duplicates and out-of-order (older) stream messages change nothing.
            guard envelope.seq > lastSeq else { return [] }
            lastSeq = envelope.seq
        }
        switch envelope.message {
        case .welcome(let welcome): return self.welcome(welcome, at: now)
        case .question(let question): return show(question, at: now)
        case .answerAck(let ack): return acknowledge(ack)
        case .result(let result): return show(result, counted: envelope.seq <= scoredThrough, at: now)
        case .wildcardResult(let verdict): return wildcardVerdict(verdict)
        case .finish(let finish): return self.finish(finish)
        case .error(let error): return hostError(error)
        case .pong: return []
        }
    }

    mutating func welcome(_ welcome: WelcomePayload, at now: Date) -> [TriviaClientEffect] {
        guard link == .joining else { return [] }
        link = .online
        reconnectAttempt = 0
        role = welcome.role
        competition = welcome.competition
        displayName = welcome.displayName
        usedWildcard = welcome.usedWildcard
        correctAnswers = welcome.correctAnswers
        scoredThrough = welcome.lastSeq
        clockOffset = welcome.serverTime.timeIntervalSince(now)
        if let count = welcome.balance {
            balance = .known(count)
            balanceFromHost = true
        }
        return resendPending()
    }

    /// After (re)joining, requests still waiting for a verdict go out again with their ids.
    mutating func resendPending() -> [TriviaClientEffect] {
        switch phase {
        case .question(var round):
            guard case .sending(let choice, let request, let sends) = round.answer else { return [] }
            round.answer = .sending(choice: choice, request: request, sends: sends + 1)
            phase = .question(round)
            return [
                envelope(.answer(AnswerPayload(requestId: request, questionId: round.question.questionId, choice: choice))),
                .startTimer(.answerResend(request), after: configuration.ackTimeout),
            ]
        case .result(var round):
            guard case .sending(let request, let sends, let deadline) = round.wildcard else { return [] }
            round.wildcard = .sending(request: request, sends: sends + 1, deadline: deadline)
            phase = .result(round)
            return [
                envelope(.useWildcard(UseWildcardPayload(requestId: request, questionId: round.result.questionId))),
                .startTimer(.wildcardResend(request), after: configuration.ackTimeout),
            ]
        default:
            return []
        }
    }

    func localTime(_ hostTime: Date) -> Date {
        hostTime.addingTimeInterval(-clockOffset - configuration.deadlineMargin.timeInterval)
    }

    /// The competition starts with the first question; each question replaces the screen when
    /// it arrives, even if the previous result never came (the question says our role).
    mutating func show(_ question: QuestionPayload, at now: Date) -> [TriviaClientEffect] {
        if case .finished = phase { return [] }
        if case .question(let current) = phase, current.question.questionId == question.questionId { return [] }
        let effects = cancelRoundTimers()
        role = question.role
        phase = .question(QuestionRound(question: question, localDeadline: localTime(question.deadline), answer: .none))
        return effects
    }

    mutating func acknowledge(_ ack: AnswerAckPayload) -> [TriviaClientEffect] {
        guard case .question(var round) = phase, round.question.questionId == ack.questionId else { return [] }
        switch round.answer {
        case .sending(_, let request, _), .notDelivered(_, let request):
            guard request == ack.requestId else { return [] }
            round.answer =
                ack.status == .accepted
                ? .confirmed(choice: ack.choice)
                : .rejected(choice: ack.choice, reason: ack.reason ?? "rejected")
            phase = .question(round)
            if notice == .answerNotDelivered { notice = nil }
            return [.cancelTimer(.answerResend(request)), .cancelTimer(.answerDeadline(ack.questionId))]
        default:
            return []
        }
    }

    /// The result screen: correct or incorrect, and the wild-card offer when the exercise's
    /// rule holds (incorrect, has a wild-card, none used in this competition) and the host
    /// still accepts one for this question.
    /// - Parameter counted: the host's `welcome` already included this result in
    ///   ``correctAnswers`` (it is replayed after a resume), so it is not counted again.
    mutating func show(_ result: ResultPayload, counted: Bool = false, at now: Date) -> [TriviaClientEffect] {
        var question: QuestionPayload?
        switch phase {
        case .finished:
            return []
        case .result(let current) where current.result.questionId == result.questionId:
            return []
        case .question(let round):
            guard round.question.questionId == result.questionId else { return [] }
            question = round.question
        case .waiting, .result:
            question = nil
        }
        var effects = cancelRoundTimers()
        let wasPlayer = role == .player
        role = result.role
        if wasPlayer && result.correct && !counted { correctAnswers += 1 }
        var wildcard = WildcardState.notOffered
        if wasPlayer, !result.correct, !usedWildcard, (knownBalance ?? 0) > 0, let hostDeadline = result.wildcardDeadline {
            let deadline = localTime(hostDeadline)
            if deadline > now {
                wildcard = .offered(deadline: deadline)
                effects.append(.startTimer(.wildcardDeadline(result.questionId), after: .seconds(deadline.timeIntervalSince(now))))
            }
        }
        phase = .result(ResultRound(question: question, result: result, wasPlayer: wasPlayer, wildcard: wildcard))
        return effects
    }

    mutating func finish(_ finish: FinishPayload) -> [TriviaClientEffect] {
        phase = .finished(finish)
        role = finish.you.role
        usedWildcard = finish.you.usedWildcard
        correctAnswers = finish.you.correctAnswers
        if let count = finish.you.balance {
            balance = .known(count)
            balanceFromHost = true
        }
        link = .closed(.finished)
        return [.cancelAllTimers, .disconnect]
    }

    mutating func hostError(_ error: ErrorPayload) -> [TriviaClientEffect] {
        switch error.code {
        case .replaced:
            link = .closed(.replaced)
            return [.cancelAllTimers, .disconnect]
        case .unauthorized, .unknownCompetition:
            link = .closed(.refused(code: error.code, message: error.message))
            return [.cancelAllTimers, .disconnect]
        case .competitionReset:
            link = .closed(.interrupted(message: error.message))
            return [.cancelAllTimers, .disconnect]
        default:
            notice = .hostError(code: error.code, message: error.message)
            return []
        }
    }

    /// Timers that belong to the round on screen, cancelled when it is replaced.
    func roundTimers() -> [TriviaTimer] {
        switch phase {
        case .question(let round):
            var timers = [TriviaTimer.answerDeadline(round.question.questionId)]
            if case .sending(_, let request, _) = round.answer { timers.append(.answerResend(request)) }
            return timers
        case .result(let round):
            var timers = [TriviaTimer.wildcardDeadline(round.result.questionId)]
            if case .sending(let request, _, _) = round.wildcard { timers.append(.wildcardResend(request)) }
            return timers
        default:
            return []
        }
    }

    func cancelRoundTimers() -> [TriviaClientEffect] {
        roundTimers().map { .cancelTimer($0) }
    }

    // MARK: Answering

    /// A tap on a choice. Ignored unless the question is open, the user is a player, nothing
    /// was chosen yet and the local deadline has not passed; then the screen locks until the
    /// host acknowledges.
    mutating func select(_ choice: Int, at now: Date) -> [TriviaClientEffect] {
        guard case .question(var round) = phase, round.answer == .none, role == .player, !link.isClosed,
            now < round.localDeadline, round.question.choices.indices.contains(choice)
        else { return [] }
        let request = newRequestID()
        let online = isOnline
        round.answer = .sending(choice: choice, request: request, sends: online ? 1 : 0)
        phase = .question(round)
        var effects: [TriviaClientEffect] = []
        if online {
            effects.append(envelope(.answer(AnswerPayload(requestId: request, questionId: round.question.questionId, choice: choice))))
        }
        effects.append(.startTimer(.answerResend(request), after: configuration.ackTimeout))
        effects.append(.startTimer(.answerDeadline(round.question.questionId), after: .seconds(round.localDeadline.timeIntervalSince(now))))
        return effects
    }

    /// No acknowledgement in time: the same request again (the host answers it idempotently),
    /// at most ``TriviaClientConfiguration/maxSends`` times, never after the deadline.
    mutating func resendAnswer(_ request: RequestID, at now: Date) -> [TriviaClientEffect] {
        guard case .question(var round) = phase, case .sending(let choice, request, let sends) = round.answer,
            now < round.localDeadline, sends < configuration.maxSends
        else { return [] }
        var effects: [TriviaClientEffect] = []
        if isOnline {
            round.answer = .sending(choice: choice, request: request, sends: sends + 1)
            phase = .question(round)
            effects.append(envelope(.answer(AnswerPayload(requestId: request, questionId: round.question.questionId, choice: choice))))
        }
        effects.append(.startTimer(.answerResend(request), after: configuration.ackTimeout))
        return effects
    }

    mutating func answerDeadlinePassed(_ question: QuestionID) -> [TriviaClientEffect] {
        guard case .question(var round) = phase, round.question.questionId == question,
            case .sending(let choice, let request, _) = round.answer
        else { return [] }
        round.answer = .notDelivered(choice: choice, request: request)
        phase = .question(round)
        notice = .answerNotDelivered
        return [.cancelTimer(.answerResend(request))]
    }

    // MARK: Wild-cards

    mutating func useWildcard(at now: Date) -> [TriviaClientEffect] {
        guard case .result(var round) = phase, case .offered(let deadline) = round.wildcard, now < deadline, !link.isClosed else {
            return []
        }
        let request = newRequestID()
        let online = isOnline
        round.wildcard = .sending(request: request, sends: online ? 1 : 0, deadline: deadline)
        phase = .result(round)
        var effects: [TriviaClientEffect] = []
        if online {
            effects.append(envelope(.useWildcard(UseWildcardPayload(requestId: request, questionId: round.result.questionId))))
        }
        effects.append(.startTimer(.wildcardResend(request), after: configuration.ackTimeout))
        return effects
    }

    mutating func declineWildcard() -> [TriviaClientEffect] {
        guard case .result(var round) = phase, case .offered = round.wildcard else { return [] }
        round.wildcard = .declined
        phase = .result(round)
        return [.cancelTimer(.wildcardDeadline(round.result.questionId))]
    }

    mutating func resendWildcard(_ request: RequestID, at now: Date) -> [TriviaClientEffect] {
        guard case .result(var round) = phase, case .sending(request, let sends, let deadline) = round.wildcard,
            now < deadline, sends < configuration.maxSends
        else { return [] }
        var effects: [TriviaClientEffect] = []
        if isOnline {
            round.wildcard = .sending(request: request, sends: sends + 1, deadline: deadline)
            phase = .result(round)
            effects.append(envelope(.useWildcard(UseWildcardPayload(requestId: request, questionId: round.result.questionId))))
        }
        effects.append(.startTimer(.wildcardResend(request), after: configuration.ackTimeout))
        return effects
    }

    mutating func wildcardDeadlinePassed(_ question: QuestionID) -> [TriviaClientEffect] {
        guard case .result(var round) = phase, round.result.questionId == question else { return [] }
        switch round.wildcard {
        case .offered:
            round.wildcard = .expired
            phase = .result(round)
            return []
        case .sending(let request, _, _):
            round.wildcard = .notConfirmed(request: request)
            phase = .result(round)
            notice = .wildcardNotConfirmed
            return [.cancelTimer(.wildcardResend(request))]
        default:
            return []
        }
    }

    /// The host's verdict: accepted keeps the user a player, anything else leaves them a viewer.
    /// The balance always follows the host.
    mutating func wildcardVerdict(_ verdict: WildcardResultPayload) -> [TriviaClientEffect] {
        balance = .known(verdict.balance)
        balanceFromHost = true
        if verdict.accepted { usedWildcard = true }
        guard case .result(var round) = phase, round.result.questionId == verdict.questionId else { return [] }
        switch round.wildcard {
        case .sending(let request, _, _), .notConfirmed(let request):
            guard request == verdict.requestId else { return [] }
            round.wildcard = verdict.accepted ? .accepted(balance: verdict.balance) : .rejected(reason: verdict.reason ?? "rejected")
            role = verdict.role
            phase = .result(round)
            if notice == .wildcardNotConfirmed { notice = nil }
            return [.cancelTimer(.wildcardResend(request)), .cancelTimer(.wildcardDeadline(verdict.questionId))]
        default:
            return []
        }
    }
}
