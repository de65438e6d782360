import Foundation

/// Everything that can happen to the client.
public enum TriviaClientEvent: Sendable, Hashable {
    /// The app started: fetch the balance and connect.
    case launched
    /// The HTTP API answered with the user's wild-card balance.
    case balanceLoaded(Int)
    /// The balance could not be fetched; the machine retries as the configuration says.
    case balanceFailed(WildcardBalanceError)
    /// The connection is open: the machine sends `join`.
    case connected
    /// Opening the connection failed; the machine schedules a reconnect.
    case connectionFailed(TriviaTransportError)
    /// The connection ended without the client asking.
    case disconnected(TriviaTransportError?)
    /// The host sent a message.
    case received(ServerEnvelope)
    /// A frame that could not be decoded.
    case malformed(TriviaProtocolError)
    /// The user tapped a choice.
    case choiceSelected(Int)
    /// The user accepted the wild-card offer.
    case wildcardAccepted
    /// The user declined the wild-card offer.
    case wildcardDeclined
    /// A timer the machine started has fired.
    case timerFired(TriviaTimer)
    /// The user left the game.
    case stopped
}

/// What the state machine asks its driver to do. The driver reports back with events.
public enum TriviaClientEffect: Sendable, Hashable {
    /// Fetch the balance; report ``TriviaClientEvent/balanceLoaded(_:)`` or `balanceFailed`.
    case fetchBalance
    /// Open a connection; report `connected` or `connectionFailed`, then frames as `received`
    /// (or `malformed`) and the end as `disconnected`.
    case connect
    /// Send on the current connection (dropped if there is none: resends cover it).
    case send(ClientEnvelope)
    /// Fire `timer` after `after`, replacing a running timer of the same identity.
    case startTimer(TriviaTimer, after: Duration)
    /// Stop `timer` if it runs.
    case cancelTimer(TriviaTimer)
    /// Stop every timer (the game ended or the user left).
    case cancelAllTimers
    /// Close the current connection without reporting `disconnected`.
    case disconnect
}

/// The timers the state machine uses; one of each identity runs at a time.
public enum TriviaTimer: Sendable, Hashable {
    /// The next balance fetch after a failure.
    case balanceRetry
    /// The next reconnect attempt.
    case reconnect
    /// Sends the next `ping`, and notices a silent connection.
    case heartbeat
    /// Resends the answer request `RequestID` if it is still unacknowledged.
    case answerResend(RequestID)
    /// The local answer deadline of question `QuestionID`: no answer is sent after it.
    case answerDeadline(QuestionID)
    /// Resends the wild-card request `RequestID` if it is still unanswered.
    case wildcardResend(RequestID)
    /// The end of the window in which the wild-card for question `QuestionID` may be used.
    case wildcardDeadline(QuestionID)
}
