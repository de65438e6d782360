import Foundation

/// Who the client is and how patient it is. Every delay the state machine asks for comes from
/// here, so tests can shorten them and the documentation can state them.
public struct TriviaClientConfiguration: Sendable, Hashable {
    /// The user this app plays as.
    public var user: UserID
    /// The bearer token for the socket's `join` and the HTTP API.
    public var token: String
    /// The competition to join.
    public var competition: CompetitionID
    /// Prefix of the client's message and request ids (`ios-7f3a`); unique per app launch so
    /// ids never repeat across launches.
    public var clientInstance: String
    /// Wait this long for `answerAck`/`wildcardResult` before resending the same request.
    public var ackTimeout: Duration
    /// At most this many sends of one request (the first one included) on one connection.
    public var maxSends: Int
    /// Balance fetches at launch before giving up (the game goes on without wild-cards).
    public var balanceAttempts: Int
    /// Wait before the second balance fetch; doubles for each further one.
    public var balanceRetryDelay: Duration
    /// Reconnect backoff: attempt *n* waits between half and all of `min(max, base × 2ⁿ⁻¹)`.
    public var reconnectBaseDelay: Duration
    /// The longest wait between reconnect attempts.
    public var reconnectMaxDelay: Duration
    /// A `ping` is sent this often; no message at all for two intervals means the connection
    /// is dead and the client reconnects.
    public var heartbeatInterval: Duration
    /// The local deadline is this much earlier than the host's, so an answer tapped in the
    /// last instant still arrives in time.
    public var deadlineMargin: Duration
    /// Seeds the reconnect jitter (tests and simulations pass a fixed one).
    public var jitterSeed: UInt64

    /// A configuration; the defaults are the delays the protocol documentation states.
    public init(
        user: UserID,
        token: String,
        competition: CompetitionID,
        clientInstance: String,
        ackTimeout: Duration = .seconds(2),
        maxSends: Int = 4,
        balanceAttempts: Int = 3,
        balanceRetryDelay: Duration = .seconds(2),
        reconnectBaseDelay: Duration = .milliseconds(500),
        reconnectMaxDelay: Duration = .seconds(8),
        heartbeatInterval: Duration = .seconds(15),
        deadlineMargin: Duration = .milliseconds(300),
        jitterSeed: UInt64 = 0
    ) {
        self.user = user
        self.token = token
        self.competition = competition
        self.clientInstance = clientInstance
        self.ackTimeout = ackTimeout
        self.maxSends = max(1, maxSends)
        self.balanceAttempts = max(1, balanceAttempts)
        self.balanceRetryDelay = balanceRetryDelay
        self.reconnectBaseDelay = reconnectBaseDelay
        self.reconnectMaxDelay = reconnectMaxDelay
        self.heartbeatInterval = heartbeatInterval
        self.deadlineMargin = deadlineMargin
        self.jitterSeed = jitterSeed
    }
}
