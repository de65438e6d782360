import Trivia

/// What a connection's writer does next: send a message, or close the socket.
enum OutboundCommand: Sendable {
    case send(ServerEnvelope)
    case close(TriviaCloseCode)
}
