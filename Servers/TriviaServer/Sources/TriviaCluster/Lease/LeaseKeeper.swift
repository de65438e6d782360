import Logging
import PostgresNIO

/// Holds, or waits for, the lease of one competition on behalf of one node.
///
/// ``run()`` loops until ``stop()``: as a standby it tries to take the lease every
/// `pollEvery`; as the holder it renews it every `renewEvery`. Its belief of ownership is
/// bounded by its own monotonic clock (``LeaseSettings``), so a holder cut off from
/// PostgreSQL stops acting as owner on time even while a query hangs: ``epoch(at:)`` answers
/// from the clock, not from the last event. A claim is shown to the observer before the
/// keeper's state holds it, and published on ``events`` after, so an owner reacting to the
/// event finds the epoch current.
public actor LeaseKeeper {
    private struct Holding: Sendable {
        var epoch: Int64
        var validUntil: MonotonicInstant
    }

    /// A step that did not finish before the belief ran out.
    private struct Overdue: Error {}

    /// Claims, renewals and losses, in order (the owner follows these).
    public nonisolated let events: AsyncStream<LeaseEvent>
    private let continuation: AsyncStream<LeaseEvent>.Continuation
    private let holding = LockedValue<Holding?>(nil)
    private let database: ClusterDatabase
    private let competition: Int32
    private let node: String
    private let incarnation: Int64
    private let settings: LeaseSettings
    private let clock: any MonotonicClock
    private let logger: Logger
    private let observer: (@Sendable (LeaseEvent) -> Void)?
    private let kept: KeptConnection
    private var stopped = false

    /// A keeper for competition number `competition` (`trivia_competitions.number`), for the
    /// node named `node` in its incarnation `incarnation`. `observer` sees every event
    /// synchronously, before the keeper acts on it (a recorder that must not miss a claim
    /// even if the process dies right after it).
    public init(
        database: ClusterDatabase, competition: Int32, node: String, incarnation: Int64, settings: LeaseSettings = LeaseSettings(),
        clock: any MonotonicClock = SystemMonotonicClock(), logger: Logger, observer: (@Sendable (LeaseEvent) -> Void)? = nil
    ) {
        self.observer = observer
        self.database = database
        self.competition = competition
        self.node = node
        self.incarnation = incarnation
        self.settings = settings
        self.clock = clock
        self.logger = logger
        kept = KeptConnection(database: database, purpose: "lease \(node)", logger: logger)
        (events, continuation) = AsyncStream.makeStream(of: LeaseEvent.self)
    }

    /// The epoch this node owns at `now`, or `nil`. The owner asks before every commit.
    public nonisolated func epoch(at now: MonotonicInstant) -> Int64? {
        holding.withLock { holding in
            guard let current = holding, now < current.validUntil else { return nil }
            return current.epoch
        }
    }

    /// Takes and keeps the lease until ``stop()`` or cancellation.
    public func run() async {
        while !stopped, !Task.isCancelled {
            do {
                if let current = holding.withLock({ $0 }) {
                    try await keep(current)
                } else {
                    try await contend()
                }
            } catch is CancellationError {
                break
            } catch {
                logger.warning("lease: \(error is Overdue ? "PostgreSQL did not answer in time" : ClusterDatabase.reason(error))")
                await dropConnection()
                if let current = holding.withLock({ $0 }), clock.now >= current.validUntil {
                    lose(current.epoch, reason: "the lease ran out before a renewal got through")
                }
                try? await clock.sleep(for: settings.pollEvery)
            }
        }
        await finish()
    }

    /// Gives the lease up (its belief ends before PostgreSQL is told), closes the connection
    /// and ends ``run()``.
    public func stop() async {
        stopped = true
        await finish()
    }

    /// Ends the belief at once without telling PostgreSQL: the owner calls this when a commit
    /// was fenced (another node has a newer epoch).
    public func relinquish(reason: String) {
        if let current = holding.withLock({ $0 }) { lose(current.epoch, reason: reason) }
    }

    // MARK: Steps

    private func contend() async throws {
        let connection = try await kept.connection()
        let sent = clock.now
        if let epoch = try await LeaseStore.acquire(
            connection, competition: competition, node: node, incarnation: incarnation, ttl: settings.ttl, logger: logger)
        {
            let validUntil = sent.advanced(by: settings.belief)
            let event = LeaseEvent.acquired(epoch: epoch, at: clock.now, validUntil: validUntil)
            observer?(event)
            holding.withLock { $0 = Holding(epoch: epoch, validUntil: validUntil) }
            continuation.yield(event)
            logger.notice("lease acquired", metadata: ["epoch": "\(epoch)", "node": "\(node)"])
            try await clock.sleep(for: settings.renewEvery)
        } else {
            try await clock.sleep(for: settings.pollEvery)
        }
    }

    private func keep(_ current: Holding) async throws {
        guard clock.now < current.validUntil else {
            lose(current.epoch, reason: "the lease ran out before a renewal got through")
            return
        }
        let sent = clock.now
        let renewed = try await before(current.validUntil) { [self] in
            let connection = try await kept.connection()
            return try await LeaseStore.renew(
                connection, competition: competition, epoch: current.epoch, incarnation: incarnation, ttl: settings.ttl,
                logger: logger)
        }
        guard renewed else {
            lose(current.epoch, reason: "PostgreSQL refused the renewal (the lease expired there)")
            return
        }
        let validUntil = sent.advanced(by: settings.belief)
        let event = LeaseEvent.extended(epoch: current.epoch, validUntil: validUntil)
        observer?(event)
        holding.withLock { $0 = Holding(epoch: current.epoch, validUntil: validUntil) }
        continuation.yield(event)
        try await clock.sleep(for: min(settings.renewEvery, clock.now.duration(to: validUntil)))
    }

    /// For events that end a claim: the state has changed already.
    private func publish(_ event: LeaseEvent) {
        observer?(event)
        continuation.yield(event)
    }

    private func lose(_ epoch: Int64, reason: String) {
        let ended = holding.withLock { holding in
            guard holding?.epoch == epoch else { return false }
            holding = nil
            return true
        }
        guard ended else { return }
        publish(.lost(epoch: epoch, at: clock.now, reason: reason))
        logger.warning("lease lost", metadata: ["epoch": "\(epoch)", "reason": "\(reason)"])
    }

    private func finish() async {
        if let current = holding.withLock({ holding in
            defer { holding = nil }
            return holding
        }) {
            publish(.released(epoch: current.epoch, at: clock.now))
            if let open = try? await kept.connection() {
                try? await LeaseStore.release(
                    open, competition: competition, epoch: current.epoch, incarnation: incarnation, logger: logger)
            }
        }
        await kept.close()
        continuation.finish()
    }

    // MARK: Connection

    private func dropConnection() async {
        await kept.discard()
    }

    /// Runs `body`, or throws ``Overdue`` when `deadline` comes first.
    private func before<T: Sendable>(_ deadline: MonotonicInstant, _ body: @escaping @Sendable () async throws -> T) async throws -> T {
        let clock = self.clock
        return try await withThrowingTaskGroup(of: T?.self) { group in
            group.addTask { try await body() }
            group.addTask {
                try await clock.sleep(for: clock.now.duration(to: deadline))
                return nil
            }
            defer { group.cancelAll() }
            guard let first = try await group.next(), let value = first else {
                // A query that hangs ignores cancellation: closing its connection ends it, so
                // the group (which waits for every child) can finish.
                await kept.discard()
                throw Overdue()
            }
            return value
        }
    }
}
