import Foundation

/// An ``HTTPClient`` for plain `http` on POSIX sockets, that waits without spending CPU; `https`
/// goes to another client (``URLSessionHTTPClient``).
///
/// **Why it exists.** On Linux, URLSession is swift-corelibs-foundation's, over libcurl. While a
/// request waits on a *new* connection (a silent server, a server that sends a byte a second,
/// a slow backend), it spins: about 0.85 CPU-seconds per second, mostly system time. libcurl asks
/// for write readiness while it connects and then for read readiness only; Foundation's
/// `_MultiHandle` adds the read source but never removes the write source, which is always
/// ready, so `epoll` wakes it thousands of times a second for nothing (`strace -c`: ~2,600
/// `epoll_wait`, `epoll_ctl`, `poll` and `ioctl` calls a second; a connection reused from the
/// pool, whose sources were torn down, waits at 0.002 CPU-s over 6 s). Nothing in URLSession's API reaches
/// that code, so the composition root uses this client for `http` on Linux instead; Apple's
/// URLSession has no such loop and serves every scheme there.
///
/// **What it does.** HTTP/1.1 over TCP: each request runs on a thread of its own that blocks in
/// `poll(2)` (woken by data, by the request's idle ``HTTPRequest/timeout``, or by a
/// cancellation), so waiting costs nothing. Bodies framed by `Content-Length`, `chunked` or the
/// connection's end, read in time and memory linear in their size; `gzip` and `deflate`
/// content decoded within ``HTTPRequest/maxResponseBytes``; keep-alive connections reused
/// (up to six idle per host); redirects followed (301, 302, 303, 307, 308; a `POST` becomes a `GET`
/// after 301, 302 and 303, as browsers and URLSession do), at most ``maxRedirects``, and a
/// redirect back to an address already visited fails at once as
/// ``NetworkError/redirectLoop(url:limit:)``. Errors carry URLSession's codes
/// (`-1003` no such host, `-1004` cannot connect, `-1005` connection lost, `-1011` not HTTP,
/// `-1016` undecodable body) so that messages and retry decisions read the same.
///
/// Not handled, on purpose: TLS (the `secure` client does it), proxies, cookies, HTTP/2,
/// `Expect: 100-continue` (a 100 is skipped if a server sends one), request bodies as streams.
public final class SocketHTTPClient: HTTPClient {
    /// The client for `https` (and for a redirect to it).
    public let secure: any HTTPClient
    /// Redirects followed in a row before the request fails as a loop.
    public let maxRedirects: Int
    let pool = ConnectionPool()

    /// A client that sends `http` requests itself and `https` ones through `secure`.
    public init(secure: any HTTPClient, maxRedirects: Int = 20) {
        self.secure = secure
        self.maxRedirects = max(0, maxRedirects)
    }

    /// Sends `request`, following redirects; a status outside ``HTTPRequest/acceptableStatus``
    /// throws ``NetworkError/httpStatus(code:url:bodyExcerpt:retryAfter:)``. Cancelling the
    /// calling task closes the connection at once.
    public func send(_ request: HTTPRequest) async throws(NetworkError) -> HTTPResponse {
        guard let scheme = request.url.scheme?.lowercased(), ["http", "https"].contains(scheme), request.url.host != nil else {
            throw .invalidURL(request.url.absoluteString)
        }
        if Task.isCancelled { throw .cancelled }
        var current = request
        var visited: Set<String> = [Self.visitKey(current)]
        var redirects = 0
        while true {
            if current.url.scheme?.lowercased() == "https" {
                var response = try await secure.send(current)
                response.url = request.url
                return response
            }
            guard let target = SocketTarget(current.url) else { throw .invalidURL(current.url.absoluteString) }
            let response = try await exchange(current, target: target)
            if let next = Self.redirect(from: current, response: response) {
                redirects += 1
                guard redirects <= maxRedirects, visited.insert(Self.visitKey(next)).inserted else {
                    throw .redirectLoop(url: request.url, limit: maxRedirects)
                }
                current = next
                continue
            }
            return try HTTPResponse(url: request.url, status: response.status, headers: response.headers, body: response.body)
                .checked(for: request)
        }
    }

    /// Idle keep-alive connections held now.
    public var idleConnectionCount: Int { pool.idleCount }

    private func exchange(_ request: HTTPRequest, target: SocketTarget) async throws(NetworkError) -> SocketResponse {
        guard let call = SocketCall() else {
            throw .transport(url: request.url, code: -1, message: "no file descriptors left for a socket")
        }
        let pool = self.pool
        let result = await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Result<SocketResponse, NetworkError>, Never>) in
                call.start(
                    { wake in SocketExchange(request: request, target: target, wake: wake, pool: pool).run() },
                    completion: { continuation.resume(returning: $0) }
                )
            }
        } onCancel: {
            call.cancel()
        }
        return try result.get()
    }

    /// The request a redirect response asks for, or `nil` when `response` is not one to follow.
    static func redirect(from request: HTTPRequest, response: SocketResponse) -> HTTPRequest? {
        guard [301, 302, 303, 307, 308].contains(response.status), let location = response.headers["Location"],
            let next = URL(string: location.trimmingCharacters(in: .whitespaces), relativeTo: request.url)?.absoluteURL,
            let scheme = next.scheme?.lowercased(), ["http", "https"].contains(scheme)
        else { return nil }
        var redirected = request
        redirected.url = next
        let becomesGet = response.status == 303 || (response.status <= 302 && request.method == .post)
        if becomesGet && request.method != .head {
            redirected.method = .get
            redirected.body = nil
            redirected.headers["Content-Type"] = nil
        }
        return redirected
    }

    /// What makes two hops the same: a redirect to one of them again is a loop.
    private static func visitKey(_ request: HTTPRequest) -> String {
        "\(request.method.rawValue) \(request.url.absoluteString)"
    }
}
