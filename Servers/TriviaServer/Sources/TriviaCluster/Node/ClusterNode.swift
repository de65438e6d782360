import Foundation
import Logging
import PostgresNIO
import SharedNetworking
import Trivia
import TriviaHost

/// One node of a Trivia cluster for one competition: an edge for the sockets it accepts, a
/// contender for the competition's lease, and the owner when it holds it.
///
/// ``join(_:genesis:authenticator:clock:monotonic:logger:observer:leaseObserver:)`` does everything that
/// can refuse a node before it serves anyone: reach PostgreSQL
/// (``ClusterError/unreachable(endpoint:reason:)``), migrate or check the schema
/// (``ClusterError/schemaTooNew(found:known:)``), register this process's incarnation, and
/// open the competition (``ClusterError/competitionMismatch(competition:reason:)``). If any
/// step throws, nothing of the node exists yet and the command exits 1.
public actor ClusterNode {
    /// How a node joins and times its work.
    public struct Configuration: Sendable {
        /// This node's name (`--node`), in `trivia_nodes` and the lease's `holder`.
        public var name: String
        /// The cluster's PostgreSQL.
        public var database: ClusterDatabase
        /// The lease's timings.
        public var lease: LeaseSettings
        /// How long an edge holds inputs to batch them.
        public var batchWindow: Duration
        /// How often the node marks itself alive in `trivia_nodes`.
        public var heartbeatEvery: Duration
        /// How long a node may go without a heartbeat before the owner declares it gone and
        /// disconnects its connections (its clients have reconnected elsewhere by then).
        public var nodeGoneAfter: Duration
        /// The owner's group-commit interval: commits start at most this often.
        public var commitEvery: Duration

        /// A node named `name` on `database`, with the default timings (Docs/TriviaServer/Design.md).
        public init(
            name: String, database: ClusterDatabase, lease: LeaseSettings = LeaseSettings(), batchWindow: Duration = .milliseconds(20),
            heartbeatEvery: Duration = .seconds(1), nodeGoneAfter: Duration = .seconds(10), commitEvery: Duration = .milliseconds(20)
        ) {
            self.name = name
            self.database = database
            self.lease = lease
            self.batchWindow = batchWindow
            self.heartbeatEvery = heartbeatEvery
            self.nodeGoneAfter = nodeGoneAfter
            self.commitEvery = commitEvery
        }
    }

    /// This process's number in `trivia_nodes`: the high half of its connection ids.
    public nonisolated let incarnation: Int64
    /// `trivia_competitions.number`: names the competition's channels and rows.
    public nonisolated let competition: Int32
    /// The genesis stored for the competition (the one every owner plays).
    public nonisolated let genesis: CompetitionGenesis
    /// Where the socket layer hands inputs and takes frames.
    public nonisolated let edge: ClusterEdge
    /// The owner side (acting only while the lease is held).
    public nonisolated let owner: CompetitionOwner
    /// The competition's lease, as this node sees it.
    public nonisolated let lease: LeaseKeeper
    /// This node's end of the bus, and its counters.
    public nonisolated let bus: ClusterBus
    /// The host as the log says, for a node that is not the owner (see ``currentCore()``).
    public nonisolated let follower: LogFollower
    /// This node's name (`--node`).
    public nonisolated var name: String { configuration.name }
    private nonisolated let configuration: Configuration
    private let logger: Logger
    private let heartbeatConnection: KeptConnection
    private var stopped = false

    private init(
        configuration: Configuration, incarnation: Int64, competition: Int32, genesis: CompetitionGenesis, connection: PostgresConnection,
        authenticator: any TriviaAuthenticator, clock: any AppClock, monotonic: any MonotonicClock, logger: Logger,
        observer: (@Sendable (OwnerEvent) -> Void)?, leaseObserver: (@Sendable (LeaseEvent) -> Void)?
    ) {
        self.configuration = configuration
        self.incarnation = incarnation
        self.competition = competition
        self.genesis = genesis
        self.logger = logger
        heartbeatConnection = KeptConnection(
            database: configuration.database, purpose: "node \(configuration.name)", logger: logger, open: connection)
        bus = ClusterBus(database: configuration.database, incarnation: incarnation, logger: logger)
        lease = LeaseKeeper(
            database: configuration.database, competition: competition, node: configuration.name, incarnation: incarnation,
            settings: configuration.lease, clock: monotonic, logger: logger, observer: leaseObserver)
        follower = LogFollower(
            database: configuration.database, competition: competition, genesis: genesis, monotonic: monotonic, logger: logger)
        edge = ClusterEdge(bus: bus, competition: competition, batchWindow: configuration.batchWindow, clock: monotonic, logger: logger)
        owner = CompetitionOwner(
            database: configuration.database, competition: competition, genesis: genesis, authenticator: authenticator, lease: lease,
            bus: bus, clock: clock, monotonic: monotonic, nodeGoneAfter: configuration.nodeGoneAfter,
            commitEvery: configuration.commitEvery, logger: logger,
            observer: observer)
    }

    /// Joins the cluster for the competition `genesis` describes (see the type's summary for
    /// what can refuse it). `observer` sees what the owner side does; `leaseObserver` sees
    /// every claim of the lease, synchronously, before the node acts on it.
    public static func join(
        _ configuration: Configuration, genesis: CompetitionGenesis, authenticator: any TriviaAuthenticator, clock: any AppClock,
        monotonic: any MonotonicClock = SystemMonotonicClock(), logger: Logger, observer: (@Sendable (OwnerEvent) -> Void)? = nil,
        leaseObserver: (@Sendable (LeaseEvent) -> Void)? = nil
    ) async throws(ClusterError) -> ClusterNode {
        let connection = try await configuration.database.connect(purpose: "node \(configuration.name)", logger: logger)
        do {
            try await ClusterSchema.migrate(connection, logger: logger)
            let (number, stored) = try await ClusterRegistry.open(connection, genesis: genesis, logger: logger)
            let incarnation = try await ClusterRegistry.register(connection, node: configuration.name, logger: logger)
            return ClusterNode(
                configuration: configuration, incarnation: incarnation, competition: number, genesis: stored, connection: connection,
                authenticator: authenticator, clock: clock, monotonic: monotonic, logger: logger, observer: observer,
                leaseObserver: leaseObserver)
        } catch {
            try? await connection.close()
            throw error
        }
    }

    /// Runs the node until ``stop()``: the bus, the lease, the owner, the heartbeat, and the
    /// routing of bus messages to the edge and the owner.
    public func run() async {
        let inputChannel = ClusterBus.inputChannel(competition)
        let edgeChannel = ClusterBus.edgeChannel(incarnation)
        await bus.listen(edgeChannel)
        await withTaskGroup(of: Void.self) { group in
            group.addTask { await self.bus.run() }
            group.addTask { await self.lease.run() }
            group.addTask { await self.owner.run() }
            group.addTask { await self.beat() }
            for await event in bus.events {
                switch event {
                case .message(let channel, let message):
                    if channel == inputChannel, case .inputs(let inputs) = message.body {
                        await owner.submit(inputs)
                    } else if channel == edgeChannel {
                        await edge.deliver(message)
                    }
                case .gap(let channel, let sender, let missing) where channel == edgeChannel:
                    await edge.resynchronize(reason: "\(missing) bus messages from node \(sender) were lost")
                case .gap:
                    break  // inputs lost on the way to the owner were never acknowledged
                case .reset(let reason):
                    await edge.resynchronize(reason: reason)
                }
            }
            group.cancelAll()
        }
    }

    /// Gives the lease up (a standby takes over at once), sends the edge's last inputs, marks
    /// the node stopped and closes its connections.
    public func stop() async {
        guard !stopped else { return }
        stopped = true
        await edge.flush()
        await lease.stop()
        if let connection = try? await heartbeatConnection.connection() {
            try? await ClusterRegistry.heartbeat(connection, incarnation: incarnation, stopping: true, logger: logger)
        }
        await heartbeatConnection.close()
        await edge.finish()
        await follower.stop()
        await bus.stop()
    }

    /// The host's state as this node knows it: the owner's own host while it owns the
    /// competition, else the ``follower``'s copy from the log. A copy: ``read(_:)`` is what
    /// `/health` and the balance endpoint use.
    public func currentCore() async -> TriviaHostCore {
        if let core = await owner.hostSnapshot { return core }
        return await follower.core()
    }

    /// `body`'s answer from the host as this node knows it (the owner's own between commits,
    /// else the follower's), without copying the host: a copy kept across the owner's next
    /// commit would make that commit copy every player's record.
    public func read<T: Sendable>(_ body: @Sendable (TriviaHostCore) -> T) async -> T {
        if let answer = await owner.read(body) { return answer }
        return await follower.read(body)
    }

    private func beat() async {
        while !stopped, !Task.isCancelled {
            do {
                let connection = try await heartbeatConnection.connection()
                try await ClusterRegistry.heartbeat(connection, incarnation: incarnation, logger: logger)
            } catch ClusterError.stopped {
                return
            } catch {
                logger.warning("heartbeat: \(error)")
                await heartbeatConnection.discard()
            }
            try? await Task.sleep(for: configuration.heartbeatEvery)
        }
    }
}
