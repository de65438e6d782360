import Foundation
import Synchronization

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// ``HTTPClient`` on `URLSession`, built from an injected configuration (never `.shared`).
///
/// It streams the body through a session delegate so that ``HTTPRequest/maxResponseBytes`` is
/// enforced while bytes arrive (a 2 GB response is cut off at the limit, not downloaded), and it
/// cancels the `URLSessionTask` when the calling Swift task is cancelled.
public final class URLSessionHTTPClient: HTTPClient {
    private let session: URLSession
    private let delegate: SessionDelegate

    /// Creates a client that owns a new session built from `configuration`.
    ///
    /// - Parameter configuration: timeouts, protocol classes (a stub `URLProtocol` goes first in
    ///   `protocolClasses`), connection limits. The client copies it; the caller's object is not
    ///   changed.
    ///
    /// The session has **no `URLCache`** and ignores local cache data, on every platform and
    /// whatever the configuration says: this package's caches are the caches. The
    /// ``ResourcePipeline`` keeps validated images in memory and on disk under the app's
    /// ``Directories/caches``, and feeds are loaded fresh on every refresh. A URL cache as well
    /// would store each image twice on Apple platforms (where `URLSessionConfiguration.default`
    /// has one) and serve a stale feed after a pull to refresh.
    ///
    /// On Linux it also matters for correctness: swift-corelibs-foundation reads the cache on a
    /// background queue before a task's protocol exists; a cancel that lands in that window
    /// reports after the task has left the session's registry and traps the process ("Trying to
    /// access a behaviour for a task that in not in the registry", TaskRegistry.swift).
    /// Cancelling is this client's normal path (a scrolled-away image).
    public init(configuration: URLSessionConfiguration) {
        let delegate = SessionDelegate()
        self.delegate = delegate
        self.session = URLSession(configuration: Self.safeConfiguration(configuration), delegate: delegate, delegateQueue: nil)
    }

    /// The configuration the session was built with (see ``init(configuration:)``): what tests
    /// check to pin the cache policy on every platform.
    var sessionConfiguration: URLSessionConfiguration { session.configuration }

    /// A copy of `configuration` without a URL cache (see ``init(configuration:)``). The same on
    /// every platform: the decision is this package's, not the linked Foundation's.
    static func safeConfiguration(_ configuration: URLSessionConfiguration) -> URLSessionConfiguration {
        let copy = (configuration.copy() as? URLSessionConfiguration) ?? configuration
        copy.urlCache = nil
        copy.requestCachePolicy = .reloadIgnoringLocalCacheData
        return copy
    }

    deinit {
        session.invalidateAndCancel()
    }

    /// Sends `request` on the owned session, streaming the body so ``HTTPRequest/maxResponseBytes``
    /// holds while bytes arrive; a status outside ``HTTPRequest/acceptableStatus`` throws
    /// ``NetworkError/httpStatus(code:url:bodyExcerpt:retryAfter:)`` with an excerpt of the body.
    public func send(_ request: HTTPRequest) async throws(NetworkError) -> HTTPResponse {
        guard let scheme = request.url.scheme?.lowercased(), ["http", "https"].contains(scheme),
            request.url.host != nil
        else { throw .invalidURL(request.url.absoluteString) }
        if Task.isCancelled { throw .cancelled }

        var urlRequest = URLRequest(url: try IPv6LiteralWorkaround.transportURL(for: request.url))
        urlRequest.httpMethod = request.method.rawValue
        urlRequest.httpBody = request.body
        urlRequest.timeoutInterval = Self.foundationTimeout(request.timeout)
        for (name, value) in request.headers { urlRequest.setValue(value, forHTTPHeaderField: name) }

        let task = session.dataTask(with: urlRequest)
        let result: Result<(HTTPURLResponse, Data), NetworkError> = await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                delegate.register(task, url: request.url, limit: request.maxResponseBytes, continuation: continuation)
                task.resume()
                if Task.isCancelled { delegate.cancel(task) }
            }
        } onCancel: {
            delegate.cancel(task)
        }
        let (response, body) = try result.get()
        let headers = HTTPHeaders(
            Dictionary(
                response.allHeaderFields.compactMap { key, value in
                    (key as? String).map { ($0, "\(value)") }
                },
                uniquingKeysWith: { first, _ in first }
            )
        )
        return try HTTPResponse(url: request.url, status: response.statusCode, headers: headers, body: body).checked(for: request)
    }

    /// How many redirects URLSession follows before it reports `httpTooManyRedirects`, which is
    /// ``NetworkError/redirectLoop(url:limit:)`` here (never retried).
    static let redirectLimit = 20

    /// `URLRequest.timeoutInterval` for `timeout`. swift-corelibs-foundation (Linux) truncates
    /// the interval to whole seconds (`Int(timeoutInterval) * 1000` ms), so 0.5 s would time
    /// out at once and 1.9 s after 1 s; there the timeout is rounded *up* to whole seconds.
    static func foundationTimeout(_ timeout: Duration) -> TimeInterval {
        #if canImport(FoundationNetworking)
            return max(1, timeout.timeInterval.rounded(.up))
        #else
            return max(timeout.timeInterval, 0.001)
        #endif
    }
}

