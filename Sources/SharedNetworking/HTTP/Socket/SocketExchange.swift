import Foundation

/// One request and its response on one connection, blocking, on the ``SocketCall``'s thread.
///
/// Framing follows RFC 9112 §6.3: no body for `HEAD`, 1xx, 204 and 304; `Transfer-Encoding:
/// chunked` decoded as it arrives (``ChunkedBodyDecoder``); `Content-Length` read exactly;
/// otherwise to the end of the connection. Every wait is a `poll` bounded by the request's
/// ``HTTPRequest/timeout`` (no progress for that long is a timeout) and woken by a cancellation.
/// The body grows in one buffer, reserved up front when its length is announced: time and memory
/// are linear in its size.
struct SocketExchange {
    let request: HTTPRequest
    let target: SocketTarget
    let wake: Int32
    let pool: ConnectionPool

    /// Why an exchange failed, before it is named for the caller.
    private enum Failure: Error {
        case network(NetworkError)
        /// A pooled connection turned out closed before any byte of the response: try a new one.
        case staleConnection
    }

    private var url: URL { request.url }
    private var idleMilliseconds: Int32 {
        let milliseconds = (request.timeout.timeInterval * 1000).rounded(.up)
        return milliseconds >= Double(Int32.max) ? Int32.max : Int32(max(1, milliseconds))
    }

    /// Sends the request (on a pooled connection if one is open, else a new one) and reads the
    /// whole response.
    func run() -> Result<SocketResponse, NetworkError> {
        if let fd = pool.take(target.poolKey) {
            switch exchange(on: fd, reused: true) {
            case .success(let response): return .success(response)
            case .failure(.network(let error)): return .failure(error)
            case .failure(.staleConnection): break
            }
        }
        let fd: Int32
        switch connect() {
        case .success(let connected): fd = connected
        case .failure(let error): return .failure(error)
        }
        switch exchange(on: fd, reused: false) {
        case .success(let response): return .success(response)
        case .failure(.network(let error)): return .failure(error)
        case .failure(.staleConnection): return .failure(Self.connectionLost(url, "the server closed the connection without answering"))
        }
    }

    // MARK: Connecting

    private func connect() -> Result<Int32, NetworkError> {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = SocketIO.streamType
        hints.ai_flags = AI_NUMERICSERV
        var list: UnsafeMutablePointer<addrinfo>?
        let status = getaddrinfo(target.host, String(target.port), &hints, &list)
        guard status == 0, let first = list else {
            return .failure(.transport(url: url, code: -1003, message: "A server with the specified hostname could not be found."))
        }
        defer { freeaddrinfo(first) }
        var lastError = ECONNREFUSED
        var candidate: UnsafeMutablePointer<addrinfo>? = first
        while let address = candidate {
            candidate = address.pointee.ai_next
            guard let fd = SocketIO.makeSocket(family: address.pointee.ai_family) else { continue }
            if SocketIO.startConnecting(fd, address.pointee.ai_addr, address.pointee.ai_addrlen) == 0 {
                return .success(fd)
            }
            guard errno == EINPROGRESS else {
                lastError = errno
                SocketIO.closeDescriptor(fd)
                continue
            }
            switch SocketIO.wait(for: fd, events: Int16(POLLOUT), wake: wake, timeoutMilliseconds: idleMilliseconds) {
            case .woken:
                SocketIO.closeDescriptor(fd)
                return .failure(.cancelled)
            case .timedOut:
                SocketIO.closeDescriptor(fd)
                return .failure(.timedOut(url: url))
            case .ready:
                let error = SocketIO.pendingError(fd)
                if error == 0 { return .success(fd) }
                lastError = error
                SocketIO.closeDescriptor(fd)
            }
        }
        return .failure(.transport(url: url, code: -1004, message: "Could not connect to the server. (\(Self.describe(lastError)))"))
    }

    // MARK: One exchange

    private func exchange(on fd: Int32, reused: Bool) -> Result<SocketResponse, Failure> {
        var connection = SocketConnection(fd: fd, wake: wake, idleMilliseconds: idleMilliseconds, wasReused: reused)
        let result = exchange(&connection)
        switch result {
        case .success((let response, let reusable)):
            if reusable { pool.put(fd, key: target.poolKey) } else { SocketIO.closeDescriptor(fd) }
            return .success(response)
        case .failure(let failure):
            SocketIO.closeDescriptor(fd)
            return .failure(failure)
        }
    }

