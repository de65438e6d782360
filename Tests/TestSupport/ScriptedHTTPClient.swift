import Foundation
import SharedNetworking

/// The one scripted ``HTTPClient`` of the test suite: answers from a script, records what it is
/// asked, counts what is in flight, and can hold requests open until the test releases them (to
/// observe coalescing, queueing, joining and cancellation).
///
/// A script is one of: replies by URL with a fallback (``route(_:_:)``), a closure that sees
/// each request and its attempt number, fixed bytes for every request, or another client whose
/// answers it forwards (a real `URLSessionHTTPClient` to a loopback server, counted here).
/// It honours the parts of the client contract that callers rely on: a status outside
/// `acceptableStatus` throws `httpStatus` (with the `Retry-After` header), a body over
/// `maxResponseBytes` throws `tooLarge`, cancelling the caller while held throws `.cancelled`.
///
/// For a client that must never be asked, use SharedNetworking's `OfflineHTTPClient`.
public final class ScriptedHTTPClient: HTTPClient {
    /// One scripted answer.
    public enum Reply: Sendable {
        /// A response with `body`, `status` and `headers`.
        case body(Data, status: Int = 200, headers: HTTPHeaders = [:])
        /// A failure before any response.
        case failure(NetworkError)
    }

    /// What the client has seen so far.
    public struct Snapshot: Sendable {
        /// Every request, in arrival order.
        public var requests: [HTTPRequest] = []
        /// Requests between their start and their end now.
        public var inFlight = 0
        /// The most requests in flight at one time so far.
        public var maxInFlight = 0
        /// Requests in flight whose caller has not cancelled them.
        public var wanted = 0
        /// The most requests in flight and not cancelled at one time so far.
        public var maxWanted = 0
        /// URLs of the requests held now, oldest first.
        public var held: [URL] = []
        /// URLs of the requests that ended cancelled.
        public var cancelled: [URL] = []
        /// Requests that ended, answered or failed, after any hold.
        public var completed = 0

        /// The URL of every request, in arrival order.
        public var requestedURLs: [URL] { requests.map(\.url) }
        /// How many requests asked for `url`.
        public func count(of url: URL) -> Int { requests.count { $0.url == url } }
    }

    private enum Script: Sendable {
        case routes(fallback: Reply)
        case handler(@Sendable (HTTPRequest, Int) async -> Result<HTTPResponse, NetworkError>)
        case forward(any HTTPClient)
    }

    private struct Held {
        let url: URL
        let continuation: CheckedContinuation<Reply?, Never>
    }

    private struct State {
        var routes: [URL: Reply] = [:]
        var snapshot = Snapshot()
        var holding = false
        var held: [(id: Int, held: Held)] = []
        var nextID = 0
        var waiters: [(condition: @Sendable (Snapshot) -> Bool, continuation: CheckedContinuation<Void, Never>)] = []
    }

    private let state = Locked(State())
    private let script: Script

    /// A client that answers from ``route(_:_:)`` and with `fallback` for any other URL.
    public init(fallback: Reply = .body(Data("not found".utf8), status: 404)) {
        script = .routes(fallback: fallback)
    }

    /// A client that answers every request with `body`, `status` and `headers`.
    public convenience init(body: Data, status: Int = 200, headers: HTTPHeaders = ["Content-Type": "application/json"]) {
        self.init(fallback: .body(body, status: status, headers: headers))
    }

    /// A client that answers from `handler`, given each request and its attempt number (1 for
    /// the first request the client sees).
    public init(_ handler: @escaping @Sendable (HTTPRequest, Int) async -> Result<HTTPResponse, NetworkError>) {
        script = .handler(handler)
    }

    /// A client that sends every request through `base` and counts it here.
    public init(forwardingTo base: any HTTPClient) {
        script = .forward(base)
    }

    /// A client that holds every request until the test releases it (``releaseOldest(with:)``).
    public static func holding(fallback: Reply = .body(Data("not found".utf8), status: 404)) -> ScriptedHTTPClient {
        let client = ScriptedHTTPClient(fallback: fallback)
        client.hold(true)
        return client
    }

    /// Answers requests for `url` with `reply` (a client made with ``init(fallback:)``).
    public func route(_ url: URL, _ reply: Reply) {
        state.withLock { $0.routes[url] = reply }
    }

    /// While `true`, requests wait (in arrival order) until released or cancelled.
    public func hold(_ holding: Bool) {
        state.withLock { $0.holding = holding }
    }

    /// What the client has seen so far.
    public var snapshot: Snapshot { state.withLock { $0.snapshot } }

    /// Every request so far, in arrival order.
    public var requests: [HTTPRequest] { snapshot.requests }

    /// Lets the oldest held request go on; with `reply`, it answers that instead of its script.
    public func releaseOldest(with reply: Reply? = nil) {
        let released: Held? = update { state in
            guard !state.held.isEmpty else { return nil }
            state.snapshot.held.removeFirst()
            return state.held.removeFirst().held
        }
        released?.continuation.resume(returning: reply)
    }

