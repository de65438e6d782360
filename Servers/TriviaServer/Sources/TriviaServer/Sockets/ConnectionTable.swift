import Foundation
import NIOCore
import ServerSupport
import Synchronization
import Trivia
import TriviaHost

/// Every open socket: where its outgoing messages go, and the limits that apply to it.
///
/// The host's single output stream is routed here (``route(_:)``): frames are written straight
/// to the connections' channels, one batch per event loop (``OutboundBatch``), so a slow
/// client never holds up the others and no task wakes per frame. Closes go to the
/// connection's session, which runs the close handshake. Limits the host does not know about
/// live here too: the message rate, the join and idle timeouts, the outbound buffer bound.
/// Everything is behind one lock and never suspends.
final class ConnectionTable: Sendable {
    /// One connection's row. A class, changed in place under the table's lock: a broadcast looks
    /// up every recipient's row, and a copy of a struct row retained and released each of its
    /// references (the socket, the close callback, the user, the kept frames) every time.
    private final class Entry {
        /// The upgraded socket and the writer next to its head: frames are written through the
        /// writer; closing the channel drops the connection at once (no close frame), for a
        /// client too far behind to read one.
        let sink: FrameSink
        /// Starts the close handshake the session performs (called at most once, by the table).
        let startClose: @Sendable (TriviaCloseCode) -> Void
        /// Who the socket comes from, for the failure throttle.
        let client: ClientAddress
        let openedAt: Date
        var lastActivity: Date
        var limiter: MessageRateLimiter
        /// The user, once a `welcome` went out on this connection.
        var user: UserID?
        var joined: Bool { user != nil }
        var rateViolations = 0
        /// Set once a close is queued (or the socket dropped): nothing more is sent or read.
        var closing = false
        /// Server-made messages so far, for their ids.
        var notices = 0
        /// What the client sent before its `welcome` (its `join`), kept so that a cluster edge
        /// can send it again to a new owner; emptied by the `welcome`.
        var beforeWelcome: [Data] = []

        init(
            sink: FrameSink, startClose: @escaping @Sendable (TriviaCloseCode) -> Void, client: ClientAddress, openedAt: Date,
            limiter: MessageRateLimiter
        ) {
            self.sink = sink
            self.startClose = startClose
            self.client = client
            self.openedAt = openedAt
            self.lastActivity = openedAt
            self.limiter = limiter
        }
    }

    /// Messages kept per connection before its `welcome`: a `join` and a few pings at most.
    static let maxFramesBeforeWelcome = 4

    private struct State {
        var entries: [ConnectionID: Entry] = [:]
        var emptyWaiters: [AsyncStream<Void>.Continuation] = []
        /// Set by ``shutDown(_:code:message:)``: the server is stopping, and a connection
        /// registered from then on is closed the same way at once.
        var closingAll: (close: TriviaCloseCode, code: TriviaErrorCode, message: String)?
    }

    /// Whether a message that just arrived may go to the host.
    enum Admission: Equatable {
        case accept
        /// Over the rate limit: dropped and answered `error`/`rateLimited`.
        case dropped
        /// The connection is closing; stop reading.
        case closing
    }

    let limits: TriviaServerLimits
    /// Encodes what the table sends (host messages, its own notices) once, into the buffers
    /// the writers send as they are.
    let codec: TriviaCodec
    /// Told the client of every connection the host closes `unauthorized` (a bad token at
    /// `join`), outside the lock: the failure throttle counts them.
    let onUnauthorized: @Sendable (ClientAddress) -> Void
    private let state = Mutex(State())

    init(
        limits: TriviaServerLimits, codec: TriviaCodec = TriviaCodec(),
        onUnauthorized: @escaping @Sendable (ClientAddress) -> Void = { _ in }
    ) {
        self.limits = limits
        self.codec = codec
        self.onUnauthorized = onUnauthorized
    }

    var count: Int { state.withLock { $0.entries.count } }

    /// Connections that have joined (a `welcome` was sent on them).
    var joinedCount: Int { state.withLock { $0.entries.values.count { $0.joined } } }

    /// Whether a `welcome` went out on `connection`.
    func hasJoined(_ connection: ConnectionID) -> Bool {
        state.withLock { $0.entries[connection]?.joined ?? false }
    }

