import Trivia
import TriviaHost

/// The WebSocket close code and reason the server ends a connection with.
///
/// 4000–4999 are the application's own (RFC 6455 §7.4.2); the last three digits follow the
/// HTTP status of the same meaning, so they read like what they are.
public struct TriviaCloseCode: Sendable, Hashable, CustomStringConvertible {
    public var code: UInt16
    public var reason: String

    public init(code: UInt16, reason: String) {
        self.code = code
        self.reason = reason
    }

    /// The server is stopping (restart, deploy); reconnect.
    public static let shuttingDown = TriviaCloseCode(code: 1001, reason: "shuttingDown")
    /// A message over ``TriviaServerLimits/maxMessageBytes``. No reason, as the WebSocket library
    /// closes a single frame over the limit: the two cases look the same to a client.
    public static let messageTooLarge = TriviaCloseCode(code: 1009, reason: "")
    /// 10 malformed messages in a row (`error`/`tooManyErrors`).
    public static let tooManyErrors = TriviaCloseCode(code: 4400, reason: "tooManyErrors")
    /// Bad token in `join` (`error`/`unauthorized`).
    public static let unauthorized = TriviaCloseCode(code: 4401, reason: "unauthorized")
    /// Wrong competition in `join` or in the socket path (`error`/`unknownCompetition`).
    public static let unknownCompetition = TriviaCloseCode(code: 4404, reason: "unknownCompetition")
    /// No `join` in time, or silence for too long (`error`/`idleTimeout`).
    public static let idleTimeout = TriviaCloseCode(code: 4408, reason: "idleTimeout")
    /// The same user joined on another connection (`error`/`replaced`); do not reconnect.
    public static let replaced = TriviaCloseCode(code: 4409, reason: "replaced")
    /// The host lost the competition being resumed (`error`/`competitionReset`); do not reconnect.
    public static let competitionReset = TriviaCloseCode(code: 4410, reason: "competitionReset")
    /// Too many messages over the rate limit (`error`/`rateLimited`, repeatedly).
    public static let rateLimited = TriviaCloseCode(code: 4429, reason: "rateLimited")
    /// Too many failed joins from the client's address (`error`/`tooManyAttempts`); reconnect
    /// after the wait its message names.
    public static let tooManyAttempts = TriviaCloseCode(code: 4429, reason: "tooManyAttempts")

    /// Every close code the server sends, for the check that the documents list each one.
    public static let all: [TriviaCloseCode] = [
        .shuttingDown, .messageTooLarge, .tooManyErrors, .unauthorized, .unknownCompetition, .idleTimeout, .replaced, .competitionReset,
        .rateLimited, .tooManyAttempts,
    ]

    /// The close code for a host-initiated close with `reason`.
    public init(hostReason reason: TriviaErrorCode) {
        switch reason {
        case .tooManyErrors: self = .tooManyErrors
        case .unauthorized: self = .unauthorized
        case .unknownCompetition: self = .unknownCompetition
        case .replaced: self = .replaced
        case .competitionReset: self = .competitionReset
        case .idleTimeout: self = .idleTimeout
        case .rateLimited: self = .rateLimited
        case .tooManyAttempts: self = .tooManyAttempts
        case .shuttingDown: self = .shuttingDown
        default: self = TriviaCloseCode(code: 4000, reason: reason.rawValue)
        }
    }

    public var description: String { reason.isEmpty ? "\(code)" : "\(code) \(reason)" }
}
