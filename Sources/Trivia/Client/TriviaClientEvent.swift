import Foundation

/// Everything that can happen to the client.
public enum TriviaClientEvent: Sendable, Hashable {
    /// The app started: fetch the balance and connect.
    case launched
    case balanceLoaded(Int)
    case balanceFailed(WildcardBalanceError)
    case connected
    case connectionFailed(TriviaTransportError)
    /// The connection ended without the client asking.
    case disconnected(TriviaTransportError?)
    case received(ServerEnvelope)
    /// A frame that could not be decoded.
    case malformed(TriviaProtocolError)
    /// The user tapped a choice.
    case choiceSelected(Int)
    /// The user accepted the wild-card offer.
    case wildcardAccepted
    case wildcardDeclined
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
    case cancelTimer(TriviaTimer)
    case cancelAllTimers
    /// Close the current connection without reporting `disconnected`.
    case disconnect
}

/// The timers the state machine uses; one of each identity runs at a time.
public enum TriviaTimer: Sendable, Hashable {
    case balanceRetry
    case reconnect
    case heartbeat
    case answerResend(RequestID)
    case answerDeadline(QuestionID)
    case wildcardResend(RequestID)
    case wildcardDeadline(QuestionID)
}
