import Foundation

/// A connected socket and the bytes read from it but not yet used, for one exchange.
///
/// The buffer is consumed from a moving start index and compacted only when most of it has been
/// used, so reading a body of any size copies each byte a bounded number of times.
struct SocketConnection {
    let fd: Int32
    let wake: Int32
    let idleMilliseconds: Int32
    /// Whether the connection came from the pool (an earlier exchange used it).
    let wasReused: Bool
    private var buffer: [UInt8] = []
    private var start = 0
    /// Where each `recv` lands before its bytes join ``buffer``.
    private var scratch = [UInt8](repeating: 0, count: Self.readSize)
    /// Bytes received on this connection during this exchange.
    private(set) var received = 0

    /// The most bytes one `recv` asks for.
    static let readSize = 64 * 1024

    init(fd: Int32, wake: Int32, idleMilliseconds: Int32, wasReused: Bool) {
        self.fd = fd
        self.wake = wake
        self.idleMilliseconds = idleMilliseconds
        self.wasReused = wasReused
    }

    /// How a read or a write ended.
    enum Outcome: Equatable {
        /// More bytes are buffered.
        case filled
        /// The peer closed the connection in order.
        case ended
        /// The connection was reset or failed.
        case failed
        /// A write found the peer gone.
        case lost
        /// No progress within the idle timeout.
        case timedOut
        case cancelled
    }

    var buffered: Int { buffer.count - start }
    var hasUnreadBytes: Bool { buffered > 0 }

    /// Sends all of `bytes`; `nil` when done.
    func send(_ bytes: Data) -> Outcome? {
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { SocketIO.sendSome(fd, UnsafeRawBufferPointer(rebasing: $0[offset...])) }
            switch written {
            case .bytes(let count):
                offset += count
            case .failed:
                return .lost
            case .wouldBlock:
                switch SocketIO.wait(for: fd, events: Int16(POLLOUT), wake: wake, timeoutMilliseconds: idleMilliseconds) {
                case .ready: continue
                case .timedOut: return .timedOut
                case .woken: return .cancelled
                }
            }
        }
        return nil
    }

    /// Reads what the socket has (waiting for it without spinning); `.filled` when bytes came.
    mutating func fill() -> Outcome {
        if start > 0 && start >= buffer.count / 2 {
            buffer.removeFirst(start)
            start = 0
        }
        while true {
            let result = scratch.withUnsafeMutableBytes { SocketIO.receive(fd, into: $0) }
            switch result {
            case .bytes(let count):
                buffer.append(contentsOf: scratch[0..<count])
                received += count
                return .filled
            case .endOfStream: return .ended
            case .failed: return .failed
            case .wouldBlock:
                switch SocketIO.wait(for: fd, events: Int16(POLLIN), wake: wake, timeoutMilliseconds: idleMilliseconds) {
                case .ready: continue
                case .timedOut: return .timedOut
                case .woken: return .cancelled
                }
            }
        }
    }

    /// Where the head ends in the buffer: its length without the empty line, and with it.
    func headEnd() -> (head: Int, length: Int)? {
        var index = start
        while index < buffer.count {
            if buffer[index] == UInt8(ascii: "\n") {
                if index + 1 < buffer.count, buffer[index + 1] == UInt8(ascii: "\n") { return (index + 1 - start, index + 2 - start) }
                if index + 2 < buffer.count, buffer[index + 1] == UInt8(ascii: "\r"), buffer[index + 2] == UInt8(ascii: "\n") {
                    return (index + 1 - start, index + 3 - start)
                }
            }
            index += 1
        }
        return nil
    }

    /// Removes and returns the next `count` buffered bytes.
    mutating func take(_ count: Int) -> ArraySlice<UInt8> {
        let slice = buffer[start..<(start + count)]
        start += count
        return slice
    }

    /// Moves up to `limit` buffered bytes to the end of `body`.
    mutating func move(upTo limit: Int, into body: inout Data) {
        let count = min(limit, buffered)
        guard count > 0 else { return }
        buffer.withUnsafeBytes { bytes in
            body.append(UnsafeRawBufferPointer(rebasing: bytes[start..<(start + count)]).assumingMemoryBound(to: UInt8.self))
        }
        start += count
    }

    /// Lets `body` consume buffered bytes; it returns how many it used.
    mutating func consume<Failure: Error>(_ body: (UnsafeRawBufferPointer) throws(Failure) -> Int) throws(Failure) {
        let from = start
        let outcome: Result<Int, Failure> = buffer.withUnsafeBytes { bytes in
            do throws(Failure) {
                return .success(try body(UnsafeRawBufferPointer(rebasing: bytes[from...])))
            } catch {
                return .failure(error)
            }
        }
        start += try outcome.get()
    }
}
