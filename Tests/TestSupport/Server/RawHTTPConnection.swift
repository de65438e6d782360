import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A bare TCP connection to 127.0.0.1, for tests that need byte-level control a URL client
/// hides: pipelined requests, malformed input, half-finished requests, watching a close.
///
/// Every read has a deadline, so a test can block on it briefly (it never needs the
/// cooperative pool to make progress: the server runs on its own threads).
public final class RawHTTPConnection {
    private var fd: Int32
    private var received = [UInt8]()
    /// Whether the peer closed (or reset) the connection.
    public private(set) var closedByPeer = false

    public init(port: Int) throws(LoopbackServerError) {
        fd = socket(AF_INET, POSIX.streamType, 0)
        guard fd >= 0 else { throw POSIX.error("socket") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(clamping: port)).bigEndian
        address.sin_addr = in_addr(s_addr: in_addr_t(0x7F00_0001).bigEndian)
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else {
            let failure = POSIX.error("connect(127.0.0.1:\(port))")
            POSIX.closeDescriptor(fd)
            throw failure
        }
        do {
            try POSIX.configure(fd)
        } catch {
            POSIX.closeDescriptor(fd)
            throw error
        }
    }

    deinit {
        POSIX.closeDescriptor(fd)
    }

    /// Sends `text` as UTF-8; `false` if the connection is gone.
    @discardableResult
    public func send(_ text: String) -> Bool {
        send(Data(text.utf8))
    }

    @discardableResult
    public func send(_ data: Data, timeout: Duration = .seconds(5)) -> Bool {
        let deadline = ContinuousClock.now.advanced(by: timeout)
        var offset = 0
        while offset < data.count {
            let result = data.withUnsafeBytes { POSIX.send(fd, UnsafeRawBufferPointer(rebasing: $0[offset...])) }
            switch result {
            case .bytes(let count): offset += count
            case .failed: return false
            case .wouldBlock:
                guard case .ready = POSIX.wait(for: fd, events: Int16(POLLOUT), wake: -1, until: deadline) else { return false }
            }
        }
        return true
    }

    /// Everything received so far plus whatever arrives until `condition` holds for the whole
    /// of it, the peer closes, or `timeout` passes.
    public func receive(timeout: Duration = .seconds(5), until condition: (Data) -> Bool) -> Data {
        let deadline = ContinuousClock.now.advanced(by: timeout)
        var chunk = [UInt8](repeating: 0, count: 16 * 1024)
        while !condition(Data(received)) && !closedByPeer {
            switch chunk.withUnsafeMutableBytes({ POSIX.receive(fd, into: $0) }) {
            case .bytes(let count):
                received.append(contentsOf: chunk[0..<count])
            case .endOfStream, .failed:
                closedByPeer = true
            case .wouldBlock:
                guard case .ready = POSIX.wait(for: fd, events: Int16(POLLIN), wake: -1, until: deadline) else {
                    return Data(received)
                }
            }
        }
        return Data(received)
    }

    /// Everything until the peer closes (or `timeout`).
    public func readToEnd(timeout: Duration = .seconds(5)) -> Data {
        receive(timeout: timeout) { _ in false }
    }

    /// Reads until `count` complete responses (head plus `Content-Length` body) have arrived.
    public func responses(_ count: Int, timeout: Duration = .seconds(5)) -> [String] {
        let data = receive(timeout: timeout) { Self.splitResponses($0).count >= count }
        return Self.splitResponses(data)
    }

    /// Forgets what was received so far.
    public func discardReceived() {
        received.removeAll()
    }

    /// Closes this end (a client going away).
    public func close() {
        POSIX.closeDescriptor(fd)
        fd = -1
    }

    /// Complete `Content-Length` responses at the start of `data`, as text.
    static func splitResponses(_ data: Data) -> [String] {
        var responses: [String] = []
        var rest = [UInt8](data)
        while let (headLength, bodyStart) = RequestParser.headEnd(rest) {
            let head = String(decoding: rest[0..<headLength], as: UTF8.self)
            let length =
                head.split(whereSeparator: \.isNewline).lazy
                .compactMap { line -> Int? in
                    let parts = line.split(separator: ":", maxSplits: 1)
                    guard parts.count == 2, parts[0].lowercased() == "content-length" else { return nil }
                    return Int(parts[1].trimmingCharacters(in: .whitespaces))
                }
                .first ?? 0
            let isInterim = head.hasPrefix("HTTP/1.1 1")
            let total = bodyStart + (isInterim ? 0 : length)
            guard rest.count >= total else { break }
            responses.append(String(decoding: rest[0..<total], as: UTF8.self))
            rest.removeFirst(total)
        }
        return responses
    }
}
