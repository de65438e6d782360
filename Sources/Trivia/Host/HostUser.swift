import Foundation

/// Everything the host remembers about one user in one competition.
struct HostUser: Sendable, Hashable {
    var identity: TriviaIdentity
    var role: TriviaRole
    /// The connection currently bound to this user.
    var connection: ConnectionID?
    /// The last stream `seq` sent to this user.
    var seq = 0
    /// The retained tail of the user's stream, for resuming.
    var log: [ServerEnvelope] = []
    /// Accepted answers: question → choice.
    var answers: [QuestionID: Int] = [:]
    var correctAnswers = 0
    var usedWildcard = false
    /// The question this user lost on, while a wild-card could still save them.
    var eliminatedAt: QuestionID?
    /// Responses by request id, so a resent request gets the same response.
    var responses: [RequestID: ServerEnvelope] = [:]
    var responseOrder: [RequestID] = []

    init(identity: TriviaIdentity, role: TriviaRole) {
        self.identity = identity
        self.role = role
    }

    mutating func remember(_ response: ServerEnvelope, for request: RequestID, limit: Int) {
        responses[request] = response
        responseOrder.append(request)
        if responseOrder.count > limit {
            responses[responseOrder.removeFirst()] = nil
        }
    }

    mutating func append(_ envelope: ServerEnvelope, limit: Int) {
        log.append(envelope)
        if log.count > limit { log.removeFirst(log.count - limit) }
    }
}

/// One accepted socket connection.
struct HostConnection: Sendable, Hashable {
    var user: UserID?
    /// Connection-scoped messages sent (for their ids).
    var controlCount = 0
    var consecutiveErrors = 0
}

/// What a test, the `exercises` screen or a server dashboard sees of one user.
public struct HostUserSnapshot: Sendable, Hashable, Codable {
    /// The user.
    public var user: UserID
    /// The name other players see.
    public var displayName: String
    /// Player or viewer.
    public var role: TriviaRole
    /// Questions answered correctly so far.
    public var correctAnswers: Int
    /// Whether the user used a wild-card to stay a player after a wrong answer.
    public var usedWildcard: Bool
    /// Wild-cards the user owns now.
    public var balance: Int
    /// Accepted answers by question id.
    public var answers: [QuestionID: Int]
    /// Whether the user has a connection now.
    public var isConnected: Bool
    /// The last stream `seq` sent to the user.
    public var lastSeq: Int
}