    // MARK: Lifecycle

    /// Adds `connection`, whose upgraded WebSocket is `sink`'s channel (with its
    /// ``FrameWriter`` installed). `startClose` is called (at most once, never inside the
    /// table's lock) when the table decides to close the connection with a handshake; a
    /// connection dropped without one (``drop(_:)``, a client too far behind) has its channel
    /// closed instead.
    ///
    /// A callback, not a stream the session waits on: waiting needed a task per connection
    /// for the whole life of every connection, when only closing ones have anything to do.
    func register(
        _ connection: ConnectionID, sink: FrameSink, client: ClientAddress = ClientAddress(nil), at now: Date,
        startClose: @escaping @Sendable (TriviaCloseCode) -> Void
    ) {
        let limiter = MessageRateLimiter(perSecond: limits.messagesPerSecond, burst: limits.messageBurst, now: now)
        let pending = state.withLock { state -> PendingClose? in
            // Made inside the lock: a row never leaves the table's state.
            let entry = Entry(sink: sink, startClose: startClose, client: client, openedAt: now, limiter: limiter)
            state.entries[connection] = entry
            // A socket upgraded while the server began stopping: closeAll did not see it, and
            // the shutdown waits until the table is empty.
            guard let stopping = state.closingAll else { return nil }
            notice(stopping.code, stopping.message, on: connection, entry: entry)
            return close(entry, with: stopping.close)
        }
        pending?.start()
    }

    /// Forgets `connection` (its socket is gone).
    func remove(_ connection: ConnectionID) {
        let waiters = state.withLock { state -> [AsyncStream<Void>.Continuation] in
            state.entries.removeValue(forKey: connection)
            guard state.entries.isEmpty else { return [] }
            defer { state.emptyWaiters.removeAll() }
            return state.emptyWaiters
        }
        for waiter in waiters { waiter.finish() }
    }

    /// Returns when no connection is left (or the calling task is cancelled).
    func waitUntilEmpty() async {
        let (stream, continuation) = AsyncStream.makeStream(of: Void.self)
        let empty = state.withLock { state -> Bool in
            if state.entries.isEmpty { return true }
            state.emptyWaiters.append(continuation)
            return false
        }
        if empty { return }
        for await _ in stream {}
    }

    // MARK: Outgoing

    /// Routes one of the host's outputs to its connections. Frames are encoded here, outside
    /// the lock: a broadcast's frames are rendered from its template into one buffer (each
    /// connection gets a slice of it), looked up under one lock, and written one batch per
    /// event loop.
    func route(_ output: HostOutput) {
        switch output {
        case .send(let envelope, let connection):
            var user: UserID?
            if case .welcome(let welcome) = envelope.message { user = welcome.user }
            let frame = WebSocketTextFrame.frame(codec.encodeBytes(envelope))
            state.withLock { state in
                guard let entry = state.entries[connection], !entry.closing else { return }
                if let user {
                    entry.user = user
                    entry.beforeWelcome = []
                }
                var batch = OutboundBatch()
                batch.append(frame, for: connection, to: entry.sink)
                submit(batch)
            }
        case .broadcast(let broadcast):
            let frames = Self.render(broadcast)
            state.withLock { state in
                var batch = OutboundBatch()
                for (recipient, frame) in zip(broadcast.recipients, frames) {
                    guard let entry = state.entries[recipient.connection], !entry.closing else { continue }
                    batch.append(frame, for: recipient.connection, to: entry.sink)
                }
                submit(batch)
            }
        case .close(let connection, let reason):
            let (pending, client) = state.withLock { state -> (PendingClose?, ClientAddress?) in
                guard let entry = state.entries[connection], !entry.closing else { return (nil, nil) }
                return (close(entry, with: TriviaCloseCode(hostReason: reason)), entry.client)
            }
            if reason == .unauthorized, let client { onUnauthorized(client) }
            pending?.start()
        }
    }

