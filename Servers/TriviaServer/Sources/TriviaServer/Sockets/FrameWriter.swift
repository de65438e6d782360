import NIOCore

/// Writes whole WebSocket frames, header included, straight to a connection's socket.
///
/// A broadcast to 10,000 players is 10,000 writes. Written as `WebSocketFrame`s from the
/// pipeline's tail, each one crossed every outbound handler (the async channel's, then
/// NIO's frame encoder, which wrote the header into a buffer of its own, so each frame left
/// as two pieces) and each flush crossed them again: a third of the server's CPU in a
/// fan-out, measured with `perf`, was that walk (Docs/TriviaServer/Measurements.md). The table renders every
/// frame with its header already in place (``WebSocketTextFrame``), and this handler, added next
/// to the pipeline's head, hands those bytes to the socket directly: one buffer and one
/// `writev` per connection per batch.
///
/// Every other write (NIO's pongs, the close handshake) passes through it untouched (the
/// protocol's default forwarding); frames keep their order because everything is written on
/// the channel's event loop.
final class FrameWriter: ChannelOutboundHandler {
    typealias OutboundIn = IOData

    private var context: ChannelHandlerContext?

    func handlerAdded(context: ChannelHandlerContext) {
        self.context = context
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        self.context = nil
    }

    /// Queues `frame` (a whole frame: header and payload). On the channel's event loop.
    func write(_ frame: ByteBuffer) {
        context?.write(NIOAny(frame), promise: nil)
    }

    /// Sends what was queued. On the channel's event loop.
    func flush() {
        context?.flush()
    }

    /// Adds a writer next to `channel`'s head and returns it, bound to the channel's event loop.
    static func install(on channel: any Channel) -> EventLoopFuture<NIOLoopBound<FrameWriter>> {
        channel.eventLoop.submit {
            let writer = FrameWriter()
            try channel.pipeline.syncOperations.addHandler(writer, position: .first)
            return NIOLoopBound(writer, eventLoop: channel.eventLoop)
        }
    }
}

/// The bytes of an unmasked WebSocket text frame, as a server sends it (RFC 6455 §5.2).
enum WebSocketTextFrame {
    /// The largest header: two bytes, then a 64-bit length.
    static let maxHeaderBytes = 10

    /// Appends the header of a final text frame carrying `length` bytes to `buffer`.
    static func writeHeader(length: Int, into buffer: inout ByteBuffer) {
        buffer.writeInteger(UInt8(0x81))  // FIN, opcode 1 (text)
        switch length {
        case ..<126:
            buffer.writeInteger(UInt8(length))
        case ..<65_536:
            buffer.writeInteger(UInt8(126))
            buffer.writeInteger(UInt16(length))
        default:
            buffer.writeInteger(UInt8(127))
            buffer.writeInteger(UInt64(length))
        }
    }

    /// A whole frame carrying `payload`.
    static func frame(_ payload: [UInt8]) -> ByteBuffer {
        var buffer = ByteBuffer()
        buffer.reserveCapacity(payload.count + maxHeaderBytes)
        writeHeader(length: payload.count, into: &buffer)
        buffer.writeBytes(payload)
        return buffer
    }
}
