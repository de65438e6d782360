import Foundation

/// Serves one TCP connection on its own thread: reads requests (keep-alive, pipelining,
/// `Content-Length` or chunked bodies, `Expect: 100-continue`) and plays each scripted response.
struct ConnectionHandler {
    let fd: Int32
    let id: Int
    let core: ServerCore
    private var buffer: [UInt8] = []

    init(fd: Int32, id: Int, core: ServerCore) {
        self.fd = fd
        self.id = id
        self.core = core
    }

    /// How a response ended.
    enum Outcome {
        case completed
        /// The client closed or reset the connection first.
        case clientClosed
        /// The server is stopping.
        case stopped
        /// The script ended the connection (truncation, reset); the descriptor is closed.
        case droppedByScript
    }

    mutating func run() {
        while true {
            guard let request = readRequest() else { return }
            let (recorded, responder) = core.begin(request, connection: id)
            let isHead = request.method.uppercased() == "HEAD"
            var response = responder?(recorded) ?? .status(404, body: "no route for \(recorded.path)")
            let keepAlive = request.keepAlive && !response.closeConnection
            if !keepAlive { response.headers["Connection"] = "close" }
            let outcome = play(response, headOnly: isHead)
            core.end(clientClosed: outcome == .clientClosed)
            switch outcome {
            case .completed where keepAlive:
                continue
            case .completed:
                closeGracefully()
            case .clientClosed, .stopped:
                POSIX.closeDescriptor(fd)
            case .droppedByScript:
                break
            }
            return
        }
    }

    // MARK: Reading

    /// The next complete request, or `nil` when the connection is over (closed by the client,
    /// server stopping, or malformed input, which is answered and closed here).
    private mutating func readRequest() -> ParsedRequest? {
        var sentContinue = false
        while true {
            switch RequestParser.parse(buffer) {
            case .complete(let request, let consumed):
                buffer.removeFirst(consumed)
                return request
            case .invalid(let status):
                let body = Data("malformed request".utf8)
                let head = "HTTP/1.1 \(status) Bad Request\r\nContent-Length: \(body.count)\r\nConnection: close\r\n\r\n"
                _ = sendAll(Data(head.utf8) + body)
                closeGracefully()
                return nil
            case .incomplete(let head):
                if let head, !sentContinue, head.headers["Expect"]?.lowercased() == "100-continue" {
                    sentContinue = true
                    guard sendAll(Data("HTTP/1.1 100 Continue\r\n\r\n".utf8)) == .completed else {
                        POSIX.closeDescriptor(fd)
                        return nil
                    }
                }
            }
            guard receiveMore() else {
                POSIX.closeDescriptor(fd)
                return nil
            }
        }
    }

    /// Appends what arrives next to the buffer; `false` when the connection is over.
    private mutating func receiveMore() -> Bool {
        var chunk = [UInt8](repeating: 0, count: 16 * 1024)
        while true {
            let received = chunk.withUnsafeMutableBytes { POSIX.receive(fd, into: $0) }
            switch received {
            case .bytes(let count):
                buffer.append(contentsOf: chunk[0..<count])
                return true
            case .endOfStream, .failed:
                return false
            case .wouldBlock:
                guard case .ready = POSIX.wait(for: fd, events: Int16(POLLIN), wake: core.wakeRead) else { return false }
            }
        }
    }

    // MARK: Writing

