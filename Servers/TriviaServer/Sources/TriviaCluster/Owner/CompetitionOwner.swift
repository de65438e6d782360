import Foundation
import Logging
import PostgresNIO
import SharedNetworking
import Trivia
import TriviaHost

/// The owner side of a node for one competition: while its ``LeaseKeeper`` holds the lease,
/// it runs the competition's ``ReplayableHost``.
///
/// On taking the lease it rebuilds the host from the stored genesis by replaying the whole
/// log (the outputs of replayed entries were published when they were committed, so they are
/// not sent again), announces itself to the edges (``BusMessage/Body/ownerReady(epoch:position:)``)
/// and listens for inputs. Then, one commit at a time: every input that arrived meanwhile is
/// read at one host time, applied, and the entry and its outputs (one batch per edge) are
/// committed together (`trivia_commit`, fenced by the lease epoch). Nothing is sent unless
/// its entry is in the log; an input whose commit failed was never acknowledged. Commits start
/// at most once per `commitEvery` (20 ms): however many players answer, the owner makes at
/// most 50 commits a second, each one message per edge, so the bus carries messages per node
/// and per unit of time, not per player.
///
/// Any failure to commit (PostgreSQL restarted, the lease gone) drops the host, whose state
/// may include inputs that are not in the log; the owner rebuilds it by replay if it still
/// holds the lease, and otherwise waits as a standby.
///
/// A new owner's first commit keeps the current answer or wild-card window open until
/// `takeOverGrace` (3 s) after it took over, if it would close sooner
/// (``HostInput/extendWindow(until:)``, logged like any input): requests sent in time to the
/// owner that died come back (edges resend the last 3 s of them, clients every 2 s) and are
/// judged as if it had not died, instead of as late. Clients are not told: only what they sent
/// before the deadline they saw comes back.
///
/// Inputs pass an input filter (`InputFilter`) first (a `join` resent after a change of owner is answered
/// once). Every `nodeGoneAfter / 5` the owner asks `trivia_nodes` which nodes holding
/// connections stopped or fell silent for `nodeGoneAfter`; their connections are disconnected
/// in the host (logged, like any input) and closed, so broadcasts stop carrying rows for
/// sockets nobody holds.
public actor CompetitionOwner {
    private let database: ClusterDatabase
    private let competition: Int32
    private let genesis: CompetitionGenesis
    private let authenticator: any TriviaAuthenticator
    private let lease: LeaseKeeper
    private let bus: ClusterBus
    private let clock: any AppClock
    private let monotonic: any MonotonicClock
    private let logger: Logger
    private let observer: (@Sendable (OwnerEvent) -> Void)?
    private let nodeGoneAfter: Duration
    private let commitEvery: Duration
    private let takeOverGrace: Duration
    /// Set by a take-over (its time plus `takeOverGrace`): the next commit extends a window
    /// that would close before then.
    private var holdUntil: Date?
    private var lastCommit: MonotonicInstant?

    private var host: ReplayableHost?
    private var position: Int64 = 0
    private var epoch: Int64?
    private var pending: [HostInput] = []
    private let writer: KeptConnection
    private var serving: Task<Void, Never>?
    private var deadlineTimer: Task<Void, Never>?
    private var wake = WakeSignal()
    private var inputFilter = InputFilter()
    private var reaper: Task<Void, Never>?
    private let reaperConnection: KeptConnection

    /// An owner for competition number `competition`, whose stored genesis is `genesis`.
    public init(
        database: ClusterDatabase, competition: Int32, genesis: CompetitionGenesis, authenticator: any TriviaAuthenticator,
        lease: LeaseKeeper, bus: ClusterBus, clock: any AppClock,
        monotonic: any MonotonicClock = SystemMonotonicClock(), nodeGoneAfter: Duration = .seconds(10),
        commitEvery: Duration = .milliseconds(20), takeOverGrace: Duration = .seconds(3), logger: Logger,
        observer: (@Sendable (OwnerEvent) -> Void)? = nil
    ) {
        self.database = database
        self.competition = competition
        self.genesis = genesis
        self.authenticator = authenticator
        self.lease = lease
        self.bus = bus
        self.clock = clock
        self.monotonic = monotonic
        self.logger = logger
        self.observer = observer
        self.nodeGoneAfter = nodeGoneAfter
        self.commitEvery = commitEvery
        self.takeOverGrace = takeOverGrace
        let incarnation = bus.incarnation
        writer = KeptConnection(database: database, purpose: "owner \(incarnation)", logger: logger)
        reaperConnection = KeptConnection(database: database, purpose: "owner \(incarnation) nodes", logger: logger)
    }

    /// Follows the lease until its events end (the keeper stopped).
    public func run() async {
        for await event in lease.events {
            switch event {
            case .acquired(let epoch, _, _):
                await takeOver(epoch)
            case .lost(let epoch, _, let reason):
                stepDown(epoch, reason: .leaseLost(reason))
            case .released(let epoch, _):
                stepDown(epoch, reason: .leaseReleased)
            case .extended:
                break
            }
            // Standbys do not listen for inputs (they are most of the bus's traffic). Done here,
            // in event order, so a later take-over's LISTEN is never undone by an older UNLISTEN.
            if epoch == nil { await bus.unlisten(ClusterBus.inputChannel(competition)) }
        }
        if let epoch { stepDown(epoch, reason: .keeperStopped) }
        await writer.close()
        await reaperConnection.close()
    }

    /// Inputs from an edge. Ignored unless this node is the owner now: an input it does not
    /// commit is never acknowledged, and its client sends it again. While a commit is in flight
    /// (or the host is being rebuilt) they wait for the next one.
    public func submit(_ inputs: [HostInput]) {
        guard epoch != nil else { return }
        pending += inputs.filter { $0 != .advance }
        signal()
    }

    /// The lease epoch under which this node acts as owner, or `nil`.
    public var ownedEpoch: Int64? { epoch }

    /// A copy of the host's state now, for tests. A copy that outlives the next commit makes
    /// that commit copy the host's arrays (copy on write): ``read(_:)`` answers without one.
    public var hostSnapshot: TriviaHostCore? { host?.core }

    /// `body`'s answer from the host now, or `nil` when this node is not the owner or a commit
    /// is in flight (the host is out for it).
    public func read<T: Sendable>(_ body: @Sendable (TriviaHostCore) -> T) -> T? {
        host.map { body($0.core) }
    }

    // MARK: Taking over

    /// Becomes the owner for `epoch`: rebuilds the host and starts serving, retrying while the
    /// lease lasts (PostgreSQL may be restarting).
    private func takeOver(_ epoch: Int64) async {
        self.epoch = epoch
        while self.epoch == epoch, lease.epoch(at: monotonic.now) == epoch {
            do {
                try await rebuild(epoch)
                serving?.cancel()
                serving = Task { await self.serve(epoch) }
                reaper?.cancel()
                reaper = Task { await self.watchNodes(epoch) }
                return
            } catch {
                host = nil
                await writer.discard()
                if case .fenced = error as? ClusterError {
                    await lease.relinquish(reason: "fenced while taking over")
                    break
                }
                if Task.isCancelled { break }  // the node is stopping: not a failure
                logger.warning("owner: taking over failed, retrying: \(error)")
                try? await monotonic.sleep(for: .milliseconds(200))
            }
        }
        if self.epoch == epoch { stepDown(epoch, reason: Task.isCancelled ? .nodeStopping : .leaseEndedWhileTakingOver) }
    }

    /// Replays the log into the host (from scratch unless the host kept from before is
    /// current), listens for inputs and announces the new owner.
    private func rebuild(_ epoch: Int64) async throws {
        let started = monotonic.now
        let writer = try await writer.connection()
        // A host kept from an earlier term is only valid if nothing failed since: it is
        // dropped on every failure, so when present it equals the log up to `position`.
        let from = host == nil ? 0 : position
        var host = self.host ?? ReplayableHost(genesis: genesis, authenticator: authenticator)
        self.host = nil
        let entries = try await InputLogStore.entries(writer, competition: competition, after: from, logger: logger)
        var inputs = 0
        for entry in entries {
            for input in entry.inputs { _ = host.replay(input) }
            inputs += entry.inputs.count
        }
        position = entries.last?.position ?? from
        await bus.listen(ClusterBus.inputChannel(competition))
        try await announce(epoch, on: writer)
        inputFilter = InputFilter()
        inputFilter.watch(host.core)
        holdUntil = host.readTime(clock.now).addingTimeInterval(takeOverGrace.timeInterval)
        self.host = host
        let elapsed = started.duration(to: monotonic.now).components
        let seconds = Double(elapsed.seconds) + Double(elapsed.attoseconds) / 1e18
        logger.notice("owner", metadata: ["epoch": "\(epoch)", "position": "\(position)", "replayed": "\(entries.count)"])
        observer?(
            .tookOver(epoch: epoch, position: position, replayedEntries: entries.count, replayedInputs: inputs, replaySeconds: seconds))
    }

    /// Tells every live edge that this node owns the competition now (fenced, like a commit).
    private func announce(_ epoch: Int64, on writer: PostgresConnection) async throws {
        var edges: [Int64] = []
        let rows = try await writer.query(
            """
            SELECT incarnation FROM trivia_nodes
             WHERE stopped_at IS NULL AND seen_at > clock_timestamp() - interval '30 seconds' ORDER BY incarnation
            """, logger: logger)
        for try await incarnation in rows.decode(Int64.self) { edges.append(incarnation) }
        let messages = await bus.stamp(
            edges.map { (ClusterBus.edgeChannel($0), BusMessage.Body.ownerReady(epoch: epoch, position: position)) })
        try await InputLogStore.commit(
            writer, competition: competition, epoch: epoch, incarnation: bus.incarnation, position: position + 1, inputs: [],
            messages: messages, logger: logger)
        for message in messages { bus.counters.published(bytes: message.payload.readableBytes, inlineLimit: InputLogStore.inlineLimit) }
    }

    private func stepDown(_ epoch: Int64, reason: StepDownReason) {
        guard self.epoch == epoch else { return }
        self.epoch = nil
        pending = []
        serving?.cancel()
        serving = nil
        reaper?.cancel()
        reaper = nil
        deadlineTimer?.cancel()
        deadlineTimer = nil
        signal()
        // Giving the lease up is planned; losing it while alive (a stall, PostgreSQL gone) is not.
        logger.log(
            level: reason.isPlanned ? .notice : .warning, "owner stepped down", metadata: ["epoch": "\(epoch)", "reason": "\(reason)"])
        observer?(.steppedDown(epoch: epoch, reason: reason))
    }

    // MARK: Serving

    private func serve(_ epoch: Int64) async {
        while self.epoch == epoch, !Task.isCancelled {
            if host == nil {
                // A failed commit dropped the host; rebuild it while the lease lasts.
                guard lease.epoch(at: monotonic.now) == epoch else { return }
                await takeOver(epoch)
                return
            }
            if !pending.isEmpty || isDeadlineDue || inputFilter.hasDisconnects {
                // Group commit: what arrives during the rest of the interval joins this commit.
                if let lastCommit {
                    let wait = commitEvery - lastCommit.duration(to: monotonic.now)
                    if wait > .zero { try? await monotonic.sleep(for: wait) }
                    guard self.epoch == epoch, !Task.isCancelled else { return }
                }
                lastCommit = monotonic.now
                await commitPending(epoch)
                continue
            }
            armDeadlineTimer()
            await waitForSignal()
        }
    }

    private var isDeadlineDue: Bool {
        guard let host, let deadline = host.core.nextDeadline else { return false }
        return deadline <= host.readTime(clock.now)
    }

    private func commitPending(_ epoch: Int64) async {
        guard lease.epoch(at: monotonic.now) == epoch else {
            stepDown(epoch, reason: .leaseTimeRanOut)
            return
        }
        guard var host = self.host else { return }
        self.host = nil  // moved out: no copy of the core; put back only if the commit succeeds
        let now = clock.now
        let filtered = inputFilter.filter(pending, core: host.core)
        var inputs = filtered.inputs.isEmpty ? [HostInput.advance] : filtered.inputs
        if let until = holdUntil {
            holdUntil = nil
            switch host.core.phase {
            case .open(_, _, let end), .reviewing(_, let end):
                if end < until, host.readTime(now) < until { inputs.insert(.extendWindow(until: until), at: 0) }
            case .lobby, .finished:
                break
            }
        }
        pending = []
        var logged: [LoggedInput] = []
        var outputs: [HostOutput] = []
        logged.reserveCapacity(inputs.count)
        for input in inputs {
            let (entry, produced) = host.accept(input, at: now)
            logged.append(entry)
            outputs += produced
        }
        outputs += filtered.closes
        let next = position + 1
        let bodies = OutputBatch.split(outputs).sorted { $0.key < $1.key }.map { edge, batch in
            (channel: ClusterBus.edgeChannel(edge), body: BusMessage.Body.outputs(position: next, batch))
        }
        let messages = await bus.stamp(bodies)
        do {
            let writer = try await writer.connection()
            try await InputLogStore.commit(
                writer, competition: competition, epoch: epoch, incarnation: bus.incarnation, position: next, inputs: logged,
                messages: messages, logger: logger)
        } catch {
            logger.warning("owner: commit \(next) failed: \(error)")
            await writer.discard()
            if case .fenced = error {
                await lease.relinquish(reason: "fenced: another node holds a newer epoch")
                stepDown(epoch, reason: .fenced(position: next))
            }
            return
        }
        self.host = host
        position = next
        for message in messages { bus.counters.published(bytes: message.payload.readableBytes, inlineLimit: InputLogStore.inlineLimit) }
        bus.counters.count(\.logEntries)
        bus.counters.count(\.loggedInputs, by: logged.count)
        observer?(.committed(position: next, inputs: logged, outputs: outputs))
    }

    // MARK: Nodes that are gone

    /// While this node owns `epoch`: asks which nodes holding connections are gone, and has
    /// the next commit disconnect their connections.
    private func watchNodes(_ epoch: Int64) async {
        let every = max(nodeGoneAfter / 5, .milliseconds(100))
        while self.epoch == epoch, !Task.isCancelled {
            do { try await monotonic.sleep(for: every) } catch { return }
            let watched = inputFilter.watched.subtracting(inputFilter.gone).subtracting([bus.incarnation])
            guard self.epoch == epoch, !watched.isEmpty else { continue }
            do {
                let connection = try await reaperConnection.connection()
                let gone = try await ClusterRegistry.gone(connection, among: watched.sorted(), silence: nodeGoneAfter, logger: logger)
                guard self.epoch == epoch else { return }
                let new = inputFilter.markGone(gone)
                guard !new.isEmpty else { continue }
                logger.notice("owner: nodes gone, their connections are disconnected", metadata: ["incarnations": "\(new.sorted())"])
                observer?(.nodesGone(incarnations: new.sorted()))
                signal()
            } catch {
                logger.warning("owner: could not ask which nodes are gone: \(error)")
                await reaperConnection.discard()
            }
        }
    }

    // MARK: Waking

    private func armDeadlineTimer() {
        deadlineTimer?.cancel()
        guard let host, let deadline = host.core.nextDeadline else { return }
        let clock = clock
        deadlineTimer = Task { [weak self] in
            // Until the instant, not for the time left when the task started: a test's clock
            // may move in between (a sleep of the time left then ended a whole advance late,
            // and the question never opened under a loaded machine).
            do { try await clock.sleep(until: deadline) } catch { return }
            await self?.signal()
        }
    }

    private func signal() {
        wake.signal()
    }

    /// Returns after the next ``signal()`` (or at once if one came since the last wait), or
    /// when the calling task is cancelled: a serving task replaced by another, or stopped with
    /// the node, never waits forever.
    private func waitForSignal() async {
        let id = wake.prepare()
        guard let id else { return }
        await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                wake.park(id, continuation, cancelled: Task.isCancelled)
            }
        } onCancel: {
            Task { await self.wakeCancelled(id) }
        }
    }

    private func wakeCancelled(_ id: UInt64) {
        wake.cancel(id)
    }
}
