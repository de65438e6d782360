import NIOCore
import Trivia

/// What a connection's writer does next: send a frame, or close the socket.
enum OutboundCommand: Sendable {
    /// A text frame's bytes, encoded by ``ConnectionTable`` (a broadcast's frames share one
    /// buffer).
    case send(ByteBuffer)
    case close(TriviaCloseCode)
}
