import Foundation

/// The body of `GET /v1/users/{user}/wildcards`:
///
/// ```json
/// {"user": "ada", "balance": 2}
/// ```
public struct WildcardBalance: Codable, Sendable, Hashable {
    public var user: UserID
    /// Wild-cards the user owns now (0 or more).
    public var balance: Int

    public init(user: UserID, balance: Int) {
        self.user = user
        self.balance = balance
    }
}

/// The body of every HTTP error response: `{"error": {"code": "unauthorized", "message": "…"}}`.
public struct TriviaHTTPErrorBody: Codable, Sendable, Hashable {
    public struct Detail: Codable, Sendable, Hashable {
        public var code: String
        public var message: String

        public init(code: String, message: String) {
            self.code = code
            self.message = message
        }
    }

    public var error: Detail

    public init(code: String, message: String) {
        self.error = Detail(code: code, message: message)
    }
}
