import Foundation
import Trivia
import TriviaHost

/// One user the server knows: who a token stands for and how many wild-cards they own.
public struct TriviaAccount: Sendable, Hashable, Codable {
    public var user: UserID
    public var displayName: String
    /// The bearer token for both the HTTP API and `join`. Login is out of scope: tokens are
    /// issued elsewhere and listed here.
    public var token: String
    /// Wild-cards owned when the server starts (the host's ledger).
    public var balance: Int

    public init(user: UserID, displayName: String, token: String, balance: Int) {
        self.user = user
        self.displayName = displayName
        self.token = token
        self.balance = balance
    }
}

/// Why an accounts file cannot be used.
public struct TriviaAccountsError: Error, Sendable, Hashable, CustomStringConvertible {
    public var message: String

    public init(_ message: String) {
        self.message = message
    }

    public var description: String { message }
}
