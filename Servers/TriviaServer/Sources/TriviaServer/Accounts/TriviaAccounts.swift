import Foundation
import SharedNetworking
import Trivia
import TriviaHost

/// The users a server accepts, loaded from JSON:
///
/// ```json
/// {"accounts": [{"user": "ada", "displayName": "Ada", "token": "t-ada", "balance": 2}]}
/// ```
/// Users and tokens are unique; balances are 0 or more. The bundled ``demo()`` file has the
/// users of the protocol document's examples, so the server runs with no setup.
public struct TriviaAccounts: Sendable, Hashable {
    public private(set) var accounts: [TriviaAccount]
    /// Whether these are the bundled demo users (``demo()``), whose tokens are published in the
    /// protocol document: anyone can play as them. The command warns, `/health` says so.
    public private(set) var isBundledDemo = false

    /// No accounts: a server whose players are ``TriviaSeats`` handed out while it runs.
    public static let none = TriviaAccounts(validated: [])

    private init(validated accounts: [TriviaAccount]) {
        self.accounts = accounts
    }

    /// The same accounts, wherever they were read from (the bundled file or a copy of it).
    public static func == (lhs: TriviaAccounts, rhs: TriviaAccounts) -> Bool {
        lhs.accounts == rhs.accounts
    }

    /// Hashes the accounts, as ``==`` compares them.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(accounts)
    }

    /// Validates `accounts`: non-empty unique users and tokens, balances of 0 or more.
    public init(_ accounts: [TriviaAccount]) throws(TriviaAccountsError) {
        var users = Set<UserID>()
        var tokens = Set<String>()
        for (index, account) in accounts.enumerated() {
            let place = "accounts[\(index)]"
            guard !account.user.rawValue.isEmpty else { throw TriviaAccountsError("\(place).user is empty") }
            guard !account.token.isEmpty else { throw TriviaAccountsError("\(place).token is empty") }
            guard account.balance >= 0 else { throw TriviaAccountsError("\(place).balance must be 0 or more, found \(account.balance)") }
            guard users.insert(account.user).inserted else {
                throw TriviaAccountsError("\(place).user \"\(account.user)\" is listed twice")
            }
            guard tokens.insert(account.token).inserted else {
                throw TriviaAccountsError("\(place).token of \"\(account.user)\" is used by another user")
            }
        }
        self.accounts = accounts
    }

    /// Reads an accounts file.
    public static func decode(_ data: Data) throws(TriviaAccountsError) -> TriviaAccounts {
        struct File: Decodable { let accounts: [TriviaAccount] }
        let file: File
        do {
            file = try JSONDecoder().decode(File.self, from: data)
        } catch let error as DecodingError {
            throw TriviaAccountsError("not an accounts file: \(DecodingFailure(error, json: data, source: nil).description)")
        } catch {
            throw TriviaAccountsError("not an accounts file: \(error)")
        }
        return try TriviaAccounts(file.accounts)
    }

    /// The file's JSON, for writing generated accounts (load tests).
    public func encoded() -> Data {
        struct File: Encodable { let accounts: [TriviaAccount] }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return (try? encoder.encode(File(accounts: accounts))) ?? Data()
    }

    /// The bundled demo users (`Resources/accounts.json`): ada, grace, alan… with tokens
    /// `t-ada`, `t-grace`, `t-alan`…, as in the protocol document. For trying the server out;
    /// a real deployment passes its own file.
    public static func demo() throws(TriviaAccountsError) -> TriviaAccounts {
        guard let url = Bundle.module.url(forResource: "accounts", withExtension: "json") else {
            throw TriviaAccountsError("the bundled accounts.json is missing")
        }
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw TriviaAccountsError("cannot read the bundled accounts.json: \(error.localizedDescription)")
        }
        var demo = try decode(data)
        demo.isBundledDemo = true
        return demo
    }

    /// Checks tokens against this table.
    public var authenticator: StaticTokenAuthenticator {
        StaticTokenAuthenticator(
            Dictionary(uniqueKeysWithValues: accounts.map { ($0.token, TriviaIdentity(user: $0.user, displayName: $0.displayName)) }))
    }

    /// The wild-card ledger the host starts with.
    public var balances: [UserID: Int] {
        Dictionary(uniqueKeysWithValues: accounts.map { ($0.user, $0.balance) })
    }

    public func contains(_ user: UserID) -> Bool {
        accounts.contains { $0.user == user }
    }
}