    /// Every recipient's frame of `broadcast`, header included (``WebSocketTextFrame``), as
    /// slices of one buffer.
    static func render(_ broadcast: ServerBroadcast) -> [ByteBuffer] {
        let message = broadcast.message
        var all = ByteBuffer()
        all.reserveCapacity(broadcast.recipients.count * (message.template.bytes.count + 48 + WebSocketTextFrame.maxHeaderBytes))
        var scratch: [UInt8] = []
        scratch.reserveCapacity(message.template.bytes.count + 256)
        var ends: [Int] = []
        ends.reserveCapacity(broadcast.recipients.count)
        for recipient in broadcast.recipients {
            scratch.removeAll(keepingCapacity: true)
            message.write(recipient.copy, into: &scratch)
            WebSocketTextFrame.writeHeader(length: scratch.count, into: &all)
            all.writeBytes(scratch)
            ends.append(all.writerIndex)
        }
        var start = all.readerIndex
        return ends.map { end in
            defer { start = end }
            return all.getSlice(at: start, length: end - start) ?? ByteBuffer()
        }
    }

    /// Drops the sockets of `user` without a close frame, as a network failure would. Returns
    /// how many.
    @discardableResult
    func drop(_ user: UserID) -> Int {
        let channels = state.withLock { state in
            state.entries.values.filter { $0.user == user && !$0.closing }.map(\.sink.channel)
        }
        for channel in channels { channel.close(promise: nil) }
        return channels.count
    }

    /// Sends `error`/`code` and closes every connection open now (its clients reconnect).
    func closeAll(_ close: TriviaCloseCode, code: TriviaErrorCode, message: String) {
        closeAll(close, code: code, message: message, andLater: false)
    }

    /// The server is stopping: ``closeAll(_:code:message:)`` now, and every connection
    /// registered from now on is closed the same way at once.
    func shutDown(_ close: TriviaCloseCode, code: TriviaErrorCode, message: String) {
        closeAll(close, code: code, message: message, andLater: true)
    }

    private func closeAll(_ close: TriviaCloseCode, code: TriviaErrorCode, message: String, andLater: Bool) {
        let closes = state.withLock { state in
            if andLater { state.closingAll = (close, code, message) }
            var closes: [PendingClose] = []
            for (connection, entry) in state.entries where !entry.closing {
                notice(code, message, on: connection, entry: entry)
                closes.append(self.close(entry, with: close))
            }
            return closes
        }
        for pending in closes { pending.start() }
    }

    /// Sends `error`/`code` (answering the message `ref`, if any) on `connection` and closes it
    /// (a limit the session enforces itself).
    func close(_ connection: ConnectionID, _ close: TriviaCloseCode, code: TriviaErrorCode, message: String, ref: MessageID? = nil) {
        let pending = state.withLock { state -> PendingClose? in
            guard let entry = state.entries[connection], !entry.closing else { return nil }
            notice(code, message, on: connection, entry: entry, ref: ref)
            return self.close(entry, with: close)
        }
        pending?.start()
    }

    /// Closes `connection` with `close` and no `error` before it (a message over the hard size
    /// limit: the WebSocket library refuses a single frame that large the same way).
    func close(_ connection: ConnectionID, _ close: TriviaCloseCode) {
        let pending = state.withLock { state -> PendingClose? in
            guard let entry = state.entries[connection], !entry.closing else { return nil }
            return self.close(entry, with: close)
        }
        pending?.start()
    }

    /// Sends `error`/`code` on `connection`, which stays open (a message the session refuses
    /// itself before the host sees it).
    func notify(_ connection: ConnectionID, code: TriviaErrorCode, message: String) {
        state.withLock { state in
            guard let entry = state.entries[connection], !entry.closing else { return }
            notice(code, message, on: connection, entry: entry)
        }
    }

    // MARK: Incoming

    /// Keeps `frame`, which arrived on `connection` before its `welcome` (see
    /// ``waitingJoins()``). Frames after the welcome, or past a few, are not kept.
    func keepIfWaiting(_ frame: Data, on connection: ConnectionID) {
        state.withLock { state in
            guard let entry = state.entries[connection], !entry.joined, !entry.closing,
                entry.beforeWelcome.count < Self.maxFramesBeforeWelcome
            else { return }
            entry.beforeWelcome.append(frame)
        }
    }

    /// Open connections without a `welcome`, with what they sent so far, by connection id.
    func waitingJoins() -> [(connection: ConnectionID, frames: [Data])] {
        state.withLock { state in
            state.entries.filter { !$0.value.joined && !$0.value.closing }.map { ($0.key, $0.value.beforeWelcome) }
                .sorted { $0.connection < $1.connection }
        }
    }

