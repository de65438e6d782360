import Foundation
import SharedNetworking

/// The body of `GET /v1/users/{user}/wildcards`:
///
/// ```json
/// {"user": "ada", "balance": 2}
/// ```
public struct WildcardBalance: Codable, Sendable, Hashable {
    /// Whose balance this is.
    public var user: UserID
    /// Wild-cards the user owns now (0 or more).
    public var balance: Int

    /// A balance from its parts.
    public init(user: UserID, balance: Int) {
        self.user = user
        self.balance = balance
    }

    // MARK: Where it is

    /// The path for `user`, percent-encoded so any user id is one path segment.
    public static func path(for user: UserID) -> String {
        "v1/users/\(PathSegment.encode(user.rawValue))/wildcards"
    }

    /// The user named by a percent-encoded request path ending in `v1/users/{user}/wildcards`
    /// (any mount prefix before it), or `nil` when the path is not this endpoint.
    public static func user(inPath encodedPath: String) -> UserID? {
        let parts = encodedPath.split(separator: "/", omittingEmptySubsequences: true).suffix(4).map(String.init)
        guard parts.count == 4, parts[0] == "v1", parts[1] == "users", parts[3] == "wildcards",
            let user = PathSegment.decode(parts[2])
        else { return nil }
        return UserID(user)
    }
}

/// The body of every HTTP error response: `{"error": {"code": "unauthorized", "message": "…"}}`.
public struct TriviaHTTPErrorBody: Codable, Sendable, Hashable {
    /// What went wrong, in a form both a program and a person can read.
    public struct Detail: Codable, Sendable, Hashable {
        /// A stable, machine-readable reason: `unauthorized`, `unknownUser`, `notFound`…
        public var code: String
        /// A sentence for a person.
        public var message: String

        /// A detail from its parts.
        public init(code: String, message: String) {
            self.code = code
            self.message = message
        }
    }

    /// The error's reason and explanation.
    public var error: Detail

    /// The body for an error with `code` and `message`.
    public init(code: String, message: String) {
        self.error = Detail(code: code, message: message)
    }
}
