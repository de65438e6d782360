/// What one session's socket saw during a run, merged into the run's ``LoadResult``.
struct ConnectionStats: Sendable, Equatable {
    /// Events sent after the warm-up.
    var sent = 0
    /// Of those, acknowledged by a message with an `ack` at least their `seq`.
    var acknowledged = 0
    /// Of the acknowledged, answered with an `error` (refused: too fast, not possible).
    var refused = 0
    /// Sent after the warm-up and never acknowledged (the run ended, or the socket closed).
    var lost = 0
    /// Seconds from each counted event's send to its acknowledgement.
    var latencies: [Double] = []
    /// The latest an event was sent after its planned instant, in seconds: a client that cannot
    /// keep up shows here.
    var sendLagMax = 0.0
    /// Whether this session sent events (its plan made it active).
    var active = false
    /// Messages and their bytes (payload, all fragments) received after the warm-up, but for
    /// those that acknowledge warm-up events only.
    var messages = 0
    var bytes = 0
    /// The messages that acknowledged counted events, and their bytes, by the step of the
    /// scenario's round (``LoadScenario/eventNames``) of the last event each acknowledged.
    var stepMessages: [Int] = []
    var stepBytes: [Int] = []
    /// The first message on the socket: its bytes, and whether it was a whole screen (`reset`).
    var firstMessageBytes = 0
    var firstWasReset = false
    /// Trivia: seconds from question k's broadcast to this session's first message showing it;
    /// `nil` while not shown.
    var questionLatencies: [Double?] = []
    /// Trivia: questions shown well before their broadcast (the session is in another
    /// competition than the one timed).
    var early = 0
    /// The socket closed before the run ended (the server closed it, or it failed).
    var closedEarly = false
    /// The server said the session expired.
    var expired = false
    /// Messages larger than the client accepts (skipped, not counted).
    var tooLarge = 0
}
