import Foundation
import Trivia
import TriviaHost

/// One input of the host as a value: what `TriviaHostCore` is given, without the time.
///
/// The core already takes its inputs as method calls (`connect`, `receive`, `disconnect`,
/// `advance`); naming them as data is what lets the owner append them to the log before it
/// acts on them, and lets another node apply exactly the same calls later.
public enum HostInput: Sendable, Hashable {
    /// A socket was accepted on an edge (`TriviaHostCore.connect`).
    case connect(ConnectionID)
    /// A socket went away (`TriviaHostCore.disconnect`).
    case disconnect(ConnectionID)
    /// A client frame, as the edge read it (`TriviaHostCore.receive(frame:from:at:)`).
    case frame(ConnectionID, Data)
    /// The owner's clock reached a deadline with no input to carry it (`TriviaHostCore.advance`).
    case advance
    /// A new owner kept the current window open until this host time
    /// (`TriviaHostCore.extendCurrentWindow(to:)`): it took over a window that ended while no
    /// node owned the competition. Only an owner makes it; edges cannot send it.
    case extendWindow(until: Date)

    /// The connection the input came from; `nil` for ``advance``.
    public var connection: ConnectionID? {
        switch self {
        case .connect(let connection), .disconnect(let connection), .frame(let connection, _): connection
        case .advance, .extendWindow: nil
        }
    }
}

/// What the host's token check answered while it applied an input. Logged with the input,
/// because the accounts service may answer differently later (a revoked token, an edited
/// accounts file) and a replay must take the same decisions as the original run.
public struct TokenAnswer: Sendable, Hashable {
    /// The token the host asked about.
    public var token: String
    /// Who it stood for, or `nil` when it was unknown.
    public var identity: TriviaIdentity?

    /// The check of `token` answered `identity` (`nil`: unknown).
    public init(token: String, identity: TriviaIdentity?) {
        self.token = token
        self.identity = identity
    }
}

/// An input as the log holds it: the input, the host time at which the owner read it, and
/// the token answers it needed.
public struct LoggedInput: Sendable, Hashable {
    /// What the host was given.
    public var input: HostInput
    /// Host time when the owner read the input; replay applies it at this time.
    public var at: Date
    /// What the token check answered while the input was applied.
    public var tokenAnswers: [TokenAnswer]

    /// `input` as read at host time `at`, with the answers it needed.
    public init(input: HostInput, at: Date, tokenAnswers: [TokenAnswer] = []) {
        self.input = input
        self.at = at
        self.tokenAnswers = tokenAnswers
    }
}