/// Collects each task's bytes and resumes its caller exactly once.
///
/// Each task's body grows in place inside the registry, in time and memory linear in its size:
/// the entry is mutated through the dictionary's subscript, never copied out, appended to and
/// stored back (that copied the whole body received so far on every chunk, and made a 15 MB
/// chunked feed take 20 s; see Docs/Benchmarks.md, "Feeds over HTTP").
private final class SessionDelegate: NSObject, URLSessionDataDelegate, Sendable {
    private struct Pending {
        let url: URL
        let limit: Int?
        let continuation: CheckedContinuation<Result<(HTTPURLResponse, Data), NetworkError>, Never>
        var response: HTTPURLResponse?
        var body = Data()
        var overLimit = false

        /// Notes the response; reserves room for a body whose length is announced and allowed.
        mutating func receive(_ response: URLResponse) -> Bool {
            self.response = response as? HTTPURLResponse
            let expected = response.expectedContentLength
            if let limit, expected > Int64(limit) {
                overLimit = true
            } else if expected > 0 {
                body.reserveCapacity(Int(min(expected, Int64(Self.largestReservation))))
            }
            return !overLimit
        }

        /// Appends `data` in place; `true` when the body just went over the limit (cancel the task).
        mutating func append(_ data: Data) -> Bool {
            guard !overLimit else { return false }
            if let limit, body.count + data.count > limit {
                overLimit = true
                body = Data()
                return true
            }
            body.append(data)
            return false
        }

        /// The most bytes reserved up front on the word of `Content-Length` (a server may lie).
        static let largestReservation = 64 * 1024 * 1024
    }

    private let pending = Mutex<[Int: Pending]>([:])

    /// Cancels `task` unless it has already completed, closing a race in
    /// swift-corelibs-foundation.
    ///
    /// There, `URLSessionTask.cancel()` checks the task's state and later reports the
    /// cancellation through the session's task registry; the completion path calls our
    /// `didCompleteWithError` *before* it marks the task completed and schedules its removal from
    /// that registry. A cancel landing between the two reports on a removed task, which traps
    /// ("Trying to access a behaviour for a task that in not in the registry"). Calling `cancel()`
    /// while holding the lock that `didCompleteWithError` must take first makes the two
    /// exclusive: either the cancel is fully scheduled before completion proceeds, or the task is
    /// known to be complete and is left alone. No deadlock: Foundation never waits on this lock
    /// from its work queue, only from the delegate queue.
    func cancel(_ task: URLSessionTask) {
        pending.withLock { state in
            guard state[task.taskIdentifier] != nil else { return }
            task.cancel()
        }
    }

    func register(
        _ task: URLSessionTask,
        url: URL,
        limit: Int?,
        continuation: CheckedContinuation<Result<(HTTPURLResponse, Data), NetworkError>, Never>
    ) {
        pending.withLock { $0[task.taskIdentifier] = Pending(url: url, limit: limit, continuation: continuation) }
    }

    func urlSession(
        _ session: URLSession,
        dataTask: URLSessionDataTask,
        didReceive response: URLResponse,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
        let allow: Bool = pending.withLock { state in
            state[dataTask.taskIdentifier]?.receive(response) ?? false
        }
        completionHandler(allow ? .allow : .cancel)
        // swift-corelibs-foundation ignores the disposition; cancel explicitly.
        if !allow { cancel(dataTask) }
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let cancel: Bool = pending.withLock { state in
            state[dataTask.taskIdentifier]?.append(data) ?? false
        }
        if cancel { self.cancel(dataTask) }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        guard let entry = pending.withLock({ $0.removeValue(forKey: task.taskIdentifier) }) else { return }
        let result: Result<(HTTPURLResponse, Data), NetworkError>
        if entry.overLimit, let limit = entry.limit {
            result = .failure(.tooLarge(url: entry.url, limit: limit))
        } else if let error {
            result = .failure(Self.map(error, url: entry.url))
        } else if let response = entry.response {
            result = .success((response, entry.body))
        } else {
            result = .failure(.transport(url: entry.url, code: URLError.badServerResponse.rawValue, message: "no HTTP response"))
        }
        entry.continuation.resume(returning: result)
    }

    static func map(_ error: any Error, url: URL) -> NetworkError {
        guard let urlError = error as? URLError else {
            return .transport(url: url, code: -1, message: String(describing: error))
        }
        switch urlError.code {
        case .cancelled: return .cancelled
        case .timedOut: return .timedOut(url: url)
        case .httpTooManyRedirects: return .redirectLoop(url: url, limit: URLSessionHTTPClient.redirectLimit)
        case .badURL, .unsupportedURL: return .invalidURL(url.absoluteString)
        default: return .transport(url: url, code: urlError.code.rawValue, message: urlError.localizedDescription)
        }
    }
}