    private func exchange(_ connection: inout SocketConnection) -> Result<(SocketResponse, Bool), Failure> {
        if let failure = connection.send(requestBytes()) {
            return .failure(failure == .lost && connection.wasReused ? .staleConnection : .network(name(failure)))
        }
        var head: HTTPResponseHead
        repeat {
            switch readHead(&connection) {
            case .success(let parsed): head = parsed
            case .failure(let failure): return .failure(failure)
            }
        } while (100...199).contains(head.status) && head.status != 101
        let isHead = request.method == .head
        let hasNoBody = isHead || head.status == 204 || head.status == 304 || (100...199).contains(head.status)
        var body = Data()
        var closeDelimited = false
        if !hasNoBody {
            let framing = Self.framing(of: head, url: url)
            switch framing {
            case .failure(let error): return .failure(.network(error))
            case .success(.chunked):
                if let failure = readChunked(&connection, into: &body) { return .failure(.network(failure)) }
            case .success(.length(let length)):
                if let limit = request.maxResponseBytes, length > limit { return .failure(.network(.tooLarge(url: url, limit: limit))) }
                if let failure = readExactly(length, &connection, into: &body) { return .failure(.network(failure)) }
            case .success(.untilClose):
                closeDelimited = true
                if let failure = readToEnd(&connection, into: &body) { return .failure(.network(failure)) }
            }
        }
        do throws(ContentDecoding.Failure) {
            body = try ContentDecoding.decode(body, encoding: head.headers["Content-Encoding"], limit: request.maxResponseBytes)
        } catch {
            switch error {
            case .tooLarge: return .failure(.network(.tooLarge(url: url, limit: request.maxResponseBytes ?? 0)))
            case .corrupt(let reason), .unsupported(let reason):
                return .failure(.network(.transport(url: url, code: -1016, message: "The body could not be decoded (\(reason)).")))
            }
        }
        let reusable = head.allowsReuse && !closeDelimited && !connection.hasUnreadBytes
        return .success((SocketResponse(status: head.status, headers: head.headers, body: body), reusable))
    }

    /// The request head and body as one buffer: one write, one packet for a small request.
    private func requestBytes() -> Data {
        var head = "\(request.method.rawValue) \(target.requestTarget) HTTP/1.1\r\nHost: \(target.hostField)\r\n"
        var headers = request.headers
        if headers["Accept-Encoding"] == nil { headers["Accept-Encoding"] = ContentDecoding.accepted }
        if headers["User-Agent"] == nil { headers["User-Agent"] = "MobileExercises SocketHTTPClient" }
        if let body = request.body { headers["Content-Length"] = String(body.count) }
        headers["Host"] = nil
        headers["Connection"] = nil
        headers["Transfer-Encoding"] = nil
        for (name, value) in headers where !name.contains("\r") && !name.contains("\n") && !value.contains("\r") && !value.contains("\n") {
            head += "\(name): \(value)\r\n"
        }
        head += "\r\n"
        var bytes = Data(head.utf8)
        if let body = request.body { bytes.append(body) }
        return bytes
    }

    // MARK: Reading

    private func readHead(_ connection: inout SocketConnection) -> Result<HTTPResponseHead, Failure> {
        while true {
            if let end = connection.headEnd() {
                let bytes = connection.take(end.length)
                do throws(HTTPResponseHead.Failure) {
                    return .success(try HTTPResponseHead(parsing: bytes.prefix(end.head)))
                } catch {
                    switch error {
                    case .malformed(let reason): return .failure(.network(Self.malformed(url, reason)))
                    }
                }
            }
            guard connection.buffered < HTTPResponseHead.maximumLength else {
                return .failure(.network(Self.malformed(url, "the response head is longer than 64 KiB")))
            }
            switch connection.fill() {
            case .filled: continue
            case .ended, .failed:
                // Nothing at all on a reused connection: the server had closed it while idle.
                if connection.received == 0 && connection.wasReused { return .failure(.staleConnection) }
                if connection.received == 0 {
                    return .failure(.network(Self.connectionLost(url, "the server closed the connection without answering")))
                }
                return .failure(.network(Self.connectionLost(url, "the response ended inside its head")))
            case let other: return .failure(.network(name(other)))
            }
        }
    }

