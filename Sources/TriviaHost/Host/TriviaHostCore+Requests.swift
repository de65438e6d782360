import Foundation
import Trivia

extension TriviaHostCore {
    // MARK: Join

    mutating func join(_ join: JoinPayload, envelope: ClientEnvelope, on connection: ConnectionID, at now: Date) -> [HostOutput] {
        guard connections[connection]?.user == nil else {
            return [
                control(
                    .error(ErrorPayload(code: .alreadyJoined, message: "this connection already joined", ref: envelope.id)), on: connection)
            ]
        }
        guard let identity = authenticator.identity(forToken: join.token), identity.user == join.user else {
            return [
                control(
                    .error(ErrorPayload(code: .unauthorized, message: "the token is not valid for user \(join.user)", ref: envelope.id)),
                    on: connection)
            ]
                + close(connection, reason: .unauthorized)
        }
        guard join.competition == configuration.competition else {
            let message = "this host runs \(configuration.competition), not \(join.competition)"
            return [control(.error(ErrorPayload(code: .unknownCompetition, message: message, ref: envelope.id)), on: connection)]
                + close(connection, reason: .unknownCompetition)
        }

        let user = identity.user
        let sent = slots[user].map { records[$0].seq } ?? 0
        if let resumeFrom = join.resumeFrom, resumeFrom > sent {
            // The client processed messages this host never sent: the host restarted (or lost
            // its state) and the competition the client was in cannot continue.
            let message =
                "the game server restarted and this competition cannot be resumed "
                + "(you had message \(resumeFrom), this server has sent \(sent))"
            return [control(.error(ErrorPayload(code: .competitionReset, message: message, ref: envelope.id)), on: connection)]
                + close(connection, reason: .competitionReset)
        }

        var outputs: [HostOutput] = []
        if let previous = slots[user].flatMap({ records[$0].connection }), previous != connection {
            outputs.append(control(.error(ErrorPayload(code: .replaced, message: "\(user) joined on another connection")), on: previous))
            outputs += close(previous, reason: .replaced)
        }
        let isNew = slots[user] == nil
        if isNew {
            slots[user] = records.count
            records.append(HostUser(identity: identity, role: roleForNewcomer))
            if case .open(0, _, _) = phase { startingPlayers += 1 }
        }
        guard let slot = slots[user] else { return outputs }
        records[slot].identity.displayName = identity.displayName
        records[slot].connection = connection
        connections[connection]?.user = user

        let record = records[slot]
        let resumeFrom = join.resumeFrom ?? 0
        let firstRetained = record.log.first?.seq ?? (record.seq + 1)
        let welcome = WelcomePayload(
            user: user, displayName: identity.displayName,
            competition: CompetitionInfo(
                id: configuration.competition, title: configuration.title, questionCount: questions.count,
                startsAt: configuration.startsAt),
            role: record.role, balance: balance(of: user), usedWildcard: record.usedWildcard,
            correctAnswers: record.correctAnswers, serverTime: now, lastSeq: record.seq,
            resumed: firstRetained <= resumeFrom + 1)
        outputs.append(control(.welcome(welcome), on: connection))
        outputs += record.log.filter { $0.seq > resumeFrom }.map { $0.output(to: connection) }
        // A new user, or a resume the retained log no longer covers and whose tail does not end
        // on the current screen (the message that put it up was cut): it is sent again, as a new
        // stream message.
        if isNew || (!welcome.resumed && !showsCurrentScreen(record.log)) { outputs += catchUp(user) }
        return outputs
    }

    /// Whether the last screen-setting message in `log` (a question, a result, `finish`) is the
    /// one for the current phase.
    func showsCurrentScreen(_ log: [StreamEntry]) -> Bool {
        let screen = log.lazy.reversed().compactMap { entry -> ServerMessage? in
            let message: ServerMessage =
                switch entry {
                case .single(let stored): stored.envelope.message
                case .shared(let broadcast, _): broadcast.message
                }
            switch message {
            case .question, .result, .finish: return message
            default: return nil
            }
        }.first
        switch (phase, screen) {
        case (.lobby, _): return true
        case (.open(let index, _, _), .question(let question)?): return question.index == index
        case (.reviewing(let index, _), .result(let result)?): return result.questionId == questions[index].id
        case (.finished, .finish?): return true
        default: return false
        }
    }

    /// Players are those who join before the first question closes; later arrivals watch.
    var roleForNewcomer: TriviaRole {
        switch phase {
        case .lobby, .open(0, _, _): .player
        default: .viewer
        }
    }

