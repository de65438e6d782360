import NIOCore
import NIOWebSocket

/// What a WebSocket client owes the server by RFC 6455, for the load generators' channel handlers
/// that speak the protocol themselves (`trivia-load`'s bots, `exercises-web-load`'s sessions):
/// a pong for every ping, a close for a close it did not start, and every frame masked.
public enum WebSocketClientFrames {
    /// The reply `frame` calls for: a pong with the ping's data, or a normal close answering the
    /// server's close when the client has not sent one (`closeSent`); `nil` for any other frame.
    public static func reply(to frame: WebSocketFrame, closeSent: Bool, allocator: ByteBufferAllocator) -> WebSocketFrame? {
        switch frame.opcode {
        case .ping: WebSocketFrame(fin: true, opcode: .pong, data: frame.unmaskedData)
        case .connectionClose where !closeSent: normalClose(allocator: allocator)
        default: nil
        }
    }

    /// A close frame with status 1000 (normal closure).
    public static func normalClose(allocator: ByteBufferAllocator) -> WebSocketFrame {
        var data = allocator.buffer(capacity: 2)
        data.write(webSocketErrorCode: .normalClosure)
        return WebSocketFrame(fin: true, opcode: .connectionClose, data: data)
    }

    /// Writes `frame` with a fresh masking key, as a client must (§5.3), and flushes it.
    public static func write(_ frame: WebSocketFrame, to context: ChannelHandlerContext) {
        var frame = frame
        frame.maskKey = .random()
        context.writeAndFlush(NIOAny(frame), promise: nil)
    }
}