    private func play(_ response: ScriptedResponse, headOnly: Bool) -> Outcome {
        if response.delay > .zero {
            let waited = pause(response.delay)
            guard waited == .completed else { return waited }
        }
        if response.resetConnection && response.truncateAfter == nil {
            POSIX.reset(fd)
            return .droppedByScript
        }
        let chunked = response.chunkSize != nil && !headOnly && response.truncateAfter == nil
        var headers = response.headers
        if chunked {
            headers["Transfer-Encoding"] = "chunked"
            headers["Content-Length"] = nil
        } else if headers["Content-Length"] == nil {
            headers["Content-Length"] = String(response.body.count)
        }
        var head = "HTTP/1.1 \(response.status) Scripted\r\n"
        for (name, value) in headers { head += "\(name): \(value)\r\n" }
        head += "\r\n"
        let sentHead = sendAll(Data(head.utf8))
        guard sentHead == .completed else { return sentHead }
        if headOnly { return .completed }

        if let chunkSize = response.chunkSize, chunked {
            var offset = 0
            while offset < response.body.count {
                if response.bodyDelay > .zero {
                    let waited = pause(response.bodyDelay)
                    guard waited == .completed else { return waited }
                }
                let piece = response.body.subdata(in: offset..<min(offset + chunkSize, response.body.count))
                offset += piece.count
                let sent = sendAll(Data(String(piece.count, radix: 16).utf8) + Data("\r\n".utf8) + piece + Data("\r\n".utf8))
                guard sent == .completed else { return sent }
            }
            return sendAll(Data("0\r\n\r\n".utf8))
        }

        if response.bodyDelay > .zero {
            let waited = pause(response.bodyDelay)
            guard waited == .completed else { return waited }
        }
        guard let cut = response.truncateAfter else { return sendAll(response.body) }
        let sent = sendAll(response.body.prefix(cut))
        guard sent == .completed else { return sent }
        if response.resetConnection {
            POSIX.reset(fd)
        } else {
            POSIX.closeDescriptor(fd)
        }
        return .droppedByScript
    }

    /// Sends every byte, waiting for buffer space as needed.
    private func sendAll(_ data: Data) -> Outcome {
        var offset = 0
        while offset < data.count {
            let sent = data.withUnsafeBytes { bytes in
                POSIX.send(fd, UnsafeRawBufferPointer(rebasing: bytes[offset...]))
            }
            switch sent {
            case .bytes(let count):
                offset += count
            case .failed:
                return .clientClosed
            case .wouldBlock:
                switch POSIX.wait(for: fd, events: Int16(POLLOUT), wake: core.wakeRead) {
                case .stopped: return .stopped
                case .ready, .timedOut: continue
                }
            }
        }
        return .completed
    }

    /// Waits `duration` while watching for the client going away, so a cancelled request is
    /// seen (and counted) at once instead of when the server next writes.
    private func pause(_ duration: Duration) -> Outcome {
        let deadline = ContinuousClock.now.advanced(by: duration)
        var events = Int16(POLLIN) | POSIX.peerClosedEvent
        while true {
            switch POSIX.wait(for: fd, events: events, wake: core.wakeRead, until: deadline) {
            case .timedOut:
                return .completed
            case .stopped:
                return .stopped
            case .ready(let revents):
                if revents & (Int16(POLLHUP) | Int16(POLLERR)) != 0 { return .clientClosed }
                var probe: UInt8 = 0
                let peeked = withUnsafeMutableBytes(of: &probe) { POSIX.receive(fd, into: $0, peek: true) }
                switch peeked {
                case .endOfStream, .failed:
                    return .clientClosed
                case .bytes:
                    // A pipelined request is waiting; keep watching only for the peer closing.
                    if revents & POSIX.peerClosedEvent != 0 { return .clientClosed }
                    events = POSIX.peerClosedEvent
                case .wouldBlock:
                    continue
                }
            }
        }
    }

    /// Half-closes, drains what the client still sends (briefly), then closes, so the client
    /// reads the whole response instead of a reset caused by unread bytes.
    private func closeGracefully() {
        POSIX.shutdownWrite(fd)
        let deadline = ContinuousClock.now.advanced(by: .milliseconds(500))
        var scratch = [UInt8](repeating: 0, count: 4096)
        draining: while case .ready = POSIX.wait(for: fd, events: Int16(POLLIN), wake: core.wakeRead, until: deadline) {
            switch scratch.withUnsafeMutableBytes({ POSIX.receive(fd, into: $0) }) {
            case .bytes, .wouldBlock: continue
            case .endOfStream, .failed: break draining
            }
        }
        POSIX.closeDescriptor(fd)
    }
}
