import Foundation

/// What a client needs to know about the competition it joined.
public struct CompetitionInfo: Codable, Sendable, Hashable {
    /// The competition's id.
    public var id: CompetitionID
    /// The competition's name, for the title bar.
    public var title: String
    /// How many questions it has ("Question 2 of 3").
    public var questionCount: Int
    /// When the first question is sent (host time).
    public var startsAt: Date

    /// Competition facts from their parts.
    public init(id: CompetitionID, title: String, questionCount: Int, startsAt: Date) {
        self.id = id
        self.title = title
        self.questionCount = questionCount
        self.startsAt = startsAt
    }
}

/// `welcome`: the answer to `join`. Connection-scoped (`seq` 0): it describes this connection,
/// and is followed by the stream messages the client missed.
public struct WelcomePayload: TriviaPayload {
    /// The user the token belongs to.
    public var user: UserID
    /// The name other players see.
    public var displayName: String
    /// The competition joined.
    public var competition: CompetitionInfo
    /// The user's role now: a late joiner or an eliminated player is a viewer.
    public var role: TriviaRole
    /// Wild-cards left, from the host's ledger; `null` if the host cannot tell (the client then
    /// keeps the balance it fetched over HTTP).
    public var balance: Int?
    /// Whether the user has used a wild-card in this competition.
    public var usedWildcard: Bool
    /// Questions answered correctly so far.
    public var correctAnswers: Int
    /// The host's clock, so the client can convert deadlines into its own time.
    public var serverTime: Date
    /// The highest stream `seq` sent to this user so far.
    public var lastSeq: Int
    /// `true` when every message after `resumeFrom` follows; `false` when the host's bounded
    /// log no longer holds them all (only the retained tail follows).
    public var resumed: Bool

    /// A welcome from its parts.
    public init(
        user: UserID, displayName: String, competition: CompetitionInfo, role: TriviaRole, balance: Int?,
        usedWildcard: Bool, correctAnswers: Int, serverTime: Date, lastSeq: Int, resumed: Bool
    ) {
        self.user = user
        self.displayName = displayName
        self.competition = competition
        self.role = role
        self.balance = balance
        self.usedWildcard = usedWildcard
        self.correctAnswers = correctAnswers
        self.serverTime = serverTime
        self.lastSeq = lastSeq
        self.resumed = resumed
    }

    /// Why the payload is unusable (an empty id, a negative count), or `nil`.
    public var validationProblem: String? {
        Check.first(
            Check.id(user, "user"), Check.id(competition.id, "competition.id"),
            Check.nonNegative(competition.questionCount, "competition.questionCount"),
            Check.nonNegative(balance, "balance"), Check.nonNegative(correctAnswers, "correctAnswers"),
            Check.nonNegative(lastSeq, "lastSeq"))
    }
}

/// `question`: the next question. Each user's copy carries their role at that moment, so a
/// client that missed a result still knows whether it may answer.
public struct QuestionPayload: TriviaPayload {
    /// Identifies the question in answers and results.
    public var questionId: QuestionID
    /// 0-based position in the competition.
    public var index: Int
    /// How many questions the competition has.
    public var total: Int
    /// The question, as shown.
    public var text: String
    /// The choices, in order; answers name them by index.
    public var choices: [String]
    /// When the question opened (host time).
    public var openedAt: Date
    /// Answers arriving at or after this instant (host time) are rejected as `late`.
    public var deadline: Date
    /// The receiving user's role now: only a player may answer.
    public var role: TriviaRole

    /// A question from its parts.
    public init(
        questionId: QuestionID, index: Int, total: Int, text: String, choices: [String],
        openedAt: Date, deadline: Date, role: TriviaRole
    ) {
        self.questionId = questionId
        self.index = index
        self.total = total
        self.text = text
        self.choices = choices
        self.openedAt = openedAt
        self.deadline = deadline
        self.role = role
    }

