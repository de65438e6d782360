import Foundation
import UnixSignals

/// How a game ended for this terminal, and so the exit status.
public enum PlayOutcome: Sendable, Hashable {
    /// The competition finished (the final screen was shown).
    case finished
    /// The person left with `q` (or Ctrl-D).
    case left
    /// Ctrl-C, or a signal (SIGINT, SIGTERM, SIGHUP).
    case interrupted(signal: Int32)
    /// The game cannot go on here: the account was refused, another device took over, or the
    /// server restarted. The message says which.
    case ended(String)

    /// 0 for a game played or left; 1 when the game could not go on; 128 + the signal's number
    /// when interrupted, as shells report it.
    public var exitStatus: Int32 {
        switch self {
        case .finished, .left: 0
        case .ended: 1
        case .interrupted(let signal): 128 + signal
        }
    }

    /// The outcome for a signal that asks the program to stop.
    public init(signal: UnixSignal) {
        self = .interrupted(signal: signal.rawValue)
    }
}
