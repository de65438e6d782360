// Linux only: pseudo-terminals, posix_spawn and sockets are driven through glibc.
#if os(Linux)

    import CPseudoTerminal
    import Foundation
    import TriviaServerTestSupport

    #if canImport(Glibc)
        import Glibc
    #endif

    /// A TCP relay on 127.0.0.1 in front of the server, that the test can make misbehave like a
    /// network: hold the client's bytes (``holdUpstream(_:)``: an answer stays "sending"), cut
    /// every connection (``dropAll()``), refuse new ones (``refuse(_:)``). It also reads the
    /// WebSocket frames going each way, so a test can see a close handshake happen (a close frame
    /// from the client, answered by one from the server).
    final class LoopbackProxy: Sendable {
        let port: Int
        private let upstreamPort: Int
        private let listener: Int32
        private let state = Locked(State())

        private struct State {
            var holding = false
            var refusing = false
            var stopped = false
            var generation = 0
            /// WebSocket opcodes seen after the upgrade, per direction.
            var fromClient: [UInt8] = []
            var fromServer: [UInt8] = []
        }

        init(upstreamPort: Int) throws {
            let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
            var address = Self.loopback(port: 0)
            var length = socklen_t(MemoryLayout<sockaddr_in>.size)
            let bound = withUnsafeMutablePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
                    bind(listener, pointer, length) == 0 && listen(listener, 64) == 0 && getsockname(listener, pointer, &length) == 0
                }
            }
            guard listener >= 0, bound else { throw HarnessError("the proxy cannot listen: \(errno)") }
            self.listener = listener
            self.port = Int(UInt16(bigEndian: address.sin_port))
            self.upstreamPort = upstreamPort
            Thread { [self] in acceptLoop() }.start()
        }

        static func loopback(port: Int) -> sockaddr_in {
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = UInt16(port).bigEndian
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            return address
        }

        var baseURL: URL { URL(string: "http://127.0.0.1:\(port)")! }

        // MARK: Misbehaving

        /// Holds (or releases) the bytes clients send to the server.
        func holdUpstream(_ holding: Bool) {
            state.withLock { $0.holding = holding }
        }

        /// Refuses (or accepts again) new connections: accepted and closed at once.
        func refuse(_ refusing: Bool) {
            state.withLock { $0.refusing = refusing }
        }

        /// Cuts every open connection, without a close frame (a network that went away).
        func dropAll() {
            state.withLock { $0.generation += 1 }
        }

        /// Close frames seen: sent by clients, sent by the server.
        var closeFrames: (fromClient: Int, fromServer: Int) {
            state.withLock { ($0.fromClient.count { $0 == 8 }, $0.fromServer.count { $0 == 8 }) }
        }

        /// Stops accepting and cuts every connection. The accept loop closes the listener itself
        /// when it sees the flag: closing it here, under a thread that may still be polling it,
        /// could hand its descriptor number to another test's socket while that thread used it.
        func stop() {
            state.withLock { $0.stopped = true }
        }

        // MARK: Relaying

        private func acceptLoop() {
            defer { close(listener) }
            while !state.withLock({ $0.stopped }) {
                var descriptor = pollfd(fd: listener, events: Int16(POLLIN), revents: 0)
                guard poll(&descriptor, 1, 50) > 0 else { continue }
                let client = cpt_accept_close_on_exec(listener)
                guard client >= 0 else { continue }
                if state.withLock({ $0.refusing }) {
                    close(client)
                    continue
                }
                let server = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
                var address = Self.loopback(port: upstreamPort)
                let connected = withUnsafePointer(to: &address) {
                    $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                        connect(server, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
                    }
                }
                guard connected else {
                    close(client)
                    close(server)
                    continue
                }
                let generation = state.withLock { $0.generation }
                Thread { [self] in relay(client: client, server: server, generation: generation) }.start()
            }
        }

        private func relay(client: Int32, server: Int32, generation: Int) {
            var upstream = FrameReader()
            var downstream = FrameReader()
            var buffer = [UInt8](repeating: 0, count: 16 * 1024)
            defer {
                close(client)
                close(server)
            }
            while true {
                let (holding, current, stopped) = state.withLock { ($0.holding, $0.generation, $0.stopped) }
                if current != generation || stopped { return }
                var descriptors = [
                    pollfd(fd: client, events: holding ? 0 : Int16(POLLIN), revents: 0),
                    pollfd(fd: server, events: Int16(POLLIN), revents: 0),
                ]
                guard poll(&descriptors, 2, 20) > 0 else { continue }
                for (index, descriptor) in descriptors.enumerated() where descriptor.revents != 0 {
                    let (from, to) = index == 0 ? (client, server) : (server, client)
                    // Asked again: the hold may have begun while this poll waited (a test holds,
                    // then types; the bytes arrive after the hold began, so this sees it).
                    if index == 0 && state.withLock({ $0.holding }) {
                        if descriptor.revents & Int16(POLLHUP | POLLERR) != 0 { return }  // gone while held
                        continue
                    }
                    let count = buffer.withUnsafeMutableBytes { recv(from, $0.baseAddress, $0.count, 0) }
                    guard count > 0 else { return }
                    let bytes = Array(buffer.prefix(count))
                    let opcodes = index == 0 ? upstream.read(bytes) : downstream.read(bytes)
                    state.withLock { index == 0 ? $0.fromClient.append(contentsOf: opcodes) : $0.fromServer.append(contentsOf: opcodes) }
                    var sent = 0
                    while sent < bytes.count {
                        let written = bytes.withUnsafeBytes { send(to, $0.baseAddress! + sent, bytes.count - sent, Int32(MSG_NOSIGNAL)) }
                        guard written > 0 else { return }
                        sent += written
                    }
                }
            }
        }
    }

    /// Finds the WebSocket frames in one direction of a connection, after the HTTP upgrade.
    struct FrameReader {
        private var upgraded = false
        private var buffer: [UInt8] = []

        /// The opcodes of the frames completed by `bytes`.
        mutating func read(_ bytes: [UInt8]) -> [UInt8] {
            buffer += bytes
            if !upgraded {
                guard let end = buffer.firstRange(of: Array("\r\n\r\n".utf8))?.upperBound else { return [] }
                upgraded = true
                buffer.removeFirst(end)
            }
            var opcodes: [UInt8] = []
            while buffer.count >= 2 {
                let masked = buffer[1] & 0x80 != 0
                var length = Int(buffer[1] & 0x7F)
                var header = 2
                if length == 126 {
                    guard buffer.count >= 4 else { break }
                    length = Int(buffer[2]) << 8 | Int(buffer[3])
                    header = 4
                } else if length == 127 {
                    guard buffer.count >= 10 else { break }
                    length = buffer[2..<10].reduce(0) { $0 << 8 | Int($1) }
                    header = 10
                }
                let total = header + (masked ? 4 : 0) + length
                guard buffer.count >= total else { break }
                opcodes.append(buffer[0] & 0x0F)
                buffer.removeFirst(total)
            }
            return opcodes
        }
    }

#endif
