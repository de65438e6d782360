import Foundation

/// The POSIX calls ``SocketHTTPClient`` makes, each on a non-blocking descriptor and each wait a
/// `poll(2)` that also watches a wake descriptor, so a cancellation interrupts any of them.
///
/// Waiting is `poll` with a timeout: a thread waiting for a silent or trickling server sleeps in
/// the kernel and costs no CPU (the reason this client exists; see ``SocketHTTPClient``).
enum SocketIO {
    /// How a wait ended.
    enum Wait: Equatable {
        /// The descriptor is ready for what was asked.
        case ready
        /// Nothing happened within the timeout: the connection made no progress.
        case timedOut
        /// The wake descriptor fired: the call was cancelled.
        case woken
    }

    /// What a read returned.
    enum Read: Equatable {
        case bytes(Int)
        /// The peer closed its end (an orderly shutdown).
        case endOfStream
        /// Nothing to read yet.
        case wouldBlock
        /// The connection failed (reset by the peer…), with `errno`.
        case failed(Int32)
    }

    /// What a write did.
    enum Written: Equatable {
        case bytes(Int)
        case wouldBlock
        case failed(Int32)
    }

    static var streamType: Int32 {
        #if os(Linux)
            Int32(SOCK_STREAM.rawValue)
        #else
            SOCK_STREAM
        #endif
    }

    /// `POLLRDHUP` (Linux): the peer closed its end. Not exported by the Swift Glibc module.
    #if os(Linux)
        static let peerClosedEvent: Int16 = 0x2000
    #else
        static let peerClosedEvent: Int16 = 0
    #endif

    /// Waits until `fd` is ready for `events`, the wake descriptor fires, or `timeoutMilliseconds`
    /// pass with neither (`-1`: no timeout).
    static func wait(for fd: Int32, events: Int16, wake: Int32, timeoutMilliseconds: Int32) -> Wait {
        var descriptors = [
            pollfd(fd: fd, events: events, revents: 0),
            pollfd(fd: wake, events: Int16(POLLIN), revents: 0),
        ]
        while true {
            let result = descriptors.withUnsafeMutableBufferPointer { poll($0.baseAddress, nfds_t(2), timeoutMilliseconds) }
            if result < 0 {
                if errno == EINTR { continue }
                return .ready  // let the following call report the error
            }
            if result == 0 { return .timedOut }
            if descriptors[1].revents != 0 { return .woken }
            return .ready
        }
    }

    /// Whether an idle pooled connection is still usable: nothing to read and not closed. A
    /// server that closed it (or sent something unasked) makes it readable.
    static func isIdleAndOpen(_ fd: Int32) -> Bool {
        var descriptor = pollfd(fd: fd, events: Int16(POLLIN) | peerClosedEvent, revents: 0)
        return poll(&descriptor, 1, 0) == 0
    }

    static func receive(_ fd: Int32, into buffer: UnsafeMutableRawBufferPointer) -> Read {
        while true {
            let count = recv(fd, buffer.baseAddress, buffer.count, 0)
            if count > 0 { return .bytes(count) }
            if count == 0 { return .endOfStream }
            switch errno {
            case EINTR: continue
            case EAGAIN, EWOULDBLOCK: return .wouldBlock
            default: return .failed(errno)
            }
        }
    }

    /// Writes what the socket takes now of `buffer`. SIGPIPE is suppressed per call on Linux
    /// (`MSG_NOSIGNAL`), per socket on Apple platforms (`SO_NOSIGPIPE`, ``makeSocket(family:)``).
    static func sendSome(_ fd: Int32, _ buffer: UnsafeRawBufferPointer) -> Written {
        #if os(Linux)
            let flags = Int32(MSG_NOSIGNAL)
        #else
            let flags: Int32 = 0
        #endif
        while true {
            let count = send(fd, buffer.baseAddress, buffer.count, flags)
            if count >= 0 { return .bytes(count) }
            switch errno {
            case EINTR: continue
            case EAGAIN, EWOULDBLOCK: return .wouldBlock
            default: return .failed(errno)
            }
        }
    }

    /// A non-blocking TCP socket for `family`, with `TCP_NODELAY` (a request goes out in one
    /// write; nothing is gained by waiting for an acknowledgement) and, on Apple platforms,
    /// `SO_NOSIGPIPE` (Linux passes `MSG_NOSIGNAL` on each send instead).
    static func makeSocket(family: Int32) -> Int32? {
        let fd = socket(family, streamType, 0)
        guard fd >= 0 else { return nil }
        let flags = fcntl(fd, F_GETFL, 0)
        guard flags >= 0, fcntl(fd, F_SETFL, flags | O_NONBLOCK) == 0 else {
            close(fd)
            return nil
        }
        var one: Int32 = 1
        setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
        #if canImport(Darwin)
            setsockopt(fd, SOL_SOCKET, SO_NOSIGPIPE, &one, socklen_t(MemoryLayout<Int32>.size))
        #endif
        return fd
    }

    /// `connect(2)`; on a non-blocking socket usually `-1` with `EINPROGRESS`.
    static func startConnecting(_ fd: Int32, _ address: UnsafeMutablePointer<sockaddr>?, _ length: socklen_t) -> Int32 {
        connect(fd, address, length)
    }

    /// The pending error of a socket whose non-blocking `connect` finished (0: connected).
    static func pendingError(_ fd: Int32) -> Int32 {
        var error: Int32 = 0
        var length = socklen_t(MemoryLayout<Int32>.size)
        guard getsockopt(fd, SOL_SOCKET, SO_ERROR, &error, &length) == 0 else { return errno }
        return error
    }

    /// A pipe whose read end a wait watches and whose write end ``signal(_:)`` writes to.
    static func makeWakePipe() -> (read: Int32, write: Int32)? {
        var descriptors: [Int32] = [-1, -1]
        guard pipe(&descriptors) == 0 else { return nil }
        for fd in descriptors {
            let flags = fcntl(fd, F_GETFL, 0)
            _ = fcntl(fd, F_SETFL, flags | O_NONBLOCK)
        }
        return (descriptors[0], descriptors[1])
    }

    static func signal(_ fd: Int32) {
        var byte: UInt8 = 1
        _ = write(fd, &byte, 1)
    }

    static func closeDescriptor(_ fd: Int32) {
        guard fd >= 0 else { return }
        _ = close(fd)
    }
}
