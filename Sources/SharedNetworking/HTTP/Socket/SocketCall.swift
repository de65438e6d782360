import Foundation
import Synchronization

/// One request's run on its own thread, and the wake pipe that cancels it.
///
/// The exchange blocks in `poll(2)` (no CPU while the server is silent), so it runs on a
/// `Thread` of its own rather than on Swift's cooperative pool, which must never block. A
/// cancellation writes to the wake pipe every wait also watches; the pipe is closed under the
/// same lock as the writes, so a late cancellation can never write to a descriptor number the
/// system has given to someone else.
final class SocketCall: Sendable {
    private struct State {
        var cancelled = false
        var wakeWrite: Int32 = -1
    }

    private let state = Mutex(State())
    private let wakeRead: Int32

    /// A call with its wake pipe; `nil` when the system has no descriptors left.
    init?() {
        guard let (read, write) = SocketIO.makeWakePipe() else { return nil }
        wakeRead = read
        state.withLock { $0.wakeWrite = write }
    }

    /// Runs `body` on a new thread with the wake descriptor, then `completion` with its result
    /// (on that thread). The pipe is closed once `body` returns.
    func start(
        _ body: @escaping @Sendable (_ wake: Int32) -> Result<SocketResponse, NetworkError>,
        completion: @escaping @Sendable (Result<SocketResponse, NetworkError>) -> Void
    ) {
        let wake = wakeRead
        let thread = Thread { [self] in
            let result = isCancelled ? .failure(.cancelled) : body(wake)
            close()
            completion(result)
        }
        thread.name = "SocketHTTPClient"
        thread.stackSize = 512 * 1024
        thread.start()
    }

    var isCancelled: Bool { state.withLock { $0.cancelled } }

    /// Wakes the call's waits; it ends with ``NetworkError/cancelled``.
    func cancel() {
        state.withLock { state in
            state.cancelled = true
            if state.wakeWrite >= 0 { SocketIO.signal(state.wakeWrite) }
        }
    }

    private func close() {
        state.withLock { state in
            SocketIO.closeDescriptor(state.wakeWrite)
            state.wakeWrite = -1
        }
        SocketIO.closeDescriptor(wakeRead)
    }
}

/// A response as it came off the wire, before redirects and status checks.
struct SocketResponse: Sendable {
    var status: Int
    var headers: HTTPHeaders
    var body: Data
}
