/// A retry about to happen: what a screen shows while it waits ("Retrying, 2 of 3").
public struct RetryNotice: Sendable, Equatable {
    /// The attempt about to be made, counting the first as 1 (so the first retry is 2).
    public var attempt: Int
    /// The policy's total number of attempts, the first included.
    public var maxAttempts: Int
    /// How long the client waits before that attempt.
    public var delay: Duration
    /// Why the previous attempt failed.
    public var reason: NetworkError

    /// A notice from its parts; ``RetryingHTTPClient`` makes the real ones.
    public init(attempt: Int, maxAttempts: Int, delay: Duration, reason: NetworkError) {
        self.attempt = attempt
        self.maxAttempts = maxAttempts
        self.delay = delay
        self.reason = reason
    }
}
