import ArgumentParser

/// The command-line options of the connection guard and the host policy, one definition for
/// both servers (`trivia-server` and `exercises-web` take them as an option group): the same
/// flags, the same defaults, the same checks, so the two cannot drift.
public struct ConnectionOptions: ParsableArguments, Sendable {
    @Option(
        help: ArgumentHelp(
            "Another name this server is reached by (repeatable). A request for a name that is neither one of these, --host, "
                + "a loopback name nor an IP address is refused with 421 (DNS rebinding).", valueName: "NAME[:PORT]"))
    public var publicHost: [String] = []

    @Option(help: "Seconds a client has to send a whole request head, after connecting and after each answer on a kept-alive connection.")
    public var headerSeconds: Double = 10

    @Option(help: "Seconds a request's body has to arrive whole after its head.")
    public var bodySeconds: Double = 10

    @Option(help: "Connections one client (an IPv4 address, an IPv6 /64) may hold open at once; one more is closed at once.")
    public var maxConnectionsPerClient = 64

    @Option(help: "Connections held open in all; at the cap new ones wait in the backlog. Default: the open-file limit less a reserve.")
    public var maxConnections: Int?

    /// The defaults: what a server started without these flags uses.
    public init() {}

    /// Refuses deadlines that are not positive and caps under one.
    public func validate() throws {
        guard headerSeconds > 0, bodySeconds > 0 else { throw ValidationError("--header-seconds and --body-seconds must be more than 0") }
        guard maxConnectionsPerClient >= 1, (maxConnections ?? 1) >= 1 else {
            throw ValidationError("--max-connections-per-client and --max-connections must be at least 1")
        }
    }

    /// The connection guard's limits these options set.
    public var limits: ConnectionGuardLimits {
        ConnectionGuardLimits(
            headerTimeout: .seconds(headerSeconds), bodyTimeout: .seconds(bodySeconds), maxConnectionsPerClient: maxConnectionsPerClient,
            maxConnections: maxConnections)
    }
}
