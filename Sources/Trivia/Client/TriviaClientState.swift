import Foundation
import SharedNetworking

/// Everything the client knows, as a value. The screens are a function of it
/// (``TriviaViewStateBuilder``); it changes only through ``handle(_:at:)``.
public struct TriviaClientState: Sendable, Hashable {
    /// Who the client is and every delay it uses.
    public var configuration: TriviaClientConfiguration
    /// The connection's state.
    public internal(set) var link: TriviaLink = .idle
    /// The wild-card balance as fetched at launch and updated by the host.
    public internal(set) var balance: BalanceStatus = .unknown
    /// `nil` until the host has said (welcome, question, result).
    public internal(set) var role: TriviaRole?
    /// The competition, once welcomed.
    public internal(set) var competition: CompetitionInfo?
    /// The user's display name, once welcomed.
    public internal(set) var displayName: String?
    /// Where the game is: waiting, a question, a result or the end.
    public internal(set) var phase: TriviaPhase = .waiting
    /// The highest stream `seq` processed: older or repeated messages are ignored, and a
    /// reconnect resumes from here.
    public internal(set) var lastSeq = 0
    /// Host time minus local time, measured at `welcome`.
    public internal(set) var clockOffset: TimeInterval = 0
    /// Whether the user has used a wild-card.
    public internal(set) var usedWildcard = false
    /// Questions answered correctly, as the host counts them.
    public internal(set) var correctAnswers = 0
    /// The latest thing worth telling the user that is not the screen itself.
    public internal(set) var notice: TriviaNotice?

    /// The stream `seq` up to which ``correctAnswers`` came from the host (`welcome.lastSeq`):
    /// results replayed after a resume are already in that count.
    var scoredThrough = 0
    var sentMessages = 0
    var nextRequest = 0
    package var reconnectAttempt = 0
    var awaitingPong = false
    var balanceFromHost = false
    var random: SeededRandom

    /// The state at launch: nothing fetched, not connected.
    public init(configuration: TriviaClientConfiguration) {
        self.configuration = configuration
        self.random = SeededRandom(seed: configuration.jitterSeed)
    }

    /// Whether the competition has started (a first question arrived).
    public var hasStarted: Bool {
        if case .waiting = phase { return false }
        return true
    }

    /// The balance the client believes in, if any.
    public var knownBalance: Int? {
        if case .known(let count) = balance { return count }
        return nil
    }
}

/// The connection, as the state machine sees it.
public enum TriviaLink: Sendable, Hashable {
    /// Not connected and not trying (before launch).
    case idle
    /// Opening connection attempt `attempt` (1 for the first).
    case connecting(attempt: Int)
    /// Connected, `join` sent, waiting for `welcome`.
    case joining
    /// Welcomed: messages flow.
    case online
    /// Disconnected; attempt `attempt` starts after `delay`.
    case waitingToReconnect(attempt: Int, delay: Duration)
    /// No more reconnecting.
    case closed(TriviaCloseReason)

    /// Whether the client has given up for good.
    public var isClosed: Bool {
        if case .closed = self { return true }
        return false
    }
}

/// Why the client stopped for good.
public enum TriviaCloseReason: Sendable, Hashable {
    /// The competition finished.
    case finished
    /// The same user joined elsewhere.
    case replaced
    /// The host refused `join` (bad token, wrong competition).
    case refused(code: TriviaErrorCode, message: String)
    /// The host no longer has the competition (it restarted): the game cannot go on.
    case interrupted(message: String)
    /// The user left.
    case stopped
}

/// The wild-card balance fetched at launch (and updated by the host).
public enum BalanceStatus: Sendable, Hashable {
    /// Not fetched yet.
    case unknown
    /// Fetch attempt `attempt` is running.
    case loading(attempt: Int)
    /// A fetch failed; another follows after a delay.
    case retrying(attempt: Int, reason: String)
    /// The user owns this many wild-cards.
    case known(Int)
    /// Every attempt failed: the game goes on and no wild-card is offered.
    case unavailable(String)
}

/// Where the game is for this client.
public enum TriviaPhase: Sendable, Hashable {
    /// Before the first question.
    case waiting
    /// A question is open (or was, until its result arrives).
    case question(QuestionRound)
    /// A question's result is on screen.
    case result(ResultRound)
    /// The competition is over: the final screen.
    case finished(FinishPayload)
}

/// A question on screen.
public struct QuestionRound: Sendable, Hashable {
    /// The question as the host sent it.
    public var question: QuestionPayload
    /// The deadline on the local clock, minus the safety margin.
    public var localDeadline: Date
    /// What happened to the user's answer so far.
    public var answer: AnswerState

    /// No element can be touched while an answer is on its way or recorded.
    public var isLocked: Bool { answer != .none }
}

/// The life of one answer.
public enum AnswerState: Sendable, Hashable {
    /// No choice made.
    case none
    /// Sent (or waiting for a connection to send it), not yet acknowledged. `sends` counts
    /// sends on the wire.
    case sending(choice: Int, request: RequestID, sends: Int)
    /// The host acknowledged it.
    case confirmed(choice: Int)
    /// The host refused it (late, not a player, not open…).
    case rejected(choice: Int, reason: AnswerRejection)
    /// The deadline passed without an acknowledgement; an acknowledgement that still arrives
    /// turns it into ``confirmed(choice:)``.
    case notDelivered(choice: Int, request: RequestID)

    /// The chosen index, whatever happened to it; `nil` before a choice.
    public var choice: Int? {
        switch self {
        case .none: nil
        case .sending(let choice, _, _), .confirmed(let choice), .rejected(let choice, _), .notDelivered(let choice, _): choice
        }
    }
}

/// A result on screen.
public struct ResultRound: Sendable, Hashable {
    /// The question, if this client saw it.
    public var question: QuestionPayload?
    /// The host's result.
    public var result: ResultPayload
    /// Whether the user was playing this question (viewers just watch the result).
    public var wasPlayer: Bool
    /// Whether a wild-card is offered, being requested, or settled.
    public var wildcard: WildcardState
}

/// The wild-card offer after an incorrect answer.
public enum WildcardState: Sendable, Hashable {
    /// No offer: the answer was right, the user was not playing, or no wild-card is owned.
    case notOffered
    /// Offered until `deadline` (local time).
    case offered(deadline: Date)
    /// The request is on its way (sent `sends` times); the offer ends at `deadline`.
    case sending(request: RequestID, sends: Int, deadline: Date)
    /// Granted: the user stays a player with `balance` wild-cards left.
    case accepted(balance: Int)
    /// Refused by the host; `reason` says why.
    case rejected(reason: WildcardRejection)
    /// The user declined; they watch from now on.
    case declined
    /// The offer ran out before the user chose.
    case expired
    /// Sent, but no verdict arrived before the deadline: the user continues as a viewer.
    case notConfirmed(request: RequestID)
}

/// Something to tell the user besides the screen.
public enum TriviaNotice: Sendable, Hashable {
    /// The deadline passed before the host acknowledged the answer.
    case answerNotDelivered
    /// The wild-card request was not confirmed in time.
    case wildcardNotConfirmed
    /// The wild-card balance could not be loaded: no wild-card will be offered.
    case balanceUnavailable(String)
    /// A message from the host could not be read and was ignored.
    case ignoredMalformedMessage(String)
    /// The host reported an error.
    case hostError(code: TriviaErrorCode, message: String)
}
