import Foundation
import SharedNetworking
import Synchronization

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// ``TriviaTransport`` over `URLSessionWebSocketTask`, for Apple platforms.
///
/// On Linux the class compiles and runs, but swift-corelibs-foundation's URLSession sits on
/// libcurl, which has no WebSocket support: the task fails with `NSURLErrorUnsupportedURL`
/// (-1002). `connect()` reports that as ``TriviaTransportError/unsupported(_:)`` with a clear
/// message instead of crashing or hanging; use `TriviaHost`'s `InMemoryTriviaNetwork` or a WebSocket client
/// library there.
public struct URLSessionWebSocketTransport: TriviaTransport {
    /// The socket's `ws://` or `wss://` URL.
    public var url: URL
    /// The configuration each connection's session is built from.
    public var configuration: URLSessionConfiguration
    /// Extra headers on the upgrade request (e.g. `Authorization`).
    public var headers: [String: String]
    /// How long opening may take.
    public var openTimeout: Duration
    /// The clock the open timeout is measured on.
    public var clock: any AppClock

    /// A transport to `url`; each ``connect()`` opens a new session and socket.
    public init(
        url: URL, configuration: URLSessionConfiguration, headers: [String: String] = [:],
        openTimeout: Duration = .seconds(10), clock: any AppClock
    ) {
        self.url = url
        self.configuration = configuration
        self.headers = headers
        self.openTimeout = openTimeout
        self.clock = clock
    }

    /// Opens the socket; on Linux this fails with ``TriviaTransportError/unsupported(_:)``.
    public func connect() async throws(TriviaTransportError) -> any TriviaConnection {
        guard let scheme = url.scheme?.lowercased(), ["ws", "wss"].contains(scheme) else {
            throw .connectionFailed("\(url.absoluteString) is not a ws:// or wss:// URL")
        }
        let opening = WebSocketOpening()
        let session = URLSession(configuration: configuration, delegate: opening, delegateQueue: nil)
        var request = URLRequest(url: url)
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        let task = session.webSocketTask(with: request)
        let timeout = Task { [clock, openTimeout] in
            do {
                try await clock.sleep(for: openTimeout)
                opening.finish(.failure(.timedOut))
            } catch {}
        }
        task.resume()
        let outcome = await opening.wait()
        timeout.cancel()
        switch outcome {
        case .success:
            return URLSessionWebSocketConnection(task: task, session: session)
        case .failure(let error):
            task.cancel(with: .goingAway, reason: nil)
            session.invalidateAndCancel()
            throw error
        }
    }

    /// The transport error for a URLSession failure; -1002 (what Linux reports for ws://) is
    /// ``TriviaTransportError/unsupported(_:)``.
    static func transportError(_ error: any Error) -> TriviaTransportError {
        let nsError = error as NSError
        if nsError.domain == NSURLErrorDomain, nsError.code == NSURLErrorUnsupportedURL {
            return .unsupported(
                "WebSocket connections are not available on this platform: URLSession reported "
                    + "NSURLErrorUnsupportedURL (-1002), as libcurl-based Foundation has no WebSocket support. "
                    + "Use the in-memory transport or a WebSocket client library.")
        }
        return .connectionFailed("\(nsError.localizedDescription) (\(nsError.domain) \(nsError.code))")
    }
}

/// Waits for the socket to open or fail; whichever the delegate reports first wins.
final class WebSocketOpening: NSObject, URLSessionWebSocketDelegate, Sendable {
    private let state = Mutex<
        (outcome: Result<Void, TriviaTransportError>?, waiter: CheckedContinuation<Result<Void, TriviaTransportError>, Never>?)
    >((nil, nil))

    func wait() async -> Result<Void, TriviaTransportError> {
        await withCheckedContinuation { continuation in
            let ready = state.withLock { state -> Result<Void, TriviaTransportError>? in
                if let outcome = state.outcome { return outcome }
                state.waiter = continuation
                return nil
            }
            if let ready { continuation.resume(returning: ready) }
        }
    }

    func finish(_ outcome: Result<Void, TriviaTransportError>) {
        let waiter = state.withLock { state -> CheckedContinuation<Result<Void, TriviaTransportError>, Never>? in
            guard state.outcome == nil else { return nil }
            state.outcome = outcome
            defer { state.waiter = nil }
            return state.waiter
        }
        waiter?.resume(returning: outcome)
    }

    func urlSession(_ session: URLSession, webSocketTask: URLSessionWebSocketTask, didOpenWithProtocol protocol: String?) {
        finish(.success(()))
    }

    func urlSession(
        _ session: URLSession, webSocketTask: URLSessionWebSocketTask,
        didCloseWith closeCode: URLSessionWebSocketTask.CloseCode, reason: Data?
    ) {
        finish(.failure(.closed("closed while opening (code \(closeCode.rawValue))")))
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        finish(.failure(error.map(URLSessionWebSocketTransport.transportError) ?? .closed("closed while opening")))
    }
}

/// An open `URLSessionWebSocketTask`.
final class URLSessionWebSocketConnection: TriviaConnection {
    let incoming: AsyncStream<TriviaConnectionEvent>
    private let task: URLSessionWebSocketTask
    private let session: URLSession
    private let reader: Task<Void, Never>

    init(task: URLSessionWebSocketTask, session: URLSession) {
        self.task = task
        self.session = session
        let (stream, continuation) = AsyncStream.makeStream(of: TriviaConnectionEvent.self)
        self.incoming = stream
        self.reader = Task {
            while true {
                do {
                    switch try await task.receive() {
                    case .string(let text): continuation.yield(.frame(Data(text.utf8)))
                    case .data(let data): continuation.yield(.frame(data))
                    @unknown default: continue
                    }
                } catch {
                    continuation.yield(
                        .closed(Task.isCancelled ? nil : .closed(URLSessionWebSocketTransport.transportError(error).description)))
                    continuation.finish()
                    return
                }
            }
        }
    }

    func send(_ frame: Data) async throws(TriviaTransportError) {
        do {
            try await task.send(.string(String(decoding: frame, as: UTF8.self)))
        } catch {
            throw .closed(URLSessionWebSocketTransport.transportError(error).description)
        }
    }

    func close() async {
        reader.cancel()
        task.cancel(with: .normalClosure, reason: nil)
        session.finishTasksAndInvalidate()
    }
}