    /// Why the payload is unusable (no text, an index outside `total`, not 2 to 6 choices, a deadline before the opening), or `nil`.
    public var validationProblem: String? {
        Check.first(
            Check.id(questionId, "questionId"), Check.nonNegative(index, "index"),
            total < 1 ? "total must be 1 or more" : nil,
            index >= total ? "index \(index) is not below total \(total)" : nil,
            text.isEmpty ? "text is empty" : nil,
            TriviaQuestion.choiceLimit.contains(choices.count) ? nil : "choices must hold 2 to 6 entries, found \(choices.count)",
            deadline < openedAt ? "deadline is before openedAt" : nil)
    }
}

/// Whether an answer was taken.
public enum AckStatus: String, Codable, Sendable, Hashable, CaseIterable {
    /// The answer counts.
    case accepted
    /// The answer was refused; `reason` says why.
    case rejected
}

/// `answerAck`: the only confirmation that an answer was delivered.
public struct AnswerAckPayload: TriviaPayload {
    /// The request being acknowledged; resends get the same acknowledgement.
    public var requestId: RequestID
    /// The question answered.
    public var questionId: QuestionID
    /// Accepted or rejected.
    public var status: AckStatus
    /// Present when `status` is `rejected`.
    public var reason: AnswerRejection?
    /// The choice as recorded (accepted) or as received (rejected).
    public var choice: Int

    /// An acknowledgement from its parts.
    public init(requestId: RequestID, questionId: QuestionID, status: AckStatus, reason: AnswerRejection? = nil, choice: Int) {
        self.requestId = requestId
        self.questionId = questionId
        self.status = status
        self.reason = reason
        self.choice = choice
    }

    /// Why the payload is unusable (an empty id), or `nil`.
    public var validationProblem: String? {
        Check.first(Check.id(requestId, "requestId"), Check.id(questionId, "questionId"))
    }
}

/// `result`: sent to every user when a question closes.
public struct ResultPayload: TriviaPayload {
    /// The question that closed.
    public var questionId: QuestionID
    /// The index of the correct choice.
    public var correctChoice: Int
    /// The user's accepted answer; `null` when they did not answer (or were watching).
    public var yourChoice: Int?
    /// Whether the user's answer was correct.
    public var correct: Bool
    /// The user's role after this question: an incorrect player becomes a viewer unless a
    /// wild-card is accepted.
    public var role: TriviaRole
    /// Until when `useWildcard` is accepted for this question; `null` on the last question.
    public var wildcardDeadline: Date?
    /// How many accepted answers each choice got.
    public var answerCounts: [Int]
    /// Players still in after this question, before wild-cards.
    public var playersRemaining: Int

    /// A result from its parts.
    public init(
        questionId: QuestionID, correctChoice: Int, yourChoice: Int?, correct: Bool, role: TriviaRole,
        wildcardDeadline: Date?, answerCounts: [Int], playersRemaining: Int
    ) {
        self.questionId = questionId
        self.correctChoice = correctChoice
        self.yourChoice = yourChoice
        self.correct = correct
        self.role = role
        self.wildcardDeadline = wildcardDeadline
        self.answerCounts = answerCounts
        self.playersRemaining = playersRemaining
    }

    /// Why the payload is unusable (an empty id, a negative choice or count), or `nil`.
    public var validationProblem: String? {
        Check.first(
            Check.id(questionId, "questionId"), Check.nonNegative(correctChoice, "correctChoice"),
            Check.nonNegative(yourChoice, "yourChoice"), Check.nonNegative(playersRemaining, "playersRemaining"),
            answerCounts.contains { $0 < 0 } ? "answerCounts must be 0 or more" : nil)
    }
}

/// `wildcardResult`: the host's verdict on `useWildcard`.
public struct WildcardResultPayload: TriviaPayload {
    /// The `useWildcard` request this answers.
    public var requestId: RequestID
    /// The question the wild-card was for.
    public var questionId: QuestionID
    /// Whether the user stays a player.
    public var accepted: Bool
    /// Why the request was refused; `nil` when accepted.
    public var reason: WildcardRejection?
    /// Wild-cards left after this request (decremented once, however often it was resent).
    public var balance: Int
    /// The user's role after the request.
    public var role: TriviaRole

