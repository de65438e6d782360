import Foundation
import Trivia

/// Who a token belongs to.
public struct TriviaIdentity: Sendable, Hashable, Codable {
    /// The user the token belongs to.
    public var user: UserID
    /// Shown to other players (winners list).
    public var displayName: String

    /// An identity from its parts.
    public init(user: UserID, displayName: String) {
        self.user = user
        self.displayName = displayName
    }
}

/// The host's token check, injected so a real server can plug in its own (signed tokens, a
/// session store) while tests and the `exercises` command use a table.
///
/// Synchronous on purpose: the host core is a pure state machine and must not suspend in the
/// middle of handling a message. A server whose check needs I/O resolves the token when the
/// socket is upgraded and hands the host an authenticator over the result.
public protocol TriviaAuthenticator: Sendable {
    /// The identity `token` stands for, or `nil` when the token is unknown or expired.
    func identity(forToken token: String) -> TriviaIdentity?
}

/// Tokens from a fixed table.
public struct StaticTokenAuthenticator: TriviaAuthenticator {
    /// Token → identity.
    public var identities: [String: TriviaIdentity]

    /// An authenticator that knows exactly `identities`.
    public init(_ identities: [String: TriviaIdentity]) {
        self.identities = identities
    }

    /// The identity for `token`, or `nil` when the token is unknown.
    public func identity(forToken token: String) -> TriviaIdentity? {
        identities[token]
    }
}
