import Foundation
import Trivia

/// Everything the host remembers about one user in one competition.
struct HostUser: Sendable, Hashable {
    var identity: TriviaIdentity
    var role: TriviaRole
    /// The connection currently bound to this user.
    var connection: ConnectionID?
    /// The last stream `seq` sent to this user.
    var seq = 0
    /// The retained tail of the user's stream, for resuming.
    var log: [StreamEntry] = []
    /// The end of this user's stream message ids, `-{user}` (at most 100 characters of the
    /// user id), made once: a broadcast writes `m{seq}` in front of it for every user.
    let idSuffix: String
    /// Accepted answers: question → choice.
    var answers: [QuestionID: Int] = [:]
    var correctAnswers = 0
    var usedWildcard = false
    /// Whether the user was a player and answered the question that closed last correctly.
    var lastAnswerCorrect = false
    /// The question this user lost on (a player who answered it incorrectly or not at all),
    /// until the next question opens: the wild-card's eligibility. Kept after a wild-card is
    /// accepted, so that a second request for the same question is `alreadyUsed`.
    var lostOn: QuestionID?
    /// Responses by request, newest last, so a resent request gets the same response. An
    /// array, searched from the end: a user makes a dozen requests a game (one answer a
    /// question, a wild-card), and a resend is for a recent one.
    var responses: [Remembered] = []

    /// One request and the response it got.
    struct Remembered: Sendable, Hashable {
        let request: HostRequest
        let response: StoredEnvelope
    }

    init(identity: TriviaIdentity, role: TriviaRole) {
        self.identity = identity
        self.role = role
        self.idSuffix = "-" + identity.user.rawValue.prefix(100)
        // A question brings at least three stream messages (question, acknowledgement, result):
        // room for a few questions up front, instead of growing the log from nothing.
        log.reserveCapacity(8)
    }

    /// The id of this user's stream message number `seq`.
    func messageID(seq: Int) -> MessageID {
        MessageID("m\(seq)\(idSuffix)")
    }

    mutating func remember(_ response: StoredEnvelope, for request: HostRequest, limit: Int) {
        responses.append(Remembered(request: request, response: response))
        if responses.count > limit { responses.removeFirst(responses.count - limit) }
    }

    /// The request already made under `key`, with the response it got, if any.
    func response(to key: HostRequest.Key) -> Remembered? {
        responses.last { $0.request.key == key }
    }

    mutating func append(_ entry: StreamEntry, limit: Int) {
        log.append(entry)
        if log.count > limit { log.removeFirst(log.count - limit) }
    }
}

/// One message of a user's stream as the host keeps it: a message of its own, or that user's
/// copy of a broadcast (the shared message is kept once for everyone).
enum StreamEntry: Sendable, Hashable {
    case single(StoredEnvelope)
    case shared(BroadcastMessage, BroadcastCopy)

    var seq: Int {
        switch self {
        case .single(let stored): stored.envelope.seq
        case .shared(_, let copy): copy.seq
        }
    }

    /// Sends the entry again on `connection` (a resumed join); a broadcast copy keeps its
    /// shared encoding.
    func output(to connection: ConnectionID) -> HostOutput {
        switch self {
        case .single(let stored): .send(stored.envelope, to: connection)
        case .shared(let message, let copy):
            .broadcast(ServerBroadcast(message: message, recipients: [ServerBroadcast.Recipient(connection: connection, copy: copy)]))
        }
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

/// A message the host keeps (in a user's log and, for a response, by its request id), held
/// once by reference: an envelope is a dozen fields, a log entry and a dictionary value should
/// be one pointer.
final class StoredEnvelope: Sendable, Hashable {
    let envelope: ServerEnvelope

    init(_ envelope: ServerEnvelope) {
        self.envelope = envelope
    }

    static func == (lhs: StoredEnvelope, rhs: StoredEnvelope) -> Bool {
        lhs === rhs || lhs.envelope == rhs.envelope
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(envelope)
    }
}
