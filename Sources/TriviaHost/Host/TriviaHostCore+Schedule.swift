import Foundation
import Trivia

extension TriviaHostCore {
    /// One transition of the schedule, stamped with the time it was due (not the time it ran),
    /// so message contents do not depend on how late a timer woke up.
    mutating func step(at due: Date) -> [HostOutput] {
        switch phase {
        case .lobby:
            return open(0, at: due)
        case .open(let index, _, _):
            return close(question: index, at: due)
        case .reviewing(let index, _):
            return index + 1 < questions.count ? open(index + 1, at: due) : finish()
        case .finished:
            return []
        }
    }

    /// Keeps the current answer window (or wild-card window) open until `time` when it would
    /// close earlier; no effect in the lobby, after the finish, or when it lasts longer already.
    /// Nothing is sent: clients keep the deadline they were given, so only requests they made
    /// in time come back.
    ///
    /// A cluster's new owner calls it when it takes over a window that ended (or is about to)
    /// while no node owned the competition: the answers sent in time to the owner that died are
    /// sent again, and are judged as if it had not died. Call it before ``advance(to:)`` would
    /// close the window. Returns whether the window was extended.
    @discardableResult
    public mutating func extendCurrentWindow(to time: Date) -> Bool {
        switch phase {
        case .open(let index, let openedAt, let deadline) where deadline < time:
            phase = .open(index: index, openedAt: openedAt, deadline: time)
            return true
        case .reviewing(let index, let until) where until < time:
            phase = .reviewing(index: index, until: time)
            return true
        case .lobby, .open, .reviewing, .finished:
            return false
        }
    }

    mutating func open(_ index: Int, at time: Date) -> [HostOutput] {
        let deadline = time.addingTimeInterval(configuration.answerWindow.timeInterval)
        phase = .open(index: index, openedAt: time, deadline: deadline)
        if index == 0 {
            startingPlayers = records.count { $0.role == .player }
        }
        // Whoever lost on the previous question and did not use a wild-card is out for good.
        for slot in records.indices { records[slot].lostOn = nil }
        return broadcast(.question(questionPayload(index, role: .player))) { user in .question(role: user.role) }
    }

    func questionPayload(_ index: Int, role: TriviaRole) -> QuestionPayload {
        let question = questions[index]
        guard case .open(_, let openedAt, let deadline) = phase else {
            return QuestionPayload(
                questionId: question.id, index: index, total: questions.count, text: question.text,
                choices: question.choices, openedAt: configuration.startsAt, deadline: configuration.startsAt, role: role)
        }
        return QuestionPayload(
            questionId: question.id, index: index, total: questions.count, text: question.text,
            choices: question.choices, openedAt: openedAt, deadline: deadline, role: role)
    }

    mutating func close(question index: Int, at time: Date) -> [HostOutput] {
        let question = questions[index]
        let isLast = index + 1 == questions.count
        let until = time.addingTimeInterval(configuration.reviewWindow.timeInterval)
        phase = .reviewing(index: index, until: until)

        var counts = Array(repeating: 0, count: question.choices.count)
        var remaining = 0
        for slot in records.indices {
            let choice = records[slot].answers[question.id]
            if let choice, counts.indices.contains(choice) { counts[choice] += 1 }
            let wasPlayer = records[slot].role == .player
            records[slot].lastAnswerCorrect = wasPlayer && choice == question.answer
            guard wasPlayer else { continue }
            if choice == question.answer {
                records[slot].correctAnswers += 1
                remaining += 1
            } else {
                records[slot].role = .viewer
                records[slot].lostOn = question.id
            }
        }
        let shared = ResultPayload(
            questionId: question.id, correctChoice: question.answer, yourChoice: nil, correct: false, role: .viewer,
            wildcardDeadline: isLast ? nil : until, answerCounts: counts, playersRemaining: remaining)
        closedResult = shared
        return broadcast(.result(shared)) { user in
            .result(yourChoice: user.answers[question.id], correct: user.lastAnswerCorrect, role: user.role)
        }
    }

    mutating func finish() -> [HostOutput] {
        phase = .finished
        let winners = self.winners
        let summary = FinishSummary(questionCount: questions.count, playerCount: startingPlayers, winnerCount: winners.count)
        guard let first = records.first else { return [] }
        let shared = finishPayload(for: first, winners: winners, summary: summary)
        let ledger = self.ledger
        let defaultBalance = configuration.defaultBalance
        return broadcast(.finish(shared)) { user in
            .finish(you: Self.standing(of: user, balance: ledger[user.identity.user] ?? defaultBalance))
        }
    }

    func finishPayload(for user: HostUser, winners: [TriviaWinner], summary: FinishSummary) -> FinishPayload {
        FinishPayload(
            competition: configuration.competition, summary: summary, winners: Array(winners.prefix(configuration.listedWinners)),
            you: Self.standing(of: user, balance: balance(of: user.identity.user)))
    }

    /// How the competition ended for `user`, who owns `balance` wild-cards.
    static func standing(of user: HostUser, balance: Int) -> FinalStanding {
        FinalStanding(
            role: user.role, winner: user.role == .player, correctAnswers: user.correctAnswers, usedWildcard: user.usedWildcard,
            balance: balance)
    }

    /// Players still in, most correct answers first, then by user id. Before the end this is
    /// who is still playing.
    public var winners: [TriviaWinner] {
        records
            .filter { $0.role == .player }
            .map { TriviaWinner(user: $0.identity.user, displayName: $0.identity.displayName, correctAnswers: $0.correctAnswers) }
            .sorted { ($1.correctAnswers, $0.user) < ($0.correctAnswers, $1.user) }
    }
}
