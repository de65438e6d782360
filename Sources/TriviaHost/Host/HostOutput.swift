import Foundation
import Trivia

/// What the host asks its transport to do.
public enum HostOutput: Sendable, Hashable {
    /// Deliver `envelope` on `connection`.
    case send(ServerEnvelope, to: ConnectionID)
    /// Deliver one message to many connections, each with its own `id`, `seq` and fields,
    /// encoded once (questions, results and `finish` go to everyone this way).
    case broadcast(ServerBroadcast)
    /// Close `connection` (after the messages sent before this output).
    case close(ConnectionID, reason: TriviaErrorCode)

    /// Every envelope this output delivers and where, for code that wants values rather than
    /// frames (tests, simulations); empty for a close.
    public var envelopes: [(connection: ConnectionID, envelope: ServerEnvelope)] {
        switch self {
        case .send(let envelope, let connection): [(connection, envelope)]
        case .broadcast(let broadcast): broadcast.envelopes
        case .close: []
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
