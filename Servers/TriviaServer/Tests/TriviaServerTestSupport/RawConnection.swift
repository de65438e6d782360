import NIOCore
import NIOPosix
import Synchronization

/// A plain TCP connection from a chosen local address (127.0.0.2 is a second client on this
/// machine): bytes written as the test writes them, bytes read as they come, and whether and
/// when the server closed it.
public final class RawConnection: Sendable {
    /// A connection that could not do what the test needed.
    public struct Failure: Error, CustomStringConvertible {
        /// What a failing test prints.
        public let description: String
        /// A failure saying `description`.
        public init(_ description: String) { self.description = description }
    }

    private struct State {
        var received: [UInt8] = []
        var closed = false
    }

    private let channel: any Channel
    private let collector: Collector

    private init(channel: any Channel, collector: Collector) {
        self.channel = channel
        self.collector = collector
    }

    /// Connects to `127.0.0.1:port` from `local`.
    public static func open(port: Int, from local: String = "127.0.0.1") async throws -> RawConnection {
        let collector = Collector()
        let channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .bind(to: try SocketAddress(ipAddress: local, port: 0))
            .channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture { try channel.pipeline.syncOperations.addHandler(collector) }
            }
            .connect(host: "127.0.0.1", port: port).get()
        return RawConnection(channel: channel, collector: collector)
    }

    /// Writes `text` as UTF-8.
    public func send(_ text: String) async throws {
        try await send(Array(text.utf8))
    }

    /// Writes `bytes` as they are.
    public func send(_ bytes: [UInt8]) async throws {
        try await channel.writeAndFlush(ByteBuffer(bytes: bytes)).get()
    }

    /// Every byte received so far.
    public var received: [UInt8] { collector.state.withLock { $0.received } }
    /// The bytes received so far, as text.
    public var receivedText: String { String(decoding: received, as: UTF8.self) }
    /// Whether the connection has closed.
    public var isClosed: Bool { collector.state.withLock { $0.closed } }

    /// Waits until the server closes the connection; `false` when it is still open after `seconds`.
    public func closed(within seconds: Double) async -> Bool {
        await waitFor(seconds) { self.isClosed }
    }

    /// Waits until `count` bytes or more arrived (or the connection closed).
    public func waitForBytes(_ count: Int, within seconds: Double = 10) async -> Bool {
        await waitFor(seconds) { self.received.count >= count || self.isClosed }
        return received.count >= count
    }

    /// Waits until `text` was received.
    public func waitFor(text: String, within seconds: Double = 10) async -> Bool {
        await waitFor(seconds) { self.receivedText.contains(text) || self.isClosed }
        return receivedText.contains(text)
    }

    /// Closes from this side.
    public func close() {
        channel.close(promise: nil)
    }

    @discardableResult
    private func waitFor(_ seconds: Double, _ condition: @Sendable () -> Bool) async -> Bool {
        let clock = ContinuousClock()
        let end = clock.now + .milliseconds(Int64(seconds * 1000))
        while clock.now < end {
            if condition() { return true }
            try? await Task.sleep(for: .milliseconds(20))
        }
        return condition()
    }

    private final class Collector: ChannelInboundHandler, Sendable {
        typealias InboundIn = ByteBuffer
        let state = Mutex(State())

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            let buffer = unwrapInboundIn(data)
            state.withLock { $0.received += buffer.readableBytesView }
        }

        func channelInactive(context: ChannelHandlerContext) {
            state.withLock { $0.closed = true }
        }
    }
}

/// Client frames as RFC 6455 §5.2 lays them out, masked or not.
public enum ClientFrame {
    /// A WebSocket upgrade request for `path`, with `host` and, unless `nil`, `origin`.
    public static func upgradeRequest(path: String = "/ws", host: String = "127.0.0.1", origin: String? = nil) -> String {
        "GET \(path) HTTP/1.1\r\nHost: \(host)\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
            + (origin.map { "Origin: \($0)\r\n" } ?? "")
            + "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n"
    }

    /// A frame with `opcode` carrying `payload`, masked with a fixed key unless `masked` is false.
    public static func frame(opcode: UInt8, _ payload: [UInt8], fin: Bool = true, masked: Bool = true) -> [UInt8] {
        var bytes: [UInt8] = [(fin ? 0x80 : 0) | opcode]
        let maskBit: UInt8 = masked ? 0x80 : 0
        switch payload.count {
        case ..<126: bytes.append(maskBit | UInt8(payload.count))
        case ..<65_536: bytes += [maskBit | 126, UInt8(payload.count >> 8), UInt8(payload.count & 0xFF)]
        default: bytes += [maskBit | 127] + (0..<8).reversed().map { UInt8((payload.count >> ($0 * 8)) & 0xFF) }
        }
        guard masked else { return bytes + payload }
        let key: [UInt8] = [0x37, 0xFA, 0x21, 0x3D]
        return bytes + key + payload.enumerated().map { $0.element ^ key[$0.offset & 3] }
    }

    /// The close code of the first close frame in `bytes` (after a `101` response's head).
    public static func closeCode(in bytes: [UInt8]) -> UInt16? {
        guard let end = findHeadEnd(bytes) else { return nil }
        var index = end
        while index + 2 <= bytes.count {
            let opcode = bytes[index] & 0x0F
            var length = Int(bytes[index + 1] & 0x7F)
            var start = index + 2
            if length == 126, start + 2 <= bytes.count {
                length = Int(bytes[start]) << 8 | Int(bytes[start + 1])
                start += 2
            } else if length == 127 {
                return nil
            }
            if opcode == 0x8 {
                guard length >= 2, start + 2 <= bytes.count else { return nil }
                return UInt16(bytes[start]) << 8 | UInt16(bytes[start + 1])
            }
            index = start + length
        }
        return nil
    }

    /// Where the first `\r\n\r\n` of `bytes` ends.
    public static func findHeadEnd(_ bytes: [UInt8]) -> Int? {
        guard bytes.count >= 4 else { return nil }
        for index in 0...(bytes.count - 4) where bytes[index..<index + 4].elementsEqual([13, 10, 13, 10]) { return index + 4 }
        return nil
    }
}