    /// What a user needs to see the current screen: sent after the `welcome` of a user who
    /// joins mid-competition, and of one whose resume the retained log no longer covers. It
    /// is a new stream message: the open question, the result of the question under review
    /// exactly as everyone got it when it closed (``closedResult``: the same counts and
    /// `playersRemaining`, with this user's own choice, correctness and role), or `finish`.
    mutating func catchUp(_ user: UserID) -> [HostOutput] {
        guard let slot = slots[user] else { return [] }
        let record = records[slot]
        switch phase {
        case .lobby:
            return []
        case .open(let index, _, _):
            return emit(.question(questionPayload(index, role: record.role)), to: user)
        case .reviewing:
            guard var result = closedResult else { return [] }
            result.yourChoice = record.answers[result.questionId]
            result.correct = record.lastAnswerCorrect
            result.role = record.role
            return emit(.result(result), to: user)
        case .finished:
            let winners = self.winners
            let summary = FinishSummary(questionCount: questions.count, playerCount: startingPlayers, winnerCount: winners.count)
            return emit(.finish(finishPayload(for: record, winners: winners, summary: summary)), to: user)
        }
    }

    // MARK: Answers

    /// One answer per player per question, before the deadline, for the open question.
    mutating func evaluate(_ answer: AnswerPayload, slot: Int, at now: Date) -> ServerMessage {
        func rejected(_ reason: AnswerRejection) -> ServerMessage {
            .answerAck(
                AnswerAckPayload(
                    requestId: answer.requestId, questionId: answer.questionId, status: .rejected, reason: reason, choice: answer.choice))
        }
        guard let asked = questions.firstIndex(where: { $0.id == answer.questionId }) else { return rejected(.unknownQuestion) }
        guard case .open(let index, _, let deadline) = phase, index == asked else {
            return rejected(hasOpened(asked) ? .late : .notOpen)
        }
        guard now < deadline else { return rejected(.late) }
        guard records[slot].role == .player else { return rejected(.notAPlayer) }
        guard questions[index].choices.indices.contains(answer.choice) else { return rejected(.invalidChoice) }
        guard records[slot].answers[answer.questionId] == nil else { return rejected(.alreadyAnswered) }
        records[slot].answers[answer.questionId] = answer.choice
        return .answerAck(
            AnswerAckPayload(requestId: answer.requestId, questionId: answer.questionId, status: .accepted, choice: answer.choice))
    }

    /// Whether question `index` has opened by now (it may have closed since).
    func hasOpened(_ index: Int) -> Bool {
        switch phase {
        case .lobby: false
        case .open(let current, _, _), .reviewing(let current, _): index <= current
        case .finished: true
        }
    }

    // MARK: Wild-cards

    /// Only after an incorrect (or missing) answer to the question that just closed, before
    /// its wild-card deadline, once per competition, with a positive balance, checked in the
    /// document's order: `unknownQuestion`, `tooLate` (its window is over, or it was the last
    /// question), `notEligible` (it has not closed yet, or the user did not lose on it),
    /// `alreadyUsed`, `noBalance`. The balance is decremented here, once; resends are answered
    /// from the idempotency store.
    mutating func evaluate(_ request: UseWildcardPayload, slot: Int, at now: Date) -> ServerMessage {
        let user = records[slot].identity.user
        func verdict(_ reason: WildcardRejection?) -> ServerMessage {
            .wildcardResult(
                WildcardResultPayload(
                    requestId: request.requestId, questionId: request.questionId, accepted: reason == nil, reason: reason,
                    balance: balance(of: user), role: records[slot].role))
        }
        guard let asked = questions.firstIndex(where: { $0.id == request.questionId }) else { return verdict(.unknownQuestion) }
        switch phase {
        case .reviewing(let index, let until) where index == asked:
            guard index + 1 < questions.count, now < until else { return verdict(.tooLate) }
        case .reviewing(let index, _) where asked < index, .open(let index, _, _) where asked < index:
            return verdict(.tooLate)
        case .finished:
            return verdict(.tooLate)
        case .lobby, .open, .reviewing:
            // The question has not closed yet: nobody has lost on it.
            return verdict(.notEligible)
        }
        guard records[slot].lostOn == request.questionId else { return verdict(.notEligible) }
        guard !records[slot].usedWildcard else { return verdict(.alreadyUsed) }
        guard balance(of: user) > 0 else { return verdict(.noBalance) }
        ledger[user] = balance(of: user) - 1
        records[slot].usedWildcard = true
        records[slot].role = .player
        return verdict(nil)
    }

    // MARK: Inspection

    /// Every user in join order, for tests, the `exercises` screen and dashboards.
    public var standings: [HostUserSnapshot] {
        records.map { record in
            HostUserSnapshot(
                user: record.identity.user, displayName: record.identity.displayName, role: record.role,
                correctAnswers: record.correctAnswers, usedWildcard: record.usedWildcard,
                balance: balance(of: record.identity.user), answers: record.answers,
                isConnected: record.connection != nil, lastSeq: record.seq)
        }
    }
}
