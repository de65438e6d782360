import Foundation

/// A real HTTP/1.1 server on 127.0.0.1 and an ephemeral port, for tests that must exercise the
/// real client stack (URLSession, libcurl, TCP) rather than a stub.
///
/// Written on POSIX sockets with no dependencies. The accept loop and every connection run on
/// their own threads, never on Swift's cooperative pool, so a test that blocks the pool cannot
/// starve the server and a slow response cannot starve other tests. Each path is scripted with
/// ``route(_:_:)`` or ``route(_:responses:)``; unknown paths get 404. The server records every
/// request and counts concurrency and client disconnects, so a test can assert that a request
/// was retried, coalesced, or really cancelled on the wire.
///
/// ```swift
/// let server = try LoopbackHTTPServer()
/// defer { server.stop() }
/// server.route("/feed.json", responses: [.status(500), .json(#"{"rows":[]}"#)])
/// let response = try await client.send(HTTPRequest(url: server.url("/feed.json")))
/// ```
///
/// ``stop()`` closes the listener and every connection and waits (briefly) for the threads to
/// end; it is idempotent and also runs on `deinit`. Many servers may run in parallel.
public final class LoopbackHTTPServer: Sendable {
    private let core: ServerCore

    /// The listening port on 127.0.0.1 (or ::1).
    public let port: Int
    /// `127.0.0.1`, or `[::1]` for a server on the IPv6 loopback, as written in a URL.
    public let host: String

    /// Starts listening on 127.0.0.1 (or, with `ipv6`, on ::1 only) at a port the kernel picks.
    public init(ipv6: Bool = false) throws(LoopbackServerError) {
        core = try ServerCore(ipv6: ipv6)
        port = core.port
        host = ipv6 ? "[::1]" : "127.0.0.1"
    }

    deinit {
        core.stop()
    }

    /// `http://127.0.0.1:<port>` (`http://[::1]:<port>`).
    public var baseURL: URL {
        URL(string: "http://\(host):\(port)") ?? URL(fileURLWithPath: "/")
    }

    /// The URL of `path` on this server; `path` may carry a query (`/search?q=x`).
    public func url(_ path: String) -> URL {
        let absolute = path.hasPrefix("/") ? path : "/" + path
        return URL(string: "http://\(host):\(port)\(absolute)") ?? baseURL.appending(path: absolute)
    }

    // MARK: Scripting

    /// Answers every request for `path` (exact match, query ignored) with `responder`.
    /// `responder` runs on the connection's thread; it may block, but only that connection.
    public func route(_ path: String, _ responder: @escaping @Sendable (RecordedRequest) -> ScriptedResponse) {
        core.state.withLock { $0.routes[path] = responder }
    }

    /// Answers the *n*th request for `path` with `responses[n]`; the last one repeats.
    public func route(_ path: String, responses: [ScriptedResponse]) {
        let hits = Locked(0)
        route(path) { _ in
            let index = hits.withLock { hits in
                defer { hits += 1 }
                return hits
            }
            guard let last = responses.last else { return .status(500, body: "no scripted response for this path") }
            return index < responses.count ? responses[index] : last
        }
    }

    /// Answers every request for `path` with `response`.
    public func route(_ path: String, _ response: ScriptedResponse) {
        route(path, responses: [response])
    }

    // MARK: Observation

    /// Every request received so far, in arrival order.
    public var requests: [RecordedRequest] { core.state.withLock { $0.requests } }

    /// How many requests arrived for `path` (query ignored), routed or not.
    public func requestCount(_ path: String) -> Int {
        core.state.withLock { state in state.requests.count { $0.path == path } }
    }

    public var totalRequests: Int { core.state.withLock { $0.requests.count } }

    /// Requests whose response is not yet completely sent (or abandoned).
    public var inFlightRequests: Int { core.state.withLock { $0.inFlight } }

    /// The highest ``inFlightRequests`` seen: how many requests the client really ran at once.
    public var maxConcurrentRequests: Int { core.state.withLock { $0.maxInFlight } }

    /// Requests whose client closed the connection before the response was completely sent:
    /// what a cancelled (or timed-out) client request looks like from the server.
    public var closedByClientCount: Int { core.state.withLock { $0.closedByClient } }

    /// TCP connections accepted so far (fewer than ``totalRequests`` means keep-alive reuse).
    public var connectionCount: Int { core.state.withLock { $0.connections } }

    /// Connections currently open.
    public var openConnections: Int { core.state.withLock { $0.openConnections } }

    /// Server threads still running (the accept loop and one per connection); 0 after ``stop()``.
    public var activeThreads: Int { core.state.withLock { $0.liveThreads } }

    /// Closes the listener and every connection (delayed responses are abandoned) and waits
    /// for the server's threads to finish (at most a few seconds). Idempotent.
    public func stop() {
        core.stop()
    }
}

/// The server's shared state; the threads hold this, not the public object, so that dropping
/// the last reference to ``LoopbackHTTPServer`` stops it through `deinit`.
final class ServerCore: Sendable {
    struct State {
        var routes: [String: @Sendable (RecordedRequest) -> ScriptedResponse] = [:]
        var requests: [RecordedRequest] = []
        var inFlight = 0
        var maxInFlight = 0
        var closedByClient = 0
        var connections = 0
        var openConnections = 0
        /// Threads (accept loop and connections) still running; the wake pipe is closed only
        /// when this is zero, so no thread ever polls a recycled descriptor.
        var liveThreads = 0
        var stopping = false
        var wakeClosed = false
    }

