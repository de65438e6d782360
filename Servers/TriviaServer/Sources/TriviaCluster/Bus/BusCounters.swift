/// What went through PostgreSQL on a node's bus, for the measurements (messages and bytes per
/// question) and a dashboard. Shared by reference between the node's parts; every method is
/// thread-safe.
public final class BusCounters: Sendable {
    /// A copy of the counters at one moment.
    public struct Snapshot: Sendable, Hashable {
        /// Messages this node published (each one notification).
        public var messagesOut = 0
        /// Bytes of those messages as they crossed PostgreSQL (base64 for inline ones).
        public var bytesOut = 0
        /// Of ``messagesOut``, how many went through `trivia_bus` (over the inline limit).
        public var storedOut = 0
        /// Messages this node received, and their bytes as they crossed PostgreSQL.
        public var messagesIn = 0
        /// Bytes of ``messagesIn`` as they crossed PostgreSQL.
        public var bytesIn = 0
        /// Of ``messagesIn``, how many were fetched from `trivia_bus`.
        public var storedIn = 0
        /// Messages missing between two that arrived (a sequence gap).
        public var gaps = 0
        /// Times the listening connection broke (notifications may have been lost).
        public var resets = 0
        /// Notifications that could not be read (bad payload, or a stored payload gone).
        public var unreadable = 0
        /// Log entries the owner committed, and the inputs in them.
        public var logEntries = 0
        /// Inputs in those entries.
        public var loggedInputs = 0
    }

    private let state = LockedValue(Snapshot())

    /// Counters at zero, for a new node.
    public init() {}

    /// The counters now.
    public var snapshot: Snapshot { state.withLock { $0 } }

    func published(bytes: Int, inlineLimit: Int) {
        state.withLock { counters in
            counters.messagesOut += 1
            if bytes <= inlineLimit {
                counters.bytesOut += 1 + (bytes + 2) / 3 * 4
            } else {
                counters.storedOut += 1
                counters.bytesOut += bytes
            }
        }
    }

    func received(bytes: Int, stored: Bool) {
        state.withLock { counters in
            counters.messagesIn += 1
            counters.bytesIn += bytes
            if stored { counters.storedIn += 1 }
        }
    }

    func count(_ keyPath: any WritableKeyPath<Snapshot, Int> & Sendable, by amount: Int = 1) {
        state.withLock { counters in counters[keyPath: keyPath] += amount }
    }
}
