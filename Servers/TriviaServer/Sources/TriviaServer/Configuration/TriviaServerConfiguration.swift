import Foundation
import ServerSupport

/// Where the server listens and how it treats connections.
public struct TriviaServerConfiguration: Sendable, Hashable {
    /// The address to bind: `127.0.0.1` (the default) serves this machine only.
    public var host: String
    /// The port; 0 lets the system choose (the chosen one is reported when listening).
    public var port: Int
    /// Pending TCP connections the kernel queues before `accept` (raise it for load tests).
    public var backlog: Int
    /// What one WebSocket may do (size, rate, join and idle timeouts, the outbound bound).
    public var limits: TriviaServerLimits
    /// What a connection may take before it sent a whole request, and how many connections
    /// one client and all of them may hold (ServerSupport's guard, shared with exercises-web).
    public var guardLimits: ConnectionGuardLimits
    /// Names this server is reached by besides its bind address and the loopback names (a
    /// request for any other name is refused: DNS rebinding; see ``HostPolicy``).
    public var publicHosts: [String]
    /// Origins whose pages may open the socket besides this server's own names (the pages of a
    /// server embedding this one). A client that sends no `Origin` (not a browser) is never refused.
    public var allowedOrigins: [String]
    /// How failed tokens (the balance endpoint's 401s, joins refused `unauthorized`) are slowed
    /// and refused per client address.
    public var failureThrottle: FailureThrottle.Policy

    /// A configuration; every part has the default `trivia-server` runs with.
    public init(
        host: String = "127.0.0.1", port: Int = 8080, backlog: Int = 1024, limits: TriviaServerLimits = TriviaServerLimits(),
        guardLimits: ConnectionGuardLimits = ConnectionGuardLimits(), publicHosts: [String] = [], allowedOrigins: [String] = [],
        failureThrottle: FailureThrottle.Policy = FailureThrottle.Policy()
    ) {
        self.host = host
        self.port = port
        self.backlog = max(1, backlog)
        self.limits = limits
        self.guardLimits = guardLimits
        self.publicHosts = publicHosts
        self.allowedOrigins = allowedOrigins
        self.failureThrottle = failureThrottle
    }

    /// The names and origins the server answers, from ``host``, ``publicHosts`` and ``allowedOrigins``.
    public var hostPolicy: HostPolicy {
        HostPolicy(bindHost: host, publicHosts: publicHosts, originHosts: allowedOrigins)
    }
}