    /// Lets every held request go on and stops holding new ones.
    public func releaseAll() {
        let released: [Held] = update { state in
            state.holding = false
            defer {
                state.held.removeAll()
                state.snapshot.held.removeAll()
            }
            return state.held.map(\.held)
        }
        for held in released { held.continuation.resume(returning: nil) }
    }

    /// Suspends until `condition` holds for the snapshot (checked at every change).
    public func waitUntil(_ condition: @escaping @Sendable (Snapshot) -> Bool) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let satisfied = state.withLock { state in
                if condition(state.snapshot) { return true }
                state.waiters.append((condition, continuation))
                return false
            }
            if satisfied { continuation.resume() }
        }
    }

    public func send(_ request: HTTPRequest) async throws(NetworkError) -> HTTPResponse {
        let (route, holding, id) = update { state in
            state.snapshot.requests.append(request)
            state.snapshot.inFlight += 1
            state.snapshot.maxInFlight = max(state.snapshot.maxInFlight, state.snapshot.inFlight)
            state.snapshot.wanted += 1
            state.snapshot.maxWanted = max(state.snapshot.maxWanted, state.snapshot.wanted)
            state.nextID += 1
            return (state.routes[request.url], state.holding, state.nextID)
        }
        let wanted = Locked(true)
        defer {
            unwant(wanted)
            update { $0.snapshot.inFlight -= 1 }
        }
        let result = await withTaskCancellationHandler {
            await answer(request, id: id, route: route, holding: holding)
        } onCancel: {
            unwant(wanted)
        }
        update { state in
            if case .failure(.cancelled) = result {
                state.snapshot.cancelled.append(request.url)
            } else {
                state.snapshot.completed += 1
            }
        }
        return try result.get()
    }

    /// The answer to request `id`, after its hold if any.
    private func answer(_ request: HTTPRequest, id: Int, route: Reply?, holding: Bool) async -> Result<HTTPResponse, NetworkError> {
        var override: Reply?
        if holding {
            guard let released = await hold(request, id: id) else { return .failure(.cancelled) }
            override = released
        }
        if let reply = override ?? route { return Self.response(reply, for: request) }
        switch script {
        case .routes(let fallback):
            return Self.response(fallback, for: request)
        case .handler(let handler):
            switch await handler(request, id) {
            case .success(let response): return Self.checked(response, for: request)
            case .failure(let error): return .failure(error)
            }
        case .forward(let base):
            do throws(NetworkError) {
                return .success(try await base.send(request))
            } catch {
                return .failure(error)
            }
        }
    }

    /// Waits until the test releases request `id` (its number in arrival order, from 1):
    /// `.some(reply)` to answer with `reply`, `.some(nil)` to answer from the script, `nil` when
    /// the caller cancelled.
    private func hold(_ request: HTTPRequest, id: Int) async -> Reply?? {
        let released: Reply? = await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Reply?, Never>) in
                let cancelledAlready = update { state in
                    if Task.isCancelled { return true }
                    state.held.append((id, Held(url: request.url, continuation: continuation)))
                    state.snapshot.held.append(request.url)
                    return false
                }
                if cancelledAlready { continuation.resume(returning: .failure(.cancelled)) }
            }
        } onCancel: {
            let held: Held? = update { state in
                guard let index = state.held.firstIndex(where: { $0.id == id }) else { return nil }
                state.snapshot.held.remove(at: index)
                return state.held.remove(at: index).held
            }
            held?.continuation.resume(returning: .failure(.cancelled))
        }
        if case .failure(.cancelled) = released { return nil }
        return .some(released)
    }

    private static func response(_ reply: Reply, for request: HTTPRequest) -> Result<HTTPResponse, NetworkError> {
        switch reply {
        case .failure(let error):
            return .failure(error)
        case .body(let body, let status, let headers):
            if let limit = request.maxResponseBytes, body.count > limit { return .failure(.tooLarge(url: request.url, limit: limit)) }
            return checked(HTTPResponse(url: request.url, status: status, headers: headers, body: body), for: request)
        }
    }

    /// `response`, or `httpStatus` when its status is not one the request accepts (as every
    /// client reports it: `HTTPResponse.checked(for:)`).
    private static func checked(_ response: HTTPResponse, for request: HTTPRequest) -> Result<HTTPResponse, NetworkError> {
        do throws(NetworkError) {
            return .success(try response.checked(for: request))
        } catch {
            return .failure(error)
        }
    }

    /// The request is no longer wanted (cancelled or ended): counted once.
    private func unwant(_ wanted: Locked<Bool>) {
        let was = wanted.withLock { was in
            defer { was = false }
            return was
        }
        if was { update { $0.snapshot.wanted -= 1 } }
    }

    /// Mutates the state, then resumes the waiters whose condition now holds.
    @discardableResult
    private func update<T: Sendable>(_ body: (inout State) -> T) -> T {
        let (value, ready): (T, [CheckedContinuation<Void, Never>]) = state.withLock { state in
            let value = body(&state)
            var ready: [CheckedContinuation<Void, Never>] = []
            state.waiters.removeAll { waiter in
                guard waiter.condition(state.snapshot) else { return false }
                ready.append(waiter.continuation)
                return true
            }
            return (value, ready)
        }
        for continuation in ready { continuation.resume() }
        return value
    }
}
