import Foundation

/// Why the balance could not be fetched. The game goes on without it (no wild-card offered).
public enum WildcardBalanceError: Error, Sendable, Hashable, CustomStringConvertible {
    /// 401: the token is missing, unknown or expired. Log in again.
    case unauthorized(String)
    /// 403: the token belongs to another user.
    case forbidden(String)
    /// 404: no balance endpoint at that address (a wrong base URL, an old host).
    case notFound(String)
    /// The request failed (offline, timed out, 5xx after retries).
    case network(NetworkErrorDescription)
    /// 200, but the body is not a balance.
    case invalidResponse(String)

    /// One line to show a person.
    public var description: String {
        switch self {
        case .unauthorized(let message): "not signed in: \(message)"
        case .forbidden(let message): "not allowed: \(message)"
        case .notFound(let message): "the wild-card service was not found: \(message)"
        case .network(let error): error.text
        case .invalidResponse(let reason): "unexpected wild-card response: \(reason)"
        }
    }

    /// Whether asking again later may succeed.
    public var isRetryable: Bool {
        if case .network(let error) = self { return error.isTransient }
        return false
    }
}

/// A network failure reduced to what the client state machine keeps (hashable, comparable in
/// tests): the user-facing text and whether it was transient.
public struct NetworkErrorDescription: Sendable, Hashable {
    /// The error's one-line description, as shown to the user.
    public var text: String
    /// Whether trying again might work (a timeout, a 503), so the machine retries only those.
    public var isTransient: Bool

    /// A description from its parts.
    public init(text: String, isTransient: Bool) {
        self.text = text
        self.isTransient = isTransient
    }
}
