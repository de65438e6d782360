#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Why the loopback server could not start.
public struct LoopbackServerError: Error, CustomStringConvertible {
    /// The system call that failed (`bind`, `listen`...).
    public var call: String
    public var errno: Int32

    public var description: String {
        "loopback server: \(call) failed: \(String(cString: strerror(errno))) (errno \(errno))"
    }
}

/// Thin, thread-confined wrappers over the POSIX calls the server needs.
///
/// Every socket is non-blocking and every wait is a `poll` that also watches the server's
/// wake pipe, so `stop()` interrupts any thread at any point (accepting, reading, delaying,
/// sending) and no thread outlives its server.
enum POSIX {
    /// `POLLRDHUP` (Linux): the peer closed its end. Not exported by the Swift Glibc module.
    #if os(Linux)
        static let peerClosedEvent: Int16 = 0x2000
    #else
        static let peerClosedEvent: Int16 = 0
    #endif

    static var streamType: Int32 {
        #if canImport(Glibc)
            Int32(SOCK_STREAM.rawValue)
        #else
            SOCK_STREAM
        #endif
    }

    static var sendFlags: Int32 {
        #if os(Linux)
            Int32(MSG_NOSIGNAL)
        #else
            0
        #endif
    }

    static func error(_ call: String) -> LoopbackServerError {
        LoopbackServerError(call: call, errno: errno)
    }

