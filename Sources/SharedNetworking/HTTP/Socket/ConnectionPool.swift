import Synchronization

/// Idle keep-alive connections of a ``SocketHTTPClient``, by host and port, so consecutive
/// requests to one server (a list's images) skip the TCP handshake.
///
/// A connection is taken only if it is still quiet: a server that closed an idle connection
/// makes it readable, and it is closed instead of used. At most ``perHostLimit`` wait per host
/// (the oldest is closed first); the rest are closed when the client goes away.
final class ConnectionPool: Sendable {
    private let idle = Mutex<[String: [Int32]]>([:])

    /// Idle connections kept per host and port: six, as many as a pipeline sends at once.
    static let perHostLimit = 6

    init() {}

    deinit {
        for descriptors in idle.withLock({ $0.values }) {
            for fd in descriptors { SocketIO.closeDescriptor(fd) }
        }
    }

    /// An open idle connection to `key` (`host:port`), if there is one.
    func take(_ key: String) -> Int32? {
        while let fd = idle.withLock({ $0[key]?.popLast() }) {
            if SocketIO.isIdleAndOpen(fd) { return fd }
            SocketIO.closeDescriptor(fd)
        }
        return nil
    }

    /// Keeps `fd` for the next request to `key`.
    func put(_ fd: Int32, key: String) {
        let evicted: Int32? = idle.withLock { state in
            state[key, default: []].append(fd)
            guard let count = state[key]?.count, count > Self.perHostLimit else { return nil }
            return state[key]?.removeFirst()
        }
        if let evicted { SocketIO.closeDescriptor(evicted) }
    }

    /// Idle connections held now (tests).
    var idleCount: Int { idle.withLock { $0.values.reduce(0) { $0 + $1.count } } }
}
