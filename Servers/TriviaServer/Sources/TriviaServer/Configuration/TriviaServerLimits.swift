import Foundation

/// What one connection may do before the server pushes back. Every limit has a documented
/// answer (an `error` message, a close code); see `Docs/TriviaServer.md`.
public struct TriviaServerLimits: Sendable, Hashable {
    /// The largest WebSocket message (all fragments together) the server reads. A larger one
    /// closes the connection with 1009 (message too big). Messages above the protocol's 64 KiB
    /// but below this are read and answered `error`/`malformed`, as the protocol says.
    public var maxMessageBytes: Int
    /// Messages a connection may send per second, sustained (a token bucket refilled at this
    /// rate). A well-behaved client sends a few per question.
    public var messagesPerSecond: Double
    /// Messages a connection may send at once before the rate applies.
    public var messageBurst: Int
    /// Messages dropped for the rate limit (each answered `error`/`rateLimited`) after which the
    /// connection is closed with ``TriviaCloseCode/rateLimited``.
    public var maxRateViolations: Int
    /// A connection must have joined this soon after opening.
    public var joinTimeout: Duration
    /// A connection that sends nothing at all (clients `ping` every 15 s) for this long is closed.
    public var idleTimeout: Duration
    /// WebSocket ping frames, so a dead peer is noticed even when nobody talks; the library
    /// closes a connection whose pong does not come back within one period.
    public var pingInterval: Duration
    /// Bytes written to one connection that its socket has not sent yet (the kernel's send
    /// buffer is full: the client stopped reading, or reads slower than the game talks). The
    /// socket of a client this far behind is dropped without a close frame (it could not read
    /// one behind the backlog either); it reconnects and resumes from the host's log, instead of
    /// making the server buffer without bound. At least 64 KiB, NIO's high-water mark, below
    /// which a channel counts as writable and is not checked.
    public var maxOutboundBytes: Int
    /// After the server sends a close frame, how long it waits for the client's.
    public var closeGrace: Duration

    public init(
        maxMessageBytes: Int = 128 * 1024,
        messagesPerSecond: Double = 10,
        messageBurst: Int = 20,
        maxRateViolations: Int = 20,
        joinTimeout: Duration = .seconds(10),
        idleTimeout: Duration = .seconds(45),
        pingInterval: Duration = .seconds(30),
        maxOutboundBytes: Int = 1024 * 1024,
        closeGrace: Duration = .seconds(5)
    ) {
        self.maxMessageBytes = max(1024, maxMessageBytes)
        self.messagesPerSecond = max(0.1, messagesPerSecond)
        self.messageBurst = max(1, messageBurst)
        self.maxRateViolations = max(1, maxRateViolations)
        self.joinTimeout = joinTimeout
        self.idleTimeout = idleTimeout
        self.pingInterval = pingInterval
        self.maxOutboundBytes = max(64 * 1024, maxOutboundBytes)
        self.closeGrace = closeGrace
    }
}