    /// A TCP socket listening on the loopback address (127.0.0.1, or ::1 with `ipv6`) at an
    /// ephemeral port; returns the fd and port.
    static func listenOnLoopback(ipv6: Bool = false, backlog: Int32 = 128) throws(LoopbackServerError) -> (fd: Int32, port: Int) {
        let fd = socket(ipv6 ? AF_INET6 : AF_INET, streamType, 0)
        guard fd >= 0 else { throw error("socket") }
        do throws(LoopbackServerError) {
            try configure(fd)
            var one: Int32 = 1
            guard setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size)) == 0 else {
                throw error("setsockopt(SO_REUSEADDR)")
            }
            let port = ipv6 ? try bindIPv6Loopback(fd) : try bindIPv4Loopback(fd)
            guard listen(fd, backlog) == 0 else { throw error("listen") }
            return (fd, port)
        } catch {
            closeDescriptor(fd)
            throw error
        }
    }

    /// Binds `fd` to 127.0.0.1 at a port the kernel picks, and returns the port.
    private static func bindIPv4Loopback(_ fd: Int32) throws(LoopbackServerError) -> Int {
        var address = ipv4LoopbackAddress(port: 0)
        try bindAndName(fd, &address, "bind(127.0.0.1:0)")
        return Int(UInt16(bigEndian: address.sin_port))
    }

    /// Binds `fd` to ::1 (IPv6 only) at a port the kernel picks, and returns the port.
    private static func bindIPv6Loopback(_ fd: Int32) throws(LoopbackServerError) -> Int {
        var one: Int32 = 1
        guard setsockopt(fd, Int32(IPPROTO_IPV6), IPV6_V6ONLY, &one, socklen_t(MemoryLayout<Int32>.size)) == 0 else {
            throw error("setsockopt(IPV6_V6ONLY)")
        }
        var address = sockaddr_in6()
        address.sin6_family = sa_family_t(AF_INET6)
        address.sin6_port = in_port_t(0).bigEndian
        address.sin6_addr = in6addr_loopback
        try bindAndName(fd, &address, "bind([::1]:0)")
        return Int(UInt16(bigEndian: address.sin6_port))
    }

    /// A socket bound to 127.0.0.1:`port` that never listens, without `SO_REUSEADDR`, so no
    /// other socket can bind that port on 127.0.0.1 while it is open and a connection there is
    /// refused at once; `nil` when the port is taken there.
    ///
    /// An IPv6 server holds one on its own port: URLSession on Linux reaches `[::1]` through
    /// `localhost`, which libcurl also tries as 127.0.0.1 (happy eyeballs), and without this a
    /// request for the IPv6 server reached another test's IPv4 server on the same port number.
    static func reserveIPv4Loopback(port: Int) -> Int32? {
        let fd = socket(AF_INET, streamType, 0)
        guard fd >= 0 else { return nil }
        guard (try? configure(fd)) != nil, bindIPv4Loopback(fd, port: port) else {
            closeDescriptor(fd)
            return nil
        }
        return fd
    }

    /// 127.0.0.1:`port` (0: the kernel picks).
    static func ipv4LoopbackAddress(port: Int) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port)).bigEndian
        address.sin_addr = in_addr(s_addr: in_addr_t(0x7F00_0001).bigEndian)
        return address
    }

    /// Binds `fd` to 127.0.0.1:`port`; whether it could.
    static func bindIPv4Loopback(_ fd: Int32, port: Int) -> Bool {
        var address = ipv4LoopbackAddress(port: port)
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        } == 0
    }

    /// `bind` then `getsockname` on `address` (a `sockaddr_in` or `sockaddr_in6`), so it holds
    /// the port the kernel chose.
    private static func bindAndName<Address>(_ fd: Int32, _ address: inout Address, _ call: String) throws(LoopbackServerError) {
        let size = socklen_t(MemoryLayout<Address>.size)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, size) }
        }
        guard bound == 0 else { throw error(call) }
        var length = size
        let named = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        guard named == 0 else { throw error("getsockname") }
    }

    /// Close-on-exec (a test that spawns a process must not leak the socket into it) and
    /// non-blocking (every wait goes through ``wait(for:events:wake:until:)``).
    static func configure(_ fd: Int32) throws(LoopbackServerError) {
        guard fcntl(fd, F_SETFD, FD_CLOEXEC) == 0 else { throw error("fcntl(FD_CLOEXEC)") }
        let flags = fcntl(fd, F_GETFL)
        guard flags >= 0, fcntl(fd, F_SETFL, flags | O_NONBLOCK) == 0 else { throw error("fcntl(O_NONBLOCK)") }
    }

    /// A pipe whose read end becomes readable, for good, when the server stops.
    static func makeWakePipe() throws(LoopbackServerError) -> (read: Int32, write: Int32) {
        var fds: [Int32] = [-1, -1]
        guard pipe(&fds) == 0 else { throw error("pipe") }
        for fd in fds {
            do throws(LoopbackServerError) {
                try configure(fd)
            } catch {
                closeDescriptor(fds[0])
                closeDescriptor(fds[1])
                throw error
            }
        }
        return (fds[0], fds[1])
    }

    enum Readiness: Equatable {
        /// `poll` reported these events on the socket.
        case ready(Int16)
        /// The deadline passed.
        case timedOut
        /// The server is stopping.
        case stopped
    }

    /// Waits until `fd` reports one of `events`, the wake pipe fires, or `deadline` passes.
    static func wait(for fd: Int32, events: Int16, wake: Int32, until deadline: ContinuousClock.Instant? = nil) -> Readiness {
        while true {
            var timeout: Int32 = -1
            if let deadline {
                let remaining = ContinuousClock.now.duration(to: deadline)
                if remaining <= .zero { return .timedOut }
                let (seconds, attoseconds) = remaining.components
                let milliseconds = seconds * 1000 + (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000
                timeout = Int32(clamping: max(1, milliseconds))
            }
            var fds = [
                pollfd(fd: fd, events: events, revents: 0),
                pollfd(fd: wake, events: Int16(POLLIN), revents: 0),
            ]
            let count = poll(&fds, 2, timeout)
            if count < 0 {
                if errno == EINTR || errno == EAGAIN { continue }
                return .stopped
            }
            if fds[1].revents != 0 { return .stopped }
            if count == 0 { continue }  // re-checks the deadline
            return .ready(fds[0].revents)
        }
    }

    enum Received {
        case bytes(Int)
        /// The peer closed its end (an orderly shutdown).
        case endOfStream
        /// Nothing to read yet.
        case wouldBlock
        /// The connection failed (reset by the peer...).
        case failed
    }

    static func receive(_ fd: Int32, into buffer: UnsafeMutableRawBufferPointer, peek: Bool = false) -> Received {
        while true {
            let flags: Int32 = peek ? Int32(MSG_PEEK) | Int32(MSG_DONTWAIT) : 0
            let count = recv(fd, buffer.baseAddress, buffer.count, flags)
            if count > 0 { return .bytes(count) }
            if count == 0 { return .endOfStream }
            switch errno {
            case EINTR: continue
            case EAGAIN, EWOULDBLOCK: return .wouldBlock
            default: return .failed
            }
        }
    }

    enum Sent {
        case bytes(Int)
        case wouldBlock
        /// The peer is gone (`EPIPE`, `ECONNRESET`).
        case failed
    }

    static func send(_ fd: Int32, _ buffer: UnsafeRawBufferPointer) -> Sent {
        while true {
            #if canImport(Glibc)
                let count = Glibc.send(fd, buffer.baseAddress, buffer.count, sendFlags)
            #elseif canImport(Musl)
                let count = Musl.send(fd, buffer.baseAddress, buffer.count, sendFlags)
            #else
                let count = Darwin.send(fd, buffer.baseAddress, buffer.count, sendFlags)
            #endif
            if count >= 0 { return .bytes(count) }
            switch errno {
            case EINTR: continue
            case EAGAIN, EWOULDBLOCK: return .wouldBlock
            default: return .failed
            }
        }
    }

    /// Accepts one pending connection, configured like every other socket; `nil` when there is
    /// none (or it vanished before it was accepted).
    static func accept(_ listener: Int32) -> Int32? {
        #if canImport(Glibc)
            let fd = Glibc.accept(listener, nil, nil)
        #elseif canImport(Musl)
            let fd = Musl.accept(listener, nil, nil)
        #else
            let fd = Darwin.accept(listener, nil, nil)
        #endif
        guard fd >= 0 else { return nil }
        do {
            try configure(fd)
            // Responses go out as two writes (head, then body). With Nagle's algorithm the body
            // waits for the client to acknowledge the head, which a delayed-ACK client does only
            // after ~40 ms: every response took 40 ms on Linux (seen in Benchmarks/pipeline-*).
            var noDelay: Int32 = 1
            setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &noDelay, socklen_t(MemoryLayout<Int32>.size))
            #if canImport(Darwin)
                var one: Int32 = 1
                setsockopt(fd, SOL_SOCKET, SO_NOSIGPIPE, &one, socklen_t(MemoryLayout<Int32>.size))
            #endif
            return fd
        } catch {
            closeDescriptor(fd)
            return nil
        }
    }

    /// Closes with `SO_LINGER` 0, which makes the kernel send RST instead of FIN.
    static func reset(_ fd: Int32) {
        var option = linger(l_onoff: 1, l_linger: 0)
        setsockopt(fd, SOL_SOCKET, SO_LINGER, &option, socklen_t(MemoryLayout<linger>.size))
        closeDescriptor(fd)
    }

    static func shutdownWrite(_ fd: Int32) {
        #if canImport(Glibc)
            shutdown(fd, Int32(SHUT_WR))
        #else
            shutdown(fd, SHUT_WR)
        #endif
    }

    static func closeDescriptor(_ fd: Int32) {
        guard fd >= 0 else { return }
        #if canImport(Glibc)
            _ = Glibc.close(fd)
        #elseif canImport(Musl)
            _ = Musl.close(fd)
        #else
            _ = Darwin.close(fd)
        #endif
    }

    /// Writes one byte to the wake pipe: every `poll` watching its read end returns.
    static func signal(_ fd: Int32) {
        var byte: UInt8 = 1
        _ = write(fd, &byte, 1)
    }
}

/// Probes of the loopback interface, for the tests of the test servers themselves.
public enum LoopbackProbe {
    /// Whether a socket with `SO_REUSEADDR` (as every test server sets) can listen on
    /// 127.0.0.1:`port` now; the socket is closed again.
    public static func canListenOnIPv4(port: Int) -> Bool {
        let fd = socket(AF_INET, POSIX.streamType, 0)
        guard fd >= 0 else { return false }
        defer { POSIX.closeDescriptor(fd) }
        var one: Int32 = 1
        guard setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size)) == 0 else { return false }
        return POSIX.bindIPv4Loopback(fd, port: port) && listen(fd, 1) == 0
    }
}
