import NIOCore
import WSCore

/// Joins WebSocket frames into messages within a size limit, for both ends of the Trivia
/// socket (the server's session and ``WebSocketTriviaConnection`` in the client library).
///
/// The limit is checked at every fragment, before the fragment is kept: a peer that sends a
/// message in endless continuation frames is stopped at the first fragment that would pass the
/// limit, not after the last one (there may be no last one). After that the rest of the message
/// is skipped without being kept, until its final fragment.
public struct WebSocketMessageAssembler: Sendable {
    /// What one more frame made.
    public enum Outcome: Sendable, Equatable {
        /// A message continues; nothing to do yet.
        case incomplete
        /// A whole message.
        case message(ByteBuffer)
        /// The message being assembled passed ``maxMessageBytes`` (`bytes` is at least how big
        /// it would have been); reported once per message, its remaining fragments are skipped.
        case tooLarge(bytes: Int)
    }

    /// The largest message accepted, all fragments together.
    public let maxMessageBytes: Int
    private var buffer = ByteBuffer()
    private var skipping = false

    public init(maxMessageBytes: Int) {
        self.maxMessageBytes = maxMessageBytes
    }

    /// Adds one frame of a message: the first one (text or binary) or a continuation.
    public mutating func append(_ frame: WebSocketDataFrame) -> Outcome {
        append(frame.data, continuation: frame.opcode == .continuation, fin: frame.fin)
    }

    /// Adds one frame's payload: `continuation` for the frames after a message's first, `fin`
    /// on its last.
    public mutating func append(_ data: ByteBuffer, continuation: Bool, fin: Bool) -> Outcome {
        if !continuation {
            buffer.clear()
            skipping = false
        }
        if skipping {
            if fin { skipping = false }
            return .incomplete
        }
        let total = buffer.readableBytes + data.readableBytes
        guard total <= maxMessageBytes else {
            buffer = ByteBuffer()  // release what was kept
            skipping = !fin
            return .tooLarge(bytes: total)
        }
        if fin, buffer.readableBytes == 0 { return .message(data) }  // one frame: no copy
        var data = data
        buffer.writeBuffer(&data)
        guard fin else { return .incomplete }
        defer { buffer = ByteBuffer() }
        return .message(buffer)
    }
}
