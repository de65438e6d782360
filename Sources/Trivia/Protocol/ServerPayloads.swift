import Foundation

/// What a client needs to know about the competition it joined.
public struct CompetitionInfo: Codable, Sendable, Hashable {
    public var id: CompetitionID
    public var title: String
    public var questionCount: Int
    /// When the first question is sent (host time).
    public var startsAt: Date

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
    public var user: UserID
    public var displayName: String
    public var competition: CompetitionInfo
    public var role: TriviaRole
    /// Wild-cards left, from the host's ledger; `null` if the host cannot tell (the client then
    /// keeps the balance it fetched over HTTP).
    public var balance: Int?
    public var usedWildcard: Bool
    public var correctAnswers: Int
    /// The host's clock, so the client can convert deadlines into its own time.
    public var serverTime: Date
    /// The highest stream `seq` sent to this user so far.
    public var lastSeq: Int
    /// `true` when every message after `resumeFrom` follows; `false` when the host's bounded
    /// log no longer holds them all (only the retained tail follows).
    public var resumed: Bool

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
    public var questionId: QuestionID
    /// 0-based position in the competition.
    public var index: Int
    public var total: Int
    public var text: String
    public var choices: [String]
    public var openedAt: Date
    /// Answers arriving at or after this instant (host time) are rejected as `late`.
    public var deadline: Date
    public var role: TriviaRole

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
    case accepted
    case rejected
}

/// `answerAck`: the only confirmation that an answer was delivered.
public struct AnswerAckPayload: TriviaPayload {
    public var requestId: RequestID
    public var questionId: QuestionID
    public var status: AckStatus
    /// Present when `status` is `rejected`.
    public var reason: AnswerRejection?
    /// The choice as recorded (accepted) or as received (rejected).
    public var choice: Int

    public init(requestId: RequestID, questionId: QuestionID, status: AckStatus, reason: AnswerRejection? = nil, choice: Int) {
        self.requestId = requestId
        self.questionId = questionId
        self.status = status
        self.reason = reason
        self.choice = choice
    }

    public var validationProblem: String? {
        Check.first(Check.id(requestId, "requestId"), Check.id(questionId, "questionId"))
    }
}

/// `result`: sent to every user when a question closes.
public struct ResultPayload: TriviaPayload {
    public var questionId: QuestionID
    public var correctChoice: Int
    /// The user's accepted answer; `null` when they did not answer (or were watching).
    public var yourChoice: Int?
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

    public var validationProblem: String? {
        Check.first(
            Check.id(questionId, "questionId"), Check.nonNegative(correctChoice, "correctChoice"),
            Check.nonNegative(yourChoice, "yourChoice"), Check.nonNegative(playersRemaining, "playersRemaining"),
            answerCounts.contains { $0 < 0 } ? "answerCounts must be 0 or more" : nil)
    }
}

/// `wildcardResult`: the host's verdict on `useWildcard`.
public struct WildcardResultPayload: TriviaPayload {
    public var requestId: RequestID
    public var questionId: QuestionID
    public var accepted: Bool
    public var reason: WildcardRejection?
    /// Wild-cards left after this request (decremented once, however often it was resent).
    public var balance: Int
    public var role: TriviaRole

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

    public var validationProblem: String? {
        Check.first(Check.id(requestId, "requestId"), Check.id(questionId, "questionId"), Check.nonNegative(balance, "balance"))
    }
}

/// One winner on the final screen.
public struct TriviaWinner: Codable, Sendable, Hashable {
    public var user: UserID
    public var displayName: String
    public var correctAnswers: Int

    public init(user: UserID, displayName: String, correctAnswers: Int) {
        self.user = user
        self.displayName = displayName
        self.correctAnswers = correctAnswers
    }
}

/// Totals of a finished competition.
public struct FinishSummary: Codable, Sendable, Hashable {
    public var questionCount: Int
    /// Users who were players when the first question opened.
    public var playerCount: Int
    public var winnerCount: Int

    public init(questionCount: Int, playerCount: Int, winnerCount: Int) {
        self.questionCount = questionCount
        self.playerCount = playerCount
        self.winnerCount = winnerCount
    }
}

/// How the competition ended for the receiving user.
public struct FinalStanding: Codable, Sendable, Hashable {
    public var role: TriviaRole
    public var winner: Bool
    public var correctAnswers: Int
    public var usedWildcard: Bool
    public var balance: Int?

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
    public var competition: CompetitionID
    public var summary: FinishSummary
    /// Players still in after the last question, most correct answers first, then by user id.
    public var winners: [TriviaWinner]
    public var you: FinalStanding

    public init(competition: CompetitionID, summary: FinishSummary, winners: [TriviaWinner], you: FinalStanding) {
        self.competition = competition
        self.summary = summary
        self.winners = winners
        self.you = you
    }

    public var validationProblem: String? {
        Check.first(
            Check.id(competition, "competition"), Check.nonNegative(summary.questionCount, "summary.questionCount"),
            Check.nonNegative(summary.playerCount, "summary.playerCount"), Check.nonNegative(summary.winnerCount, "summary.winnerCount"),
            Check.nonNegative(you.correctAnswers, "you.correctAnswers"))
    }
}

/// `error`: something the host could not accept, or why it is closing the connection.
public struct ErrorPayload: TriviaPayload {
    public var code: TriviaErrorCode
    public var message: String
    /// The `id` of the message that caused it, when known.
    public var ref: MessageID?

    public init(code: TriviaErrorCode, message: String, ref: MessageID? = nil) {
        self.code = code
        self.message = message
        self.ref = ref
    }

    public var validationProblem: String? { Check.id(code, "code") }
}

/// `pong`: the answer to `ping`.
public struct PongPayload: TriviaPayload {
    public var nonce: String?
    public var serverTime: Date

    public init(nonce: String?, serverTime: Date) {
        self.nonce = nonce
        self.serverTime = serverTime
    }

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
