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
        if isNew { outputs += catchUp(user) }
        return outputs
    }

    /// Players are those who join before the first question closes; later arrivals watch.
    var roleForNewcomer: TriviaRole {
        switch phase {
        case .lobby, .open(0, _, _): .player
        default: .viewer
        }
    }

    /// What a user joining mid-competition needs to see the current screen.
    mutating func catchUp(_ user: UserID) -> [HostOutput] {
        guard let slot = slots[user] else { return [] }
        let record = records[slot]
        switch phase {
        case .lobby:
            return []
        case .open(let index, _, _):
            return emit(.question(questionPayload(index, role: record.role)), to: user)
        case .reviewing(let index, let until):
            let question = questions[index]
            let isLast = index + 1 == questions.count
            let result = ResultPayload(
                questionId: question.id, correctChoice: question.answer, yourChoice: nil, correct: false,
                role: record.role, wildcardDeadline: isLast ? nil : until,
                answerCounts: answerCounts(question), playersRemaining: records.count { $0.role == .player })
            return emit(.result(result), to: user)
        case .finished:
            let winners = self.winners
            let summary = FinishSummary(questionCount: questions.count, playerCount: startingPlayers, winnerCount: winners.count)
            return emit(.finish(finishPayload(for: record, winners: winners, summary: summary)), to: user)
        }
    }

    func answerCounts(_ question: TriviaQuestion) -> [Int] {
        var counts = Array(repeating: 0, count: question.choices.count)
        for record in records {
            if let choice = record.answers[question.id], counts.indices.contains(choice) { counts[choice] += 1 }
        }
        return counts
    }

    // MARK: Answers

    /// One answer per player per question, before the deadline, for the open question.
    mutating func evaluate(_ answer: AnswerPayload, slot: Int, at now: Date) -> ServerMessage {
        func rejected(_ reason: AnswerRejection) -> ServerMessage {
            .answerAck(
                AnswerAckPayload(
                    requestId: answer.requestId, questionId: answer.questionId, status: .rejected, reason: reason, choice: answer.choice))
        }
        guard case .open(let index, _, let deadline) = phase, questions[index].id == answer.questionId else {
            return rejected(questions.contains { $0.id == answer.questionId } ? .late : .unknownQuestion)
        }
        guard now < deadline else { return rejected(.late) }
        guard records[slot].role == .player else { return rejected(.notAPlayer) }
        guard questions[index].choices.indices.contains(answer.choice) else { return rejected(.invalidChoice) }
        guard records[slot].answers[answer.questionId] == nil else { return rejected(.alreadyAnswered) }
        records[slot].answers[answer.questionId] = answer.choice
        return .answerAck(
            AnswerAckPayload(requestId: answer.requestId, questionId: answer.questionId, status: .accepted, choice: answer.choice))
    }

    // MARK: Wild-cards

    /// Only after an incorrect (or missing) answer to the question that just closed, before
    /// its wild-card deadline, once per competition, with a positive balance. The balance is
    /// decremented here, once; resends are answered from the idempotency store.
    mutating func evaluate(_ request: UseWildcardPayload, slot: Int, at now: Date) -> ServerMessage {
        let user = records[slot].identity.user
        func verdict(_ reason: WildcardRejection?) -> ServerMessage {
            .wildcardResult(
                WildcardResultPayload(
                    requestId: request.requestId, questionId: request.questionId, accepted: reason == nil, reason: reason,
                    balance: balance(of: user), role: records[slot].role))
        }
        guard case .reviewing(let index, let until) = phase, questions[index].id == request.questionId else {
            return verdict(questions.contains { $0.id == request.questionId } ? .tooLate : .unknownQuestion)
        }
        guard index + 1 < questions.count, now < until else { return verdict(.tooLate) }
        guard records[slot].eliminatedAt == request.questionId else { return verdict(.notEligible) }
        guard !records[slot].usedWildcard else { return verdict(.alreadyUsed) }
        guard balance(of: user) > 0 else { return verdict(.noBalance) }
        ledger[user] = balance(of: user) - 1
        records[slot].usedWildcard = true
        records[slot].eliminatedAt = nil
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
