import Foundation
import SharedNetworking
import TestSupport

/// An ``HTTPClient`` that answers from a script, counts what it is asked, and can hold
/// requests open until the test releases them (to observe coalescing, queueing, cancellation).
///
/// It honours the parts of the client contract the pipeline relies on: status outside
/// `acceptableStatus` throws `httpStatus`, a body over `maxResponseBytes` throws `tooLarge`,
/// cancelling the caller while held throws `.cancelled`.
final class FakeHTTPClient: HTTPClient {
    enum Reply: Sendable {
        case body(Data, status: Int = 200)
        case failure(NetworkError)
    }

    struct Snapshot: Sendable {
        var requests: [HTTPRequest] = []
        var inFlight = 0
        var maxInFlight = 0
        var held: [URL] = []
        var cancelled: [URL] = []
        var completed = 0

        var requestedURLs: [URL] { requests.map(\.url) }
        func count(of url: URL) -> Int { requests.count { $0.url == url } }
    }

    private struct Held {
        let url: URL
        let continuation: CheckedContinuation<Bool, Never>
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
    private let fallback: Reply

    init(fallback: Reply = .body(Data("not found".utf8), status: 404)) {
        self.fallback = fallback
    }

    func route(_ url: URL, _ reply: Reply) {
        state.withLock { $0.routes[url] = reply }
    }

    /// While `true`, requests wait (in arrival order) until released or cancelled.
    func hold(_ holding: Bool) {
        state.withLock { $0.holding = holding }
    }

    var snapshot: Snapshot { state.withLock { $0.snapshot } }

    /// Lets the oldest held request answer.
    func releaseOldest() {
        let released: Held? = state.withLock { state in
            guard !state.held.isEmpty else { return nil }
            let first = state.held.removeFirst().held
            state.snapshot.held.removeFirst()
            return first
        }
        released?.continuation.resume(returning: true)
    }

    /// Lets every held request answer and stops holding new ones.
    func releaseAll() {
        let released: [Held] = state.withLock { state in
            state.holding = false
            defer {
                state.held.removeAll()
                state.snapshot.held.removeAll()
            }
            return state.held.map(\.held)
        }
        for held in released { held.continuation.resume(returning: true) }
    }

    /// Suspends until `condition` holds for the snapshot (checked at every change).
    func waitUntil(_ condition: @escaping @Sendable (Snapshot) -> Bool) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let satisfied = state.withLock { state in
                if condition(state.snapshot) { return true }
                state.waiters.append((condition, continuation))
                return false
            }
            if satisfied { continuation.resume() }
        }
    }

    func send(_ request: HTTPRequest) async throws(NetworkError) -> HTTPResponse {
        let (reply, holding, id) = update { state in
            state.snapshot.requests.append(request)
            state.snapshot.inFlight += 1
            state.snapshot.maxInFlight = max(state.snapshot.maxInFlight, state.snapshot.inFlight)
            state.nextID += 1
            return (state.routes[request.url] ?? fallback, state.holding, state.nextID)
        }
        defer { update { $0.snapshot.inFlight -= 1 } }
        if holding {
            let released = await withTaskCancellationHandler {
                await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
                    let cancelledAlready = update { state in
                        if Task.isCancelled { return true }
                        state.held.append((id, Held(url: request.url, continuation: continuation)))
                        state.snapshot.held.append(request.url)
                        return false
                    }
                    if cancelledAlready { continuation.resume(returning: false) }
                }
            } onCancel: {
                let held: Held? = update { state in
                    guard let index = state.held.firstIndex(where: { $0.id == id }) else { return nil }
                    state.snapshot.held.remove(at: index)
                    return state.held.remove(at: index).held
                }
                held?.continuation.resume(returning: false)
            }
            guard released else {
                update { $0.snapshot.cancelled.append(request.url) }
                throw .cancelled
            }
        }
        defer { update { $0.snapshot.completed += 1 } }
        switch reply {
        case .failure(let error):
            throw error
        case .body(let body, let status):
            if let limit = request.maxResponseBytes, body.count > limit { throw .tooLarge(url: request.url, limit: limit) }
            guard request.acceptableStatus.contains(status) else {
                throw .httpStatus(code: status, url: request.url, bodyExcerpt: String(decoding: body.prefix(60), as: UTF8.self))
            }
            return HTTPResponse(url: request.url, status: status, headers: [:], body: body)
        }
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