    /// A message arrived on `connection` at `now`: counts as activity, and is admitted unless
    /// it exceeds the rate limit. Repeated excess closes the connection.
    func admit(_ connection: ConnectionID, at now: Date) -> Admission {
        let (admission, pending) = state.withLock { state -> (Admission, PendingClose?) in
            guard let entry = state.entries[connection], !entry.closing else { return (.closing, nil) }
            entry.lastActivity = max(entry.lastActivity, now)
            if entry.limiter.admit(at: now) { return (.accept, nil) }
            entry.rateViolations += 1
            let rate = limits.messagesPerSecond.formatted(.number.precision(.fractionLength(0...1)))
            if entry.rateViolations >= limits.maxRateViolations {
                notice(
                    .rateLimited, "closing: \(entry.rateViolations) messages over the limit of \(rate) a second", on: connection,
                    entry: entry)
                return (.closing, close(entry, with: .rateLimited))
            }
            notice(.rateLimited, "message dropped: more than \(rate) messages a second", on: connection, entry: entry)
            return (.dropped, nil)
        }
        pending?.start()
        return admission
    }

    /// Closes connections that did not join in time or went silent. Returns how many.
    @discardableResult
    func sweep(at now: Date) -> Int {
        let joinTimeout = limits.joinTimeout.timeInterval
        let idleTimeout = limits.idleTimeout.timeInterval
        let closes = state.withLock { state in
            var closes: [PendingClose] = []
            for (connection, entry) in state.entries where !entry.closing {
                let message: String
                if !entry.joined, now.timeIntervalSince(entry.openedAt) >= joinTimeout {
                    message = "no join within \(Int(joinTimeout)) s of connecting"
                } else if now.timeIntervalSince(entry.lastActivity) >= idleTimeout {
                    message = "nothing received for \(Int(idleTimeout)) s"
                } else {
                    continue
                }
                notice(.idleTimeout, message, on: connection, entry: entry)
                closes.append(close(entry, with: .idleTimeout))
            }
            return closes
        }
        for pending in closes { pending.start() }
        return closes.count
    }

    // MARK: Writing (inside the lock)

    /// Schedules `batch` on the event loops. Scheduled inside the lock, so two routes' frames
    /// for one connection reach its event loop in the order they were routed.
    private func submit(_ batch: OutboundBatch) {
        guard !batch.isEmpty else { return }
        batch.submit(maxOutboundBytes: limits.maxOutboundBytes) { [weak self] connection, channel in
            self?.overflowed(connection, channel)
        }
    }

    /// `connection`'s client has more than ``TriviaServerLimits/maxOutboundBytes`` unsent: too
    /// far behind to read even a close frame, so its socket is dropped. The client reconnects
    /// and resumes from the host's log.
    private func overflowed(_ connection: ConnectionID, _ channel: any Channel) {
        let dropped = state.withLock { state -> Bool in
            guard let entry = state.entries[connection], !entry.closing else { return false }
            entry.closing = true
            return true
        }
        if dropped { channel.close(promise: nil) }
    }

    private func notice(_ code: TriviaErrorCode, _ message: String, on connection: ConnectionID, entry: Entry, ref: MessageID? = nil) {
        guard !entry.closing else { return }
        entry.notices += 1
        let envelope = ServerEnvelope(
            id: MessageID("\(connection)-s\(entry.notices)"), seq: 0, message: .error(ErrorPayload(code: code, message: message, ref: ref)))
        var batch = OutboundBatch()
        batch.append(WebSocketTextFrame.frame(codec.encodeBytes(envelope)), for: connection, to: entry.sink)
        submit(batch)
    }

    /// A close decided under the lock, started after it (the session's callback may do anything).
    private struct PendingClose {
        let startClose: @Sendable (TriviaCloseCode) -> Void
        let code: TriviaCloseCode

        func start() { startClose(code) }
    }

    /// Marks `entry` closing; the caller starts the returned close once outside the lock.
    private func close(_ entry: Entry, with close: TriviaCloseCode) -> PendingClose {
        entry.closing = true
        return PendingClose(startClose: entry.startClose, code: close)
    }
}
