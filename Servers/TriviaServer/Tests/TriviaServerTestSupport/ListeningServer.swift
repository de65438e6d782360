import TriviaServer

/// A ``TriviaServer`` started on the tests' behalf, once it listens.
public struct ListeningServer: Sendable {
    /// The server.
    public let server: TriviaServer
    /// The port it listens on (the system's choice for port 0).
    public let port: Int
    /// The task running it; it ends when the server has shut down.
    public let running: Task<Void, any Error>

    /// Runs `server` and returns once it listens; throws if it stops before.
    public static func start(_ server: TriviaServer) async throws -> ListeningServer {
        let (ports, continuation) = AsyncStream.makeStream(of: Int.self)
        let running = Task {
            defer { continuation.finish() }
            try await server.run { port in continuation.yield(port) }
        }
        var iterator = ports.makeAsyncIterator()
        guard let port = await iterator.next() else {
            try await running.value
            throw NotListening()
        }
        return ListeningServer(server: server, port: port, running: running)
    }

    /// The server stopped before it listened.
    public struct NotListening: Error, CustomStringConvertible {
        /// What a failing test prints.
        public var description: String { "the server stopped before listening" }
    }
}