    /// A verdict from its parts.
    public init(
        requestId: RequestID, questionId: QuestionID, accepted: Bool, reason: WildcardRejection? = nil, balance: Int, role: TriviaRole
    ) {
        self.requestId = requestId
        self.questionId = questionId
        self.accepted = accepted
        self.reason = reason
        self.balance = balance
        self.role = role
    }

    /// Why the payload is unusable (an empty id, a negative balance), or `nil`.
    public var validationProblem: String? {
        Check.first(Check.id(requestId, "requestId"), Check.id(questionId, "questionId"), Check.nonNegative(balance, "balance"))
    }
}

/// One winner on the final screen.
public struct TriviaWinner: Codable, Sendable, Hashable {
    /// The winner.
    public var user: UserID
    /// The name shown on the final screen.
    public var displayName: String
    /// Questions the winner answered correctly.
    public var correctAnswers: Int

    /// A winner from its parts.
    public init(user: UserID, displayName: String, correctAnswers: Int) {
        self.user = user
        self.displayName = displayName
        self.correctAnswers = correctAnswers
    }
}

/// Totals of a finished competition.
public struct FinishSummary: Codable, Sendable, Hashable {
    /// How many questions were asked.
    public var questionCount: Int
    /// Users who were players when the first question opened.
    public var playerCount: Int
    /// How many players were still in at the end (the names may be fewer: `TriviaHostConfiguration.listedWinners` in `TriviaHost`).
    public var winnerCount: Int

    /// Totals from their parts.
    public init(questionCount: Int, playerCount: Int, winnerCount: Int) {
        self.questionCount = questionCount
        self.playerCount = playerCount
        self.winnerCount = winnerCount
    }
}

/// How the competition ended for the receiving user.
public struct FinalStanding: Codable, Sendable, Hashable {
    /// The user's role at the end.
    public var role: TriviaRole
    /// Whether the user is among the winners.
    public var winner: Bool
    /// Questions the user answered correctly.
    public var correctAnswers: Int
    /// Whether the user used a wild-card.
    public var usedWildcard: Bool
    /// Wild-cards left; `nil` when the host cannot tell.
    public var balance: Int?

    /// A standing from its parts.
    public init(role: TriviaRole, winner: Bool, correctAnswers: Int, usedWildcard: Bool, balance: Int?) {
        self.role = role
        self.winner = winner
        self.correctAnswers = correctAnswers
        self.usedWildcard = usedWildcard
        self.balance = balance
    }
}

/// `finish`: the competition is over; the client shows the final screen.
public struct FinishPayload: TriviaPayload {
    /// The competition that ended.
    public var competition: CompetitionID
    /// The totals.
    public var summary: FinishSummary
    /// Players still in after the last question, most correct answers first, then by user id.
    public var winners: [TriviaWinner]
    /// How it ended for the receiving user.
    public var you: FinalStanding

    /// A finish message from its parts.
    public init(competition: CompetitionID, summary: FinishSummary, winners: [TriviaWinner], you: FinalStanding) {
        self.competition = competition
        self.summary = summary
        self.winners = winners
        self.you = you
    }

    /// Why the payload is unusable (an empty id, negative totals), or `nil`.
    public var validationProblem: String? {
        Check.first(
            Check.id(competition, "competition"), Check.nonNegative(summary.questionCount, "summary.questionCount"),
            Check.nonNegative(summary.playerCount, "summary.playerCount"), Check.nonNegative(summary.winnerCount, "summary.winnerCount"),
            Check.nonNegative(you.correctAnswers, "you.correctAnswers"))
    }
}

/// `error`: something the host could not accept, or why it is closing the connection.
public struct ErrorPayload: TriviaPayload {
    /// Why: `malformed`, `unauthorized`, `notOpen`… (open-ended, see ``ErrorCodeTag``).
    public var code: TriviaErrorCode
    /// A sentence for logs and developers.
    public var message: String
    /// The `id` of the message that caused it, when known.
    public var ref: MessageID?

