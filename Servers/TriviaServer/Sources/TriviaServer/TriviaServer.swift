import Foundation
import Hummingbird
import HummingbirdWebSocket
import Logging
import NIOCore
import ServerSupport
import SharedNetworking
import Trivia
import TriviaHost

/// The Trivia module's reference host (``TriviaHost``) served over HTTP and WebSockets.
///
/// - `GET /v1/users/{user}/wildcards`: the wild-card balance (``WildcardBalanceEndpoint``).
/// - `GET /v1/competitions/{competition}/socket`: the WebSocket of `Docs/Trivia/Protocol.md`.
/// - `GET /health`: ``TriviaServerStatus``.
///
/// Routed on Hummingbird's `Router` (``TriviaRoutes``, one controller per route); any other
/// path is the documented JSON `404`, another method on one of these paths `405` with `Allow`.
///
/// The host decides everything the protocol decides (tokens, roles, deadlines, idempotency,
/// resuming); this type carries bytes and enforces what only a network server can: message
/// size and rate, join and idle timeouts, slow clients, close codes, shutdown, and the guards
/// every connection passes (ServerSupport: request deadlines, connection caps, RFC 6455's
/// frame rules, host names and origins, failed tokens per address; `Docs/Security.md`). Clock,
/// event loops and logger are injected, so a test runs it on a ``ManualClock`` on port 0.
///
/// The host runs in this process by default; a cluster node passes another
/// ``TriviaServerBackend`` (its edge), and the sockets, limits and writer stay the same.
public final class TriviaServer: Sendable {
    /// The host in this process; `nil` when the backend is a cluster node's edge.
    public let host: TriviaHost?
    /// Where the sockets' inputs go and their outputs come from.
    public let backend: any TriviaServerBackend
    /// Where the server listens and its limits.
    public let configuration: TriviaServerConfiguration
    /// The fixed accounts, with their tokens and starting balances (empty for a server of
    /// ``TriviaSeats``).
    public let accounts: TriviaAccounts
    /// Who a token stands for: ``accounts``, or the seats handed out while the server runs.
    public let authenticator: any TriviaAuthenticator
    /// The competition served (in a cluster: the one stored by the first node).
    public let hostConfiguration: TriviaHostConfiguration
    let clock: any AppClock
    let eventLoopGroup: any EventLoopGroup
    let logger: Logger
    let codec: TriviaCodec
    let table: ConnectionTable
    /// Failed tokens per client address, on the balance endpoint and at `join`.
    let throttle: FailureThrottle
    /// Every connection's head and body deadlines and the per-client and total caps (its
    /// counts say how many connections each client holds now).
    public let connectionGuard: ConnectionGuard
    private let lifecycle: ServerLifecycle

    /// A single-process server: the host for `questions` under `hostConfiguration` runs here.
    public convenience init(
        hostConfiguration: TriviaHostConfiguration,
        questions: [TriviaQuestion],
        accounts: TriviaAccounts,
        configuration: TriviaServerConfiguration,
        clock: any AppClock,
        eventLoopGroup: any EventLoopGroup,
        logger: Logger
    ) {
        self.init(
            hostConfiguration: hostConfiguration, questions: questions, accounts: accounts, authenticator: accounts.authenticator,
            balances: accounts.balances, configuration: configuration, clock: clock, eventLoopGroup: eventLoopGroup, logger: logger)
    }

    /// A single-process server whose players are `seats`, handed out while it runs, each with a
    /// token of its own that nobody else holds (``TriviaSeats/claim()``): the way a process
    /// embedding the server gives every visitor a seat.
    public convenience init(
        hostConfiguration: TriviaHostConfiguration,
        questions: [TriviaQuestion],
        seats: TriviaSeats,
        configuration: TriviaServerConfiguration,
        clock: any AppClock,
        eventLoopGroup: any EventLoopGroup,
        logger: Logger
    ) {
        self.init(
            hostConfiguration: hostConfiguration, questions: questions, accounts: TriviaAccounts.none, authenticator: seats,
            balances: seats.balances, configuration: configuration, clock: clock, eventLoopGroup: eventLoopGroup, logger: logger)
    }

    private convenience init(
        hostConfiguration: TriviaHostConfiguration, questions: [TriviaQuestion], accounts: TriviaAccounts,
        authenticator: any TriviaAuthenticator, balances: [UserID: Int], configuration: TriviaServerConfiguration, clock: any AppClock,
        eventLoopGroup: any EventLoopGroup, logger: Logger
    ) {
        let core = TriviaHostCore(
            configuration: hostConfiguration, questions: questions, authenticator: authenticator, balances: balances, codec: TriviaCodec())
        let host = TriviaHost(core: core, clock: clock)
        self.init(
            backend: LocalTriviaBackend(host: host), host: host, hostConfiguration: hostConfiguration, accounts: accounts,
            authenticator: authenticator, configuration: configuration, clock: clock, eventLoopGroup: eventLoopGroup, logger: logger)
    }

    /// A server whose sockets feed `backend` (a cluster node's edge) for the competition
    /// `hostConfiguration` describes.
    public convenience init(
        backend: any TriviaServerBackend,
        hostConfiguration: TriviaHostConfiguration,
        accounts: TriviaAccounts,
        configuration: TriviaServerConfiguration,
        clock: any AppClock,
        eventLoopGroup: any EventLoopGroup,
        logger: Logger
    ) {
        self.init(
            backend: backend, host: nil, hostConfiguration: hostConfiguration, accounts: accounts, authenticator: accounts.authenticator,
            configuration: configuration, clock: clock, eventLoopGroup: eventLoopGroup, logger: logger)
    }

