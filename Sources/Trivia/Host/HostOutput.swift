import Foundation

/// What the host asks its transport to do.
public enum HostOutput: Sendable, Hashable {
    /// Deliver `envelope` on `connection`.
    case send(ServerEnvelope, to: ConnectionID)
    /// Close `connection` (after the messages sent before this output).
    case close(ConnectionID, reason: TriviaErrorCode)

    /// The connection the output is for.
    public var connection: ConnectionID {
        switch self {
        case .send(_, let connection), .close(let connection, _): connection
        }
    }
}

/// Where the competition is.
public enum HostPhase: Sendable, Hashable {
    /// Before the first question.
    case lobby
    /// Question `index` accepts answers until `deadline`.
    case open(index: Int, openedAt: Date, deadline: Date)
    /// Question `index` has closed; its result is on screen and wild-cards are accepted until
    /// `until` (except after the last question).
    case reviewing(index: Int, until: Date)
    /// The last result is out and `finish` was sent.
    case finished
}
