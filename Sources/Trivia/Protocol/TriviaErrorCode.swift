/// Open-ended string codes (error codes, rejection reasons): a peer running a newer protocol
/// may send a code this build does not know, and it must still decode.
public enum ErrorCodeTag {}
/// Tags why an answer was rejected (``AnswerRejection``).
public enum AnswerRejectionTag {}
/// Tags why a wild-card request was refused (``WildcardRejection``).
public enum WildcardRejectionTag {}

/// The `code` of an `error` message.
public typealias TriviaErrorCode = TriviaID<ErrorCodeTag>
/// Why the host refused an answer (`answerAck.reason`).
public typealias AnswerRejection = TriviaID<AnswerRejectionTag>
/// Why the host refused a wild-card (`wildcardResult.reason`).
public typealias WildcardRejection = TriviaID<WildcardRejectionTag>

extension TriviaID where Tag == ErrorCodeTag {
    /// The bytes are not a message of this protocol (bad JSON, a field of the wrong type, a
    /// missing field, a value out of range). The connection stays open.
    public static let malformed: Self = "malformed"
    /// `version` is not one this host speaks.
    public static let unsupportedVersion: Self = "unsupportedVersion"
    /// The token is unknown or belongs to another user. The host closes the connection.
    public static let unauthorized: Self = "unauthorized"
    /// The competition in `join` is not the one this host runs. The host closes the connection.
    public static let unknownCompetition: Self = "unknownCompetition"
    /// A message other than `join`/`ping` arrived before `join`.
    public static let notJoined: Self = "notJoined"
    /// A second `join` on a connection that already joined.
    public static let alreadyJoined: Self = "alreadyJoined"
    /// The same user joined on another connection; this one is closed. Do not reconnect.
    public static let replaced: Self = "replaced"
    /// Too many malformed messages in a row; the host closes the connection.
    public static let tooManyErrors: Self = "tooManyErrors"
    /// `join` resumes from a `seq` this host never sent: the host restarted and lost the
    /// competition the client was in. The host closes the connection; do not reconnect.
    public static let competitionReset: Self = "competitionReset"
    /// More messages than the server's rate limit; this one was dropped. Repeated, the server
    /// closes the connection.
    public static let rateLimited: Self = "rateLimited"
    /// No `join` soon enough after connecting, or nothing at all (not even `ping`) for too long.
    /// The server closes the connection.
    public static let idleTimeout: Self = "idleTimeout"
    /// The server is stopping (a restart, a deploy). It closes the connection; reconnect.
    public static let shuttingDown: Self = "shuttingDown"
    /// An `answer` reused the `requestId` of an earlier answer to the same question with
    /// another `choice`: not a resend, and not recorded. The connection stays open; send a new
    /// request id for a new request.
    public static let requestIdReused: Self = "requestIdReused"
    /// Too many failed joins (bad tokens) came from the client's address: this connection's
    /// messages are refused until the wait the message names has passed. The server closes the
    /// connection; reconnect after the wait (a client with a right token behind a shared address
    /// gets in then).
    public static let tooManyAttempts: Self = "tooManyAttempts"

    /// Every code this build sends, for the check that the protocol document lists each one.
    public static let all: [Self] = [
        .malformed, .unsupportedVersion, .notJoined, .alreadyJoined, .unauthorized, .unknownCompetition, .replaced, .tooManyErrors,
        .competitionReset, .rateLimited, .idleTimeout, .shuttingDown, .requestIdReused, .tooManyAttempts,
    ]
}

extension TriviaID where Tag == AnswerRejectionTag {
    /// The question's deadline had passed when the answer arrived (it is no longer open).
    public static let late: Self = "late"
    /// The question has not opened yet (the competition is in its lobby, or the question is a
    /// later one).
    public static let notOpen: Self = "notOpen"
    /// This user already has an accepted answer for the question (under another request id).
    public static let alreadyAnswered: Self = "alreadyAnswered"
    /// The user is a viewer.
    public static let notAPlayer: Self = "notAPlayer"
    /// The question id is not the open question.
    public static let unknownQuestion: Self = "unknownQuestion"
    /// The choice is not an index of the question's choices.
    public static let invalidChoice: Self = "invalidChoice"

    /// Every reason this build sends, for the check that the protocol document lists each one.
    public static let all: [Self] = [.late, .notOpen, .alreadyAnswered, .notAPlayer, .unknownQuestion, .invalidChoice]
}

extension TriviaID where Tag == WildcardRejectionTag {
    /// The user did not lose on this question (answered correctly, or was already a viewer),
    /// or the question has not closed yet.
    public static let notEligible: Self = "notEligible"
    /// A wild-card was already used in this competition.
    public static let alreadyUsed: Self = "alreadyUsed"
    /// The user has no wild-card left.
    public static let noBalance: Self = "noBalance"
    /// The wild-card window of the question has closed (a later question opened, the
    /// competition finished, or it was the last question).
    public static let tooLate: Self = "tooLate"
    /// The question id is not the question that just closed.
    public static let unknownQuestion: Self = "unknownQuestion"

    /// Every reason this build sends, for the check that the protocol document lists each one.
    public static let all: [Self] = [.unknownQuestion, .tooLate, .notEligible, .alreadyUsed, .noBalance]
}
