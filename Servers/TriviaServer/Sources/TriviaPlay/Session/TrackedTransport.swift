import Synchronization
import Trivia
import TriviaHost

/// The view-model's transport, remembering the last connection it opened, so that leaving the
/// game can wait for that connection's close handshake.
///
/// ``TriviaViewModel/stop()`` closes its connection in a background task and returns at once;
/// a process that exited right then would cut the socket instead of closing it. A second
/// `close()` of a `WebSocketTriviaConnection` waits for the same end as the first, so
/// ``closeLatest()`` returns when the handshake is done.
public final class TrackedTransport: TriviaTransport {
    private let base: any TriviaTransport
    private let latest = Mutex<(any TriviaConnection)?>(nil)

    /// Wraps `base`.
    public init(_ base: any TriviaTransport) {
        self.base = base
    }

    /// Opens a connection through the wrapped transport and remembers it.
    public func connect() async throws(TriviaTransportError) -> any TriviaConnection {
        let connection = try await base.connect()
        latest.withLock { $0 = connection }
        return connection
    }

    /// Closes the last connection opened (if any) and returns when it has ended.
    public func closeLatest() async {
        await latest.withLock { $0 }?.close()
    }
}
