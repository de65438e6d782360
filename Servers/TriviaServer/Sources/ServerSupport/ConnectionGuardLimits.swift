#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What a connection may take from a server before it has sent a whole request, and how many
/// connections one client, and all of them together, may hold open. One value for both servers
/// (`trivia-server`, `exercises-web`), every number a flag of theirs.
///
/// Without these, a client that connects and sends nothing, or half a request, or one byte every
/// few seconds, holds a descriptor for as long as it likes: 1,100 such connections at the common
/// 1,024-descriptor limit made every honest request fail (the "Slowloris" attack). The answers
/// are nginx's: `client_header_timeout` (the head must arrive whole within a deadline, however
/// it trickles), `client_body_timeout` (the same for the body), `limit_conn` per address, and a
/// total below the descriptor limit so that the process keeps descriptors for its own files and
/// the accept queue, rather than the attacker, decides who waits.
public struct ConnectionGuardLimits: Sendable, Hashable {
    /// The request head must arrive whole within this long of the connection opening, and of
    /// each response on a kept-alive connection (a response written pushes it on). Bytes that
    /// trickle in do not extend it. Over it, the connection is closed without an answer.
    public var headerTimeout: Duration
    /// A request's body (by `Content-Length`, or chunked to its last chunk) must arrive whole
    /// within this long of the end of its head. Over it, the connection is closed.
    public var bodyTimeout: Duration
    /// Connections one client (``ClientAddress``: an IPv4 address or an IPv6 `/64`) may hold
    /// open at once. One more is closed as soon as it is accepted, before a byte is read: the
    /// cheapest answer, and no answer is owed to a client already holding this many.
    public var maxConnectionsPerClient: Int
    /// Connections the server holds open at once. At the cap it stops accepting (the kernel's
    /// backlog holds newcomers, who are served as soon as a connection ends) instead of failing
    /// for want of descriptors.
    public var maxConnections: Int
    /// The largest request head read (request line and header fields). A longer one closes the
    /// connection; Hummingbird's own parser refuses smaller ones by field.
    public var maxHeadBytes: Int

    /// The defaults: a 10 s head, a 10 s body, 64 connections per client, and the total from
    /// the process's descriptor limit (``defaultMaxConnections(openFileLimit:)``).
    public init(
        headerTimeout: Duration = .seconds(10),
        bodyTimeout: Duration = .seconds(10),
        maxConnectionsPerClient: Int = 64,
        maxConnections: Int? = nil,
        maxHeadBytes: Int = 64 * 1024
    ) {
        self.headerTimeout = max(.milliseconds(10), headerTimeout)
        self.bodyTimeout = max(.milliseconds(10), bodyTimeout)
        self.maxConnectionsPerClient = max(1, maxConnectionsPerClient)
        self.maxConnections = max(1, maxConnections ?? Self.defaultMaxConnections(openFileLimit: Self.openFileLimit()))
        self.maxHeadBytes = max(1024, maxHeadBytes)
    }

    /// The total cap for a process allowed `openFileLimit` descriptors: all but a reserve of a
    /// sixteenth (at least 64) for the listener, the event loops, files, logs and database
    /// connections. 960 at the common limit of 1,024.
    public static func defaultMaxConnections(openFileLimit: Int) -> Int {
        max(1, openFileLimit - max(64, openFileLimit / 16))
    }

    /// The process's soft limit on open descriptors (`RLIMIT_NOFILE`); 1,024 when it cannot be
    /// read or is unlimited.
    public static func openFileLimit() -> Int {
        var limit = rlimit()
        #if canImport(Glibc)
            let resource = Int32(RLIMIT_NOFILE.rawValue)
        #else
            let resource = RLIMIT_NOFILE
        #endif
        // RLIM_INFINITY is all ones: anything that large is "unlimited" here.
        guard getrlimit(resource, &limit) == 0, limit.rlim_cur < rlim_t(Int32.max) else {
            return 1024
        }
        return Int(limit.rlim_cur)
    }
}
