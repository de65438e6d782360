import Foundation
import Trivia
import TriviaHost

/// The server's open sockets as a ``TriviaServerBackend`` sees them: where it routes the
/// host's outputs (through the server's one writer path), which connections still wait for
/// their `welcome`, and how to make every client reconnect.
public struct TriviaSockets: Sendable {
    let table: ConnectionTable

    /// Routes one host output to its connections, exactly as the single-process server does.
    public func route(_ output: HostOutput) {
        table.route(output)
    }

    /// The connections that have not been welcomed yet, with the messages they sent so far (a
    /// `join`, usually), in order: after a change of owner a cluster edge sends them again,
    /// since the owner that would have answered may have died with them.
    public func waitingJoins() -> [(connection: ConnectionID, frames: [Data])] {
        table.waitingJoins()
    }

    /// Sends `error`/`shuttingDown` with `message` and closes every socket with 1001: clients
    /// reconnect and resume by `seq`, which replays what they missed (a cluster edge that may
    /// have lost outputs).
    public func reconnectAll(message: String) {
        table.closeAll(.shuttingDown, code: .shuttingDown, message: message)
    }
}