    let state = Locked(State())
    let port: Int
    private let listener: Int32
    /// For a server on ::1: its port held on 127.0.0.1 (see `POSIX.reserveIPv4Loopback`).
    private let ipv4Reservation: Int32?
    let wakeRead: Int32
    private let wakeWrite: Int32

    init(ipv6: Bool) throws(LoopbackServerError) {
        let (wakeRead, wakeWrite) = try POSIX.makeWakePipe()
        do throws(LoopbackServerError) {
            (listener, port, ipv4Reservation) = try Self.listen(ipv6: ipv6)
        } catch {
            POSIX.closeDescriptor(wakeRead)
            POSIX.closeDescriptor(wakeWrite)
            throw error
        }
        self.wakeRead = wakeRead
        self.wakeWrite = wakeWrite
        state.withLock { $0.liveThreads = 1 }
        startThread(name: "loopback-accept-\(port)") { [self] in acceptLoop() }
    }

    /// The listening socket; on ::1, at a port that is also free on 127.0.0.1 and then held
    /// there (a few tries: the port the kernel picks for ::1 may be in use on 127.0.0.1).
    private static func listen(ipv6: Bool) throws(LoopbackServerError) -> (Int32, Int, Int32?) {
        guard ipv6 else {
            let (listener, port) = try POSIX.listenOnLoopback(ipv6: false)
            return (listener, port, nil)
        }
        for _ in 0..<50 {
            let (listener, port) = try POSIX.listenOnLoopback(ipv6: true)
            if let reservation = POSIX.reserveIPv4Loopback(port: port) { return (listener, port, reservation) }
            POSIX.closeDescriptor(listener)
        }
        throw LoopbackServerError(call: "bind(127.0.0.1) of the IPv6 server's port", errno: EADDRINUSE)
    }

    private func startThread(name: String, _ body: @escaping @Sendable () -> Void) {
        let thread = Thread { [self] in
            body()
            threadFinished()
        }
        thread.name = name
        thread.stackSize = 512 * 1024
        thread.start()
    }

    private func acceptLoop() {
        defer { POSIX.closeDescriptor(listener) }
        while case .ready = POSIX.wait(for: listener, events: Int16(POLLIN), wake: wakeRead) {
            guard let fd = POSIX.accept(listener) else {
                // Out of descriptors (or the peer vanished): back off instead of spinning.
                _ = POSIX.wait(for: -1, events: 0, wake: wakeRead, until: ContinuousClock.now.advanced(by: .milliseconds(1)))
                continue
            }
            let id: Int? = state.withLock { state in
                guard !state.stopping else { return nil }
                defer { state.connections += 1 }
                state.liveThreads += 1
                state.openConnections += 1
                return state.connections
            }
            guard let id else {
                POSIX.closeDescriptor(fd)
                return
            }
            startThread(name: "loopback-\(port)-connection-\(id)") { [self] in
                var handler = ConnectionHandler(fd: fd, id: id, core: self)
                handler.run()
                state.withLock { $0.openConnections -= 1 }
            }
        }
    }

    private func threadFinished() {
        let closeWake: Bool = state.withLock { state in
            state.liveThreads -= 1
            guard state.liveThreads == 0, state.stopping, !state.wakeClosed else { return false }
            state.wakeClosed = true
            return true
        }
        if closeWake { closeWakePipe() }
    }

    private func closeWakePipe() {
        POSIX.closeDescriptor(wakeRead)
        POSIX.closeDescriptor(wakeWrite)
    }

    func stop() {
        let first: Bool = state.withLock { state in
            guard !state.stopping else { return false }
            state.stopping = true
            // Under the lock: the pipe cannot have been closed by an exiting thread yet.
            if !state.wakeClosed { POSIX.signal(wakeWrite) }
            return true
        }
        guard first else { return }
        // Threads notice the wake pipe within a poll; wait for them so that stop() leaves no
        // descriptor open (microseconds, normally). A responder closure that blocks is not
        // waited for beyond a few seconds; the last thread out then closes the pipe.
        let deadline = ContinuousClock.now.advanced(by: .seconds(5))
        while ContinuousClock.now < deadline {
            if state.withLock({ $0.liveThreads == 0 }) { break }
            usleep(200)
        }
        let closeWake: Bool = state.withLock { state in
            guard state.liveThreads == 0, !state.wakeClosed else { return false }
            state.wakeClosed = true
            return true
        }
        if closeWake { closeWakePipe() }
        if let ipv4Reservation { POSIX.closeDescriptor(ipv4Reservation) }
    }

    // MARK: Request bookkeeping (called by connection threads)

    /// Records `request` and returns what to answer.
    func begin(_ parsed: ParsedRequest, connection: Int) -> (RecordedRequest, (@Sendable (RecordedRequest) -> ScriptedResponse)?) {
        state.withLock { state in
            let recorded = RecordedRequest(
                method: parsed.method,
                path: parsed.path,
                query: parsed.query,
                headers: parsed.headers,
                body: parsed.body,
                sequence: state.requests.count,
                connection: connection
            )
            state.requests.append(recorded)
            state.inFlight += 1
            state.maxInFlight = max(state.maxInFlight, state.inFlight)
            return (recorded, state.routes[recorded.path])
        }
    }

    func end(clientClosed: Bool) {
        state.withLock { state in
            state.inFlight -= 1
            if clientClosed { state.closedByClient += 1 }
        }
    }
}