    private func readExactly(_ length: Int, _ connection: inout SocketConnection, into body: inout Data) -> NetworkError? {
        body.reserveCapacity(min(length, 64 * 1024 * 1024))
        while body.count < length {
            if let failure = refillIfEmpty(&connection, endedEarly: "the body ended after \(body.count) of \(length) bytes") {
                return failure
            }
            connection.move(upTo: length - body.count, into: &body)
        }
        return nil
    }

    private func readChunked(_ connection: inout SocketConnection, into body: inout Data) -> NetworkError? {
        var decoder = ChunkedBodyDecoder()
        while !decoder.isComplete {
            if let failure = refillIfEmpty(
                &connection, endedEarly: "the chunked body ended after \(body.count) bytes, before its last chunk")
            {
                return failure
            }
            do throws(ChunkedBodyDecoder.Failure) {
                try connection.consume { (bytes: UnsafeRawBufferPointer) throws(ChunkedBodyDecoder.Failure) -> Int in
                    try decoder.consume(bytes, into: &body)
                }
            } catch {
                switch error {
                case .malformed(let reason): return Self.malformed(url, reason)
                }
            }
            if let limit = request.maxResponseBytes, body.count > limit { return .tooLarge(url: url, limit: limit) }
        }
        return nil
    }

    /// When nothing is buffered, waits for more bytes; the failure when none come: the
    /// connection lost (`endedEarly` says where the body stopped), a timeout or a cancellation.
    private func refillIfEmpty(_ connection: inout SocketConnection, endedEarly: @autoclosure () -> String) -> NetworkError? {
        guard connection.buffered == 0 else { return nil }
        switch connection.fill() {
        case .filled: return nil
        case .ended, .failed: return Self.connectionLost(url, endedEarly())
        case let other: return name(other)
        }
    }

    private func readToEnd(_ connection: inout SocketConnection, into body: inout Data) -> NetworkError? {
        while true {
            connection.move(upTo: Int.max, into: &body)
            if let limit = request.maxResponseBytes, body.count > limit { return .tooLarge(url: url, limit: limit) }
            switch connection.fill() {
            case .filled: continue
            case .ended: return nil
            case .failed: return Self.connectionLost(url, "the connection was reset during the body")
            case let other: return name(other)
            }
        }
    }

    // MARK: Errors

    private func name(_ outcome: SocketConnection.Outcome) -> NetworkError {
        switch outcome {
        case .cancelled: .cancelled
        case .timedOut: .timedOut(url: url)
        case .lost, .ended, .failed: Self.connectionLost(url, "the connection was lost")
        case .filled: Self.malformed(url, "internal: no error")
        }
    }

    static func connectionLost(_ url: URL, _ detail: String) -> NetworkError {
        .transport(url: url, code: -1005, message: "The network connection was lost (\(detail)).")
    }

    static func malformed(_ url: URL, _ detail: String) -> NetworkError {
        .transport(url: url, code: -1011, message: "The server's response is not valid HTTP (\(detail)).")
    }

    private static func describe(_ code: Int32) -> String {
        String(cString: strerror(code))
    }

    /// How the response body is delimited (RFC 9112 §6.3).
    enum Framing: Equatable {
        case chunked
        case length(Int)
        case untilClose
    }

    static func framing(of head: HTTPResponseHead, url: URL) -> Result<Framing, NetworkError> {
        if let encoding = head.headers["Transfer-Encoding"] {
            let last = encoding.split(separator: ",").last?.trimmingCharacters(in: .whitespaces).lowercased()
            return .success(last == "chunked" ? .chunked : .untilClose)
        }
        if let field = head.headers["Content-Length"] {
            // Repeated fields arrive joined with ", "; they must all agree.
            let values = Set(field.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) })
            guard values.count == 1, let text = values.first, let length = Int(text), length >= 0 else {
                return .failure(malformed(url, "invalid Content-Length: \(field)"))
            }
            return .success(.length(length))
        }
        return .success(.untilClose)
    }
}
