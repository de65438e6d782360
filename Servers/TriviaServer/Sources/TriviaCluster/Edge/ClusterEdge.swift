import Foundation
import Logging
import NIOCore
import Trivia
import TriviaHost

/// The edge side of a node: numbers the sockets it accepts, batches their inputs to the
/// owner, and hands the owner's output batches to its sockets.
///
/// Transport-independent like `TriviaHost` (the root package's host actor): the WebSocket server calls ``openConnection()``,
/// ``receive(_:from:)`` and ``disconnect(_:)`` and performs ``events``.
///
/// Inputs wait at most ``batchWindow`` (or until ``maxBatchBytes``) and go to the owner as
/// one bus message, so the bus carries messages per node, not per player. A batch that could
/// not be published is dropped and counted: none of its inputs was logged, so none was
/// acknowledged, and clients resend. Frames are passed on exactly as the owner's host produced
/// them: an owner never re-sends what an earlier owner committed (outputs are published in the
/// transaction that logs their inputs), so there is nothing to deduplicate.
///
/// Inputs sent to an owner that died before logging them are lost, and a client resends an
/// unacknowledged answer only every 2 s: after a fail-over its player would wait for the
/// take-over and then for the next resend. So the edge keeps the frames of the last
/// ``resendWindow`` and, when a new owner announces itself, sends the answers and wild-card
/// requests among them again (``resendRecent(excluding:)``). The host answers a request id it
/// already knows with its first answer, so a copy of one that was logged changes nothing.
public actor ClusterEdge {
    /// What the socket layer must do, in order.
    public nonisolated let events: AsyncStream<EdgeEvent>
    /// How long an input may wait for others before its batch is sent.
    public nonisolated let batchWindow: Duration
    /// A batch is sent at once when its frames reach this size.
    public nonisolated let maxBatchBytes: Int
    /// How long a received frame is kept for ``resendRecent(excluding:)``: longer than a
    /// client's resend interval (2 s), so the newest copy of every unacknowledged request is
    /// here.
    public nonisolated let resendWindow: Duration
    private let continuation: AsyncStream<EdgeEvent>.Continuation
    private let bus: ClusterBus
    private let inputChannel: String
    private let clock: any MonotonicClock
    private let logger: Logger
    private var nextLocal: UInt32 = 0
    private var pending: [HostInput] = []
    private var pendingBytes = 0
    private var flushTimer: Task<Void, Never>?
    private var sending = false
    private var dropped = EdgeCounters()
    /// Frames received in the last ``resendWindow``, oldest first.
    private var recent = CircularBuffer<(at: MonotonicInstant, connection: ConnectionID, frame: Data)>()

    /// Counts of what the edge dropped, for tests and a dashboard.
    public struct EdgeCounters: Sendable, Hashable {
        /// Inputs lost because their batch could not be published.
        public var unsentInputs = 0
    }

    /// An edge of competition number `competition` on the node whose bus is `bus`.
    public init(
        bus: ClusterBus, competition: Int32, batchWindow: Duration = .milliseconds(20), maxBatchBytes: Int = 64 * 1024,
        resendWindow: Duration = .seconds(3), clock: any MonotonicClock = SystemMonotonicClock(), logger: Logger
    ) {
        self.bus = bus
        self.inputChannel = ClusterBus.inputChannel(competition)
        self.batchWindow = batchWindow
        self.maxBatchBytes = maxBatchBytes
        self.resendWindow = resendWindow
        self.clock = clock
        self.logger = logger
        (events, continuation) = AsyncStream.makeStream(of: EdgeEvent.self)
    }

    /// What was dropped so far.
    public var counters: EdgeCounters { dropped }

    // MARK: From sockets

    /// A socket was accepted: its cluster-wide id.
    public func openConnection() -> ConnectionID {
        nextLocal &+= 1
        let connection = ClusterConnection.id(incarnation: bus.incarnation, local: nextLocal)
        enqueue(.connect(connection), bytes: 16)
        return connection
    }

    /// A frame arrived on `connection`.
    public func receive(_ frame: Data, from connection: ConnectionID) {
        let now = clock.now
        recent.append((now, connection, frame))
        while let oldest = recent.first, oldest.at.duration(to: now) > resendWindow { recent.removeFirst() }
        enqueue(.frame(connection, frame), bytes: frame.count + 16)
    }

    /// A new owner took over: sends again the answers and wild-card requests received in the
    /// last ``resendWindow``, except those of `excluding` (connections whose `join` is being
    /// resent with everything they sent). Returns how many. A copy of a request the host
    /// already logged is answered with its first answer; one from a connection closed since is
    /// ignored by the host.
    @discardableResult
    public func resendRecent(excluding: Set<ConnectionID>) -> Int {
        let now = clock.now
        let codec = TriviaCodec()
        var resent = 0
        for (at, connection, frame) in recent where at.duration(to: now) <= resendWindow && !excluding.contains(connection) {
            guard case .message(let envelope) = try? codec.decodeClientMessage(frame) else { continue }
            switch envelope.message {
            case .answer, .useWildcard:
                enqueue(.frame(connection, frame), bytes: frame.count + 16)
                resent += 1
            default:
                continue
            }
        }
        return resent
    }

    /// `connection` closed.
    public func disconnect(_ connection: ConnectionID) {
        enqueue(.disconnect(connection), bytes: 16)
    }

    /// A new owner took over while `connection` still waited for its `welcome`: its `connect`
    /// and the messages it sent (`frames`, its `join`) may have died with the old owner, so
    /// they go to the new one. If they had arrived after all, the `connect` starts the
    /// connection afresh (it had no user yet) and the `join` is answered once more.
    public func resendJoin(_ connection: ConnectionID, frames: [Data]) {
        enqueue(.connect(connection), bytes: 16)
        for frame in frames { enqueue(.frame(connection, frame), bytes: frame.count + 16) }
    }

    /// Sends what is waiting now (tests; a node stopping); if a batch is already on its way,
    /// what is waiting follows it.
    public func flush() async {
        flushTimer?.cancel()
        flushTimer = nil
        await send()
    }

    /// The batch window ended. The timer's own task sends the batch, so it must not be
    /// cancelled on the way (``flush()`` cancels the timer): a cancelled task's publish fails.
    private func windowEnded() async {
        flushTimer = nil
        await send()
    }

    /// Publishes the waiting inputs, one batch at a time: while a batch is on its way, what
    /// arrives waits and goes in the next, so batches reach the owner in the order their
    /// inputs arrived here.
    private func send() async {
        guard !sending else { return }  // the send in flight takes what is waiting next
        sending = true
        defer { sending = false }
        while !pending.isEmpty {
            let batch = pending
            pending = []
            pendingBytes = 0
            do {
                try await bus.publish([(channel: inputChannel, body: .inputs(batch))])
            } catch {
                dropped.unsentInputs += batch.count
                logger.warning("edge: \(batch.count) inputs not sent: \(error)")
            }
        }
    }

    private func enqueue(_ input: HostInput, bytes: Int) {
        pending.append(input)
        pendingBytes += bytes
        if pendingBytes >= maxBatchBytes {
            Task { await self.flush() }
        } else if flushTimer == nil {
            let clock = clock
            let window = batchWindow
            flushTimer = Task { [weak self] in
                do { try await clock.sleep(for: window) } catch { return }
                await self?.windowEnded()
            }
        }
    }

    // MARK: From the bus

    /// Handles a bus message addressed to this edge.
    public func deliver(_ message: BusMessage) {
        switch message.body {
        case .outputs(_, let batch):
            for output in batch.outputs { continuation.yield(.output(output)) }
        case .ownerReady(let epoch, _):
            continuation.yield(.ownerChanged(epoch: epoch))
        case .inputs:
            break
        }
    }

    /// Outputs may have been lost (see ``EdgeEvent/resynchronize(reason:)``).
    public func resynchronize(reason: String) {
        continuation.yield(.resynchronize(reason: reason))
    }

    /// Ends ``events``.
    public func finish() {
        flushTimer?.cancel()
        continuation.finish()
    }
}