    private init(
        backend: any TriviaServerBackend, host: TriviaHost?, hostConfiguration: TriviaHostConfiguration, accounts: TriviaAccounts,
        authenticator: any TriviaAuthenticator, configuration: TriviaServerConfiguration, clock: any AppClock,
        eventLoopGroup: any EventLoopGroup, logger: Logger
    ) {
        let codec = TriviaCodec()
        let throttle = FailureThrottle(policy: configuration.failureThrottle)
        self.backend = backend
        self.host = host
        self.hostConfiguration = hostConfiguration
        self.configuration = configuration
        self.accounts = accounts
        self.authenticator = authenticator
        self.clock = clock
        self.eventLoopGroup = eventLoopGroup
        self.logger = logger
        self.codec = codec
        self.throttle = throttle
        self.connectionGuard = ConnectionGuard(limits: configuration.guardLimits)
        self.table = ConnectionTable(limits: configuration.limits, codec: codec) { [clock] client in
            throttle.recordFailure(from: client, at: clock.now)
        }
        self.lifecycle = ServerLifecycle(logger: logger)
    }

    public var competition: CompetitionID { hostConfiguration.competition }

    /// Open sockets.
    public var connectionCount: Int { table.count }

    /// Serves until ``shutdown()``. `onListening` gets the bound port (the chosen one for port 0).
    public func run(onListening: @escaping @Sendable (Int) async -> Void = { _ in }) async throws {
        try await lifecycle.run(
            makeApplication(onListening: onListening),
            alongside: [
                { await self.backend.run(sockets: TriviaSockets(table: self.table)) },
                { await self.sweepConnections() },
            ])
    }

    /// Stops the server cleanly: every client gets `error`/`shuttingDown` and close 1001 (they
    /// reconnect), then the listener closes. What happens to the competition depends on the
    /// backend: a single process's host is in memory and ends with the process (a client
    /// resuming on the next run is told `competitionReset`); a cluster node's edge only stops
    /// relaying, the competition goes on in the owner (another node, or a new owner after this
    /// one's lease lapses), and its clients resume on another node.
    public func shutdown() async {
        table.shutDown(.shuttingDown, code: .shuttingDown, message: "the game server is stopping; reconnect in a moment")
        await withTaskGroup(of: Void.self) { group in
            group.addTask { await self.table.waitUntilEmpty() }
            group.addTask { try? await self.clock.sleep(for: self.configuration.limits.closeGrace) }
            await group.next()
            group.cancelAll()
        }
        await lifecycle.stop()
    }

    /// Drops `user`'s socket without a close frame, as a lost network would: the host sees a
    /// disconnect, the client reconnects and resumes. For fault-injection tests and drills.
    @discardableResult
    public func simulateNetworkFailure(for user: UserID) -> Int {
        table.drop(user)
    }

    /// What `GET /health` reports.
    public func status() async -> TriviaServerStatus {
        let (name, question): (String, Int?) =
            switch await backend.phase() {
            case .lobby: ("lobby", nil)
            case .open(let index, _, _): ("open", index)
            case .reviewing(let index, _): ("reviewing", index)
            case .finished: ("finished", nil)
            case nil: ("unknown", nil)
            }
        var status = TriviaServerStatus(
            status: "ok", competition: competition, phase: name, question: question, startsAt: hostConfiguration.startsAt,
            connections: table.count, joined: table.joinedCount)
        status.demoAccounts = accounts.isBundledDemo
        status.cluster = await backend.clusterStatus()
        return status
    }

    // MARK: Parts

    func makeApplication(onListening: @escaping @Sendable (Int) async -> Void) -> some ApplicationProtocol {
        let session = SocketSession(backend: backend, table: table, clock: clock, competition: competition, throttle: throttle)
        let limits = configuration.limits
        let webSocket = WebSocketServerConfiguration(
            maxFrameSize: limits.maxMessageBytes, autoPing: .enabled(timePeriod: limits.pingInterval),
            closeTimeout: limits.closeGrace)
        return Application(
            router: buildRouter(),
            server: .guardedHTTP1WebSocketUpgrade(
                webSocketRouter: buildSocketRouter(session: session),
                configuration: HTTP1WebSocketUpgradeChannel.Configuration(http1: .init(idleTimeout: TimeAmount.seconds(30)), ws: webSocket),
                connectionGuard: connectionGuard),
            configuration: ApplicationConfiguration(
                address: .hostname(configuration.host, port: configuration.port), serverName: "trivia-server",
                backlog: configuration.backlog, availableConnectionsDelegate: connectionGuard.availableConnections),
            onServerRunning: { channel in await onListening(channel.localAddress?.port ?? 0) },
            eventLoopGroupProvider: .shared(eventLoopGroup),
            logger: logger)
    }

    /// Closes connections that did not join in time or went silent.
    func sweepConnections() async {
        let limits = configuration.limits
        let interval = min(Duration.seconds(1), limits.joinTimeout / 4, limits.idleTimeout / 4)
        while !Task.isCancelled {
            do {
                try await clock.sleep(for: interval)
            } catch {
                return
            }
            table.sweep(at: clock.now)
        }
    }
}
