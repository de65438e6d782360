import Foundation
import Logging
import NIOCore
import PostgresNIO

/// A node's end of the bus: `LISTEN` on its channels, `NOTIFY` through `trivia_publish`.
///
/// Small messages travel inside the notification (base64, under NOTIFY's 8,000-byte limit);
/// bigger ones are stored in `trivia_bus` and the notification carries their key, which the
/// receiver reads back (``InputLogStore/inlineLimit``). Each channel's notifications are
/// handled one after the other, so a stored message never overtakes the inline one sent
/// after it.
///
/// Notifications are not durable: one sent while the listening connection is down is lost.
/// The bus reconnects on its own and reports ``Event/reset(_:)`` (then anything may have been
/// missed) and ``Event/gap(channel:sender:missing:)`` (a sender's sequence skipped); the node
/// decides how to resynchronize (Docs/TriviaServer/Design.md, "The bus").
public actor ClusterBus {
    /// What the bus hands its node.
    public enum Event: Sendable, Hashable {
        /// A message that arrived on `channel`, in order.
        case message(channel: String, BusMessage)
        /// `missing` messages of `sender` on `channel` never arrived (NOTIFY is not durable):
        /// the node resynchronizes.
        case gap(channel: String, sender: Int64, missing: Int)
        /// The listening connection broke and was re-established: notifications in between
        /// are lost.
        case reset(String)
    }

    /// Messages, gaps and resets, in the order they happened.
    public nonisolated let events: AsyncStream<Event>
    /// What went through PostgreSQL, for the measurements.
    public nonisolated let counters: BusCounters
    /// This node's incarnation: the sender of everything it publishes.
    public nonisolated let incarnation: Int64
    private let continuation: AsyncStream<Event>.Continuation
    private let database: ClusterDatabase
    private let logger: Logger
    private let reconnectDelay: Duration
    private var sequencer = BusSequencer()
    private var wanted: Set<String> = []
    private var listening: [String: Task<Void, Never>] = [:]
    private var active: Set<String> = []
    private var listener: PostgresConnection?
    private let publisher: KeptConnection
    private var stopped = false
    private var connectedOnce = false

    /// A bus for node incarnation `incarnation`; nothing connects until ``run()`` or a publish.
    public init(
        database: ClusterDatabase, incarnation: Int64, counters: BusCounters = BusCounters(), reconnectDelay: Duration = .milliseconds(200),
        logger: Logger
    ) {
        self.database = database
        self.incarnation = incarnation
        self.counters = counters
        self.reconnectDelay = reconnectDelay
        self.logger = logger
        publisher = KeptConnection(database: database, purpose: "bus publisher \(incarnation)", logger: logger)
        (events, continuation) = AsyncStream.makeStream(of: Event.self)
    }

    /// The channel an edge listens on for its outputs.
    public static func edgeChannel(_ incarnation: Int64) -> String { "trivia_edge_\(incarnation)" }

    /// The channel the owner of competition number `competition` listens on for inputs.
    public static func inputChannel(_ competition: Int32) -> String { "trivia_in_\(competition)" }

    // MARK: Listening

    /// Starts listening on `channel` (now, or as soon as the connection is back).
    public func listen(_ channel: String) async {
        wanted.insert(channel)
        if let listener, !listener.isClosed, listening[channel] == nil { start(channel, on: listener) }
    }

    /// Stops listening on `channel`.
    public func unlisten(_ channel: String) {
        wanted.remove(channel)
        active.remove(channel)
        listening.removeValue(forKey: channel)?.cancel()
    }

    /// Whether PostgreSQL has confirmed the `LISTEN` on `channel` on the current connection.
    public func isListening(on channel: String) -> Bool { active.contains(channel) }

    private func confirm(_ channel: String) {
        if listening[channel] != nil { active.insert(channel) }
    }

    /// Keeps the listening connection up until ``stop()``.
    public func run() async {
        while !stopped, !Task.isCancelled {
            do {
                let connection = try await database.connect(purpose: "bus \(incarnation)", logger: logger)
                guard !stopped else {
                    // stop() came while it was opening: nobody else would close it.
                    try? await connection.close()
                    break
                }
                listener = connection
                if connectedOnce {
                    sequencer.forgetReceived()
                    counters.count(\.resets)
                    continuation.yield(.reset("the bus's listening connection was re-established"))
                }
                connectedOnce = true
                for channel in wanted where listening[channel] == nil { start(channel, on: connection) }
                try await connection.closeFuture.get()
            } catch {
                logger.warning("bus: \(ClusterDatabase.reason(error))")
            }
            for task in listening.values { task.cancel() }
            listening = [:]
            active = []
            listener = nil
            if stopped { break }
            try? await Task.sleep(for: reconnectDelay)
        }
    }

    /// Closes the bus's connections and ends ``run()`` and ``events``.
    public func stop() async {
        stopped = true
        for task in listening.values { task.cancel() }
        listening = [:]
        try? await listener?.close()
        await publisher.close()
        continuation.finish()
    }

    private func start(_ channel: String, on connection: PostgresConnection) {
        listening[channel] = Task { [weak self] in
            do {
                try await connection.listen(on: channel) { notifications in
                    await self?.confirm(channel)
                    for try await notification in notifications {
                        await self?.handle(notification.payload, on: channel)
                    }
                }
            } catch {
                // The connection broke: run() notices through closeFuture and resubscribes.
                if !Task.isCancelled { try? await connection.close() }
            }
        }
    }

    private func handle(_ payload: String, on channel: String) async {
        guard let message = await read(payload) else {
            counters.count(\.unreadable)
            return
        }
        let missing = sequencer.receive(message, on: channel)
        if missing > 0 {
            counters.count(\.gaps, by: missing)
            continuation.yield(.gap(channel: channel, sender: message.sender, missing: missing))
        }
        continuation.yield(.message(channel: channel, message))
    }

    /// The message a notification stands for: inline (`i` + base64) or stored (`k` + key).
    private func read(_ payload: String) async -> BusMessage? {
        do {
            switch payload.first {
            case "i":
                guard let data = Data(base64Encoded: String(payload.dropFirst()), options: .ignoreUnknownCharacters) else {
                    throw ClusterError.corruptBusMessage("the inline payload is not base64")
                }
                counters.received(bytes: payload.utf8.count, stored: false)
                return try BusCodec.decode(ByteBuffer(data: data))
            case "k":
                guard let key = Int64(payload.dropFirst()) else { throw ClusterError.corruptBusMessage("bad key \(payload)") }
                let buffer = try await fetch(key)
                counters.received(bytes: buffer.readableBytes, stored: true)
                return try BusCodec.decode(buffer)
            default:
                throw ClusterError.corruptBusMessage("unknown payload kind \(payload.prefix(1))")
            }
        } catch {
            logger.error("bus: unreadable notification: \(error)")
            return nil
        }
    }

    private func fetch(_ key: Int64) async throws -> ByteBuffer {
        let connection = try await publisherConnection()
        let rows = try await connection.query("SELECT payload FROM trivia_bus WHERE key = \(key)", logger: logger)
        for try await payload in rows.decode(ByteBuffer.self) { return payload }
        throw ClusterError.corruptBusMessage("stored payload \(key) is gone")
    }

    // MARK: Publishing

    /// Publishes `bodies`, each on its channel, in one transaction. Throws when PostgreSQL
    /// did not take them (nothing was sent).
    public func publish(_ bodies: [(channel: String, body: BusMessage.Body)]) async throws(ClusterError) {
        let messages = stamp(bodies)
        do {
            let connection = try await publisherConnection()
            try await connection.run(
                "SELECT trivia_publish(\(messages.map(\.channel)), \(messages.map(\.payload)), \(Int32(InputLogStore.inlineLimit)))",
                logger: logger)
        } catch let error as ClusterError {
            throw error
        } catch {
            await publisher.discard()
            throw .database(ClusterDatabase.reason(error))
        }
        for message in messages { counters.published(bytes: message.payload.readableBytes, inlineLimit: InputLogStore.inlineLimit) }
    }

    /// Numbers and encodes `bodies` for sending by this node (directly, or inside the owner's
    /// commit).
    func stamp(_ bodies: [(channel: String, body: BusMessage.Body)]) -> [(channel: String, payload: ByteBuffer)] {
        bodies.map { channel, body in
            let message = BusMessage(sender: incarnation, sequence: sequencer.next(on: channel), body: body)
            return (channel, BusCodec.encode(message))
        }
    }

    /// The publishing connection (one, shared by concurrent publishes and reads).
    private func publisherConnection() async throws(ClusterError) -> PostgresConnection {
        try await publisher.connection()
    }
}