    /// An error from its parts.
    public init(code: TriviaErrorCode, message: String, ref: MessageID? = nil) {
        self.code = code
        self.message = message
        self.ref = ref
    }

    /// Why the payload is unusable (an empty code), or `nil`.
    public var validationProblem: String? { Check.id(code, "code") }
}

/// `pong`: the answer to `ping`.
public struct PongPayload: TriviaPayload {
    /// The `ping`'s nonce, echoed.
    public var nonce: String?
    /// The host's clock when it answered.
    public var serverTime: Date

    /// A pong from its parts.
    public init(nonce: String?, serverTime: Date) {
        self.nonce = nonce
        self.serverTime = serverTime
    }

    /// Always `nil`: every pong is usable.
    public var validationProblem: String? { nil }
}

extension WelcomePayload {
    /// Every field, `null` when absent (the protocol writes optional fields; see Docs/Trivia/Protocol.md).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(user, forKey: .user)
        try container.encode(displayName, forKey: .displayName)
        try container.encode(competition, forKey: .competition)
        try container.encode(role, forKey: .role)
        try container.encode(balance, forKey: .balance)
        try container.encode(usedWildcard, forKey: .usedWildcard)
        try container.encode(correctAnswers, forKey: .correctAnswers)
        try container.encode(serverTime, forKey: .serverTime)
        try container.encode(lastSeq, forKey: .lastSeq)
        try container.encode(resumed, forKey: .resumed)
    }
}

extension AnswerAckPayload {
    /// Every field, `null` when absent (the protocol writes optional fields; see Docs/Trivia/Protocol.md).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(requestId, forKey: .requestId)
        try container.encode(questionId, forKey: .questionId)
        try container.encode(status, forKey: .status)
        try container.encode(reason, forKey: .reason)
        try container.encode(choice, forKey: .choice)
    }
}

extension ResultPayload {
    /// Every field, `null` when absent (the protocol writes optional fields; see Docs/Trivia/Protocol.md).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(questionId, forKey: .questionId)
        try container.encode(correctChoice, forKey: .correctChoice)
        try container.encode(yourChoice, forKey: .yourChoice)
        try container.encode(correct, forKey: .correct)
        try container.encode(role, forKey: .role)
        try container.encode(wildcardDeadline, forKey: .wildcardDeadline)
        try container.encode(answerCounts, forKey: .answerCounts)
        try container.encode(playersRemaining, forKey: .playersRemaining)
    }
}

extension WildcardResultPayload {
    /// Every field, `null` when absent (the protocol writes optional fields; see Docs/Trivia/Protocol.md).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(requestId, forKey: .requestId)
        try container.encode(questionId, forKey: .questionId)
        try container.encode(accepted, forKey: .accepted)
        try container.encode(reason, forKey: .reason)
        try container.encode(balance, forKey: .balance)
        try container.encode(role, forKey: .role)
    }
}

extension FinalStanding {
    /// Every field, `null` when absent (the protocol writes optional fields; see Docs/Trivia/Protocol.md).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(role, forKey: .role)
        try container.encode(winner, forKey: .winner)
        try container.encode(correctAnswers, forKey: .correctAnswers)
        try container.encode(usedWildcard, forKey: .usedWildcard)
        try container.encode(balance, forKey: .balance)
    }
}

extension ErrorPayload {
    /// Every field, `null` when absent (the protocol writes optional fields; see Docs/Trivia/Protocol.md).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(code, forKey: .code)
        try container.encode(message, forKey: .message)
        try container.encode(ref, forKey: .ref)
    }
}

extension PongPayload {
    /// Every field, `null` when absent (the protocol writes optional fields; see Docs/Trivia/Protocol.md).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(nonce, forKey: .nonce)
        try container.encode(serverTime, forKey: .serverTime)
    }
}
