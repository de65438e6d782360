import Foundation

/// Where the server listens and how it treats connections.
public struct TriviaServerConfiguration: Sendable, Hashable {
    /// The address to bind: `127.0.0.1` (the default) serves this machine only.
    public var host: String
    /// The port; 0 lets the system choose (the chosen one is reported when listening).
    public var port: Int
    /// Pending TCP connections the kernel queues before `accept` (raise it for load tests).
    public var backlog: Int
    public var limits: TriviaServerLimits

    public init(host: String = "127.0.0.1", port: Int = 8080, backlog: Int = 1024, limits: TriviaServerLimits = TriviaServerLimits()) {
        self.host = host
        self.port = port
        self.backlog = max(1, backlog)
        self.limits = limits
    }
}
