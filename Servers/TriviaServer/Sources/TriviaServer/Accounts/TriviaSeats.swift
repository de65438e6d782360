import Foundation
import Synchronization
import Trivia
import TriviaHost

/// Players' seats handed out while the server runs, each with a token of its own: what a process
/// embedding the server (exercises-web, a seat per browser session) gives its visitors, instead
/// of a fixed table of predictable tokens (`t-guest-1`…) that anyone could join as.
///
/// The seats' users (`guest-1` … `guest-N`) and wild-card balances are fixed when the server
/// starts, because the host's ledger is; a seat's token is made only when the seat is claimed
/// (``claim()``): 128 random bits from the injected source, never handed out twice, and unknown
/// to anyone before. A seat is claimed once: when all are taken, ``claim()`` says so (`nil`) and
/// the embedding process starts another competition or turns the visitor away. The server checks
/// tokens against this registry (it is the host's ``TriviaAuthenticator``) for the socket's
/// `join` and the balance endpoint alike.
public final class TriviaSeats: TriviaAuthenticator, Sendable {
    /// How many seats there are.
    public let count: Int
    /// Wild-cards each seat starts with.
    public let balance: Int
    private let prefix: String
    private let displayName: String
    private let makeToken: @Sendable () -> String

    private struct State {
        var claimed = 0
        var identities: [String: TriviaIdentity] = [:]
    }

    private let state = Mutex(State())

    /// `count` seats, users `prefix-1`… named `displayName 1`…, each starting with `balance`
    /// wild-cards; `makeToken` makes each claimed seat's token (by default 128 bits of the
    /// system's secure random generator, as 32 hexadecimal digits).
    public init(
        count: Int, prefix: String = "guest", displayName: String = "Guest", balance: Int = 1,
        makeToken: @escaping @Sendable () -> String = TriviaSeats.randomToken
    ) {
        self.count = max(0, count)
        self.prefix = prefix
        self.displayName = displayName
        self.balance = max(0, balance)
        self.makeToken = makeToken
    }

    /// The next free seat with its fresh token, or `nil` when every seat is taken. The player is
    /// shown as `displayName` when given (a process that seats the same person in one
    /// competition after another keeps their name), else as the seat's own (`Guest 7`).
    public func claim(displayName chosen: String? = nil) -> TriviaAccount? {
        state.withLock { state in
            guard state.claimed < count else { return nil }
            state.claimed += 1
            var token = makeToken()
            while token.isEmpty || state.identities[token] != nil { token = makeToken() }
            let user = user(state.claimed)
            let name = chosen.flatMap { $0.isEmpty ? nil : String($0.prefix(40)) } ?? "\(displayName) \(state.claimed)"
            state.identities[token] = TriviaIdentity(user: user, displayName: name)
            return TriviaAccount(user: user, displayName: name, token: token, balance: balance)
        }
    }

    /// Seats claimed so far.
    public var claimedCount: Int { state.withLock { $0.claimed } }

    /// The identity of a claimed seat's token; `nil` for any other token.
    public func identity(forToken token: String) -> TriviaIdentity? {
        state.withLock { $0.identities[token] }
    }

    /// Every seat's starting balance, for the host's ledger.
    public var balances: [UserID: Int] {
        Dictionary(uniqueKeysWithValues: (0..<count).map { (user($0 + 1), balance) })
    }

    private func user(_ number: Int) -> UserID { UserID("\(prefix)-\(number)") }

    /// 128 bits from the system's cryptographically secure generator, as 32 hexadecimal digits.
    @Sendable public static func randomToken() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<4).map { _ in String(format: "%08x", generator.next() as UInt32) }.joined()
    }
}
