import Foundation

/// `join`: the first message on every connection. Authenticates and, after a reconnect, asks
/// for the stream messages missed since `resumeFrom`.
public struct JoinPayload: TriviaPayload {
    /// Who joins; must be the user the token belongs to.
    public var user: UserID
    /// The bearer token from login; the same one the HTTP API takes.
    public var token: String
    /// The competition to join; must be the host's.
    public var competition: CompetitionID
    /// The highest stream `seq` the client has processed, or `nil` on a first join (the host
    /// then sends the whole retained stream so a fresh app reaches the current screen).
    public var resumeFrom: Int?

    /// A join; `resumeFrom` is the last stream `seq` the client processed, after a reconnect.
    public init(user: UserID, token: String, competition: CompetitionID, resumeFrom: Int? = nil) {
        self.user = user
        self.token = token
        self.competition = competition
        self.resumeFrom = resumeFrom
    }

    /// Why the payload is unusable (an empty or overlong id, an empty token, a negative `resumeFrom`), or `nil`.
    public var validationProblem: String? {
        Check.first(
            Check.id(user, "user"), token.isEmpty ? "token is empty" : nil,
            Check.id(competition, "competition"), Check.nonNegative(resumeFrom, "resumeFrom"))
    }
}

/// `answer`: the player's choice for the open question.
public struct AnswerPayload: TriviaPayload {
    /// Chosen by the client; a resend carries the same id and gets the same acknowledgement.
    public var requestId: RequestID
    /// The question answered; must be the open one.
    public var questionId: QuestionID
    /// 0-based index into the question's `choices`.
    public var choice: Int

    /// An answer of `choice` to question `questionId`.
    public init(requestId: RequestID, questionId: QuestionID, choice: Int) {
        self.requestId = requestId
        self.questionId = questionId
        self.choice = choice
    }

    /// Why the payload is unusable (an empty id, a negative choice), or `nil`.
    public var validationProblem: String? {
        Check.first(Check.id(requestId, "requestId"), Check.id(questionId, "questionId"), Check.nonNegative(choice, "choice"))
    }
}

/// `useWildcard`: after an incorrect result, asks to stay a player.
public struct UseWildcardPayload: TriviaPayload {
    /// Chosen by the client; a resend carries the same id and gets the same result.
    public var requestId: RequestID
    /// The question that was answered incorrectly (the one whose result offered the wild-card).
    public var questionId: QuestionID

    /// A request to use a wild-card for question `questionId`.
    public init(requestId: RequestID, questionId: QuestionID) {
        self.requestId = requestId
        self.questionId = questionId
    }

    /// Why the payload is unusable (an empty id), or `nil`.
    public var validationProblem: String? {
        Check.first(Check.id(requestId, "requestId"), Check.id(questionId, "questionId"))
    }
}

/// `ping`: keeps the connection alive and proves the host is still there (answered by `pong`).
public struct PingPayload: TriviaPayload {
    /// Echoed in the `pong`.
    public var nonce: String?

    /// A ping, optionally with a `nonce` the `pong` echoes.
    public init(nonce: String? = nil) {
        self.nonce = nonce
    }

    /// Why the payload is unusable (an overlong nonce), or `nil`.
    public var validationProblem: String? {
        (nonce?.count ?? 0) > Check.maxIDLength ? "nonce is longer than \(Check.maxIDLength) characters" : nil
    }
}

extension JoinPayload {
    /// Every field, `null` when absent (the protocol writes optional fields; see Docs/Trivia/Protocol.md).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(user, forKey: .user)
        try container.encode(token, forKey: .token)
        try container.encode(competition, forKey: .competition)
        try container.encode(resumeFrom, forKey: .resumeFrom)
    }
}

extension PingPayload {
    /// Every field, `null` when absent (the protocol writes optional fields; see Docs/Trivia/Protocol.md).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(nonce, forKey: .nonce)
    }
}
