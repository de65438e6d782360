import Foundation
import Synchronization
import Trivia

/// Connects clients to a ``TriviaHost`` in the same process, through the same bytes a socket
/// would carry (every message is encoded and decoded with ``/Trivia/TriviaCodec``).
///
/// Tests use it to run the real client driver against the real host, and to break things on
/// purpose: ``sever(_:)`` drops a connection as a network would, ``refusesConnections`` makes
/// connecting fail.
public final class InMemoryTriviaNetwork: Sendable {
    /// The host every connection talks to.
    public let host: TriviaHost
    let codec: TriviaCodec
    private let routes = Routes()
    private let router: Task<Void, Never>

    private struct State {
        var connections: [ConnectionID: AsyncStream<TriviaConnectionEvent>.Continuation] = [:]
        var refusesConnections = false
    }

    /// The routing table, shared with the router task.
    private final class Routes: Sendable {
        let state = Mutex(State())
    }

    /// A network in front of `host`, with no connection yet.
    public init(host: TriviaHost, codec: TriviaCodec = TriviaCodec()) {
        self.host = host
        self.codec = codec
        let routes = self.routes
        self.router = Task {
            for await output in host.outputs {
                Self.route(output, routes: routes, codec: codec)
            }
        }
    }

    deinit {
        router.cancel()
    }

    /// A transport whose connections reach this network's host.
    public func transport() -> InMemoryTriviaTransport {
        InMemoryTriviaTransport(network: self)
    }

    /// When `true`, `connect()` fails as if the host were unreachable.
    public var refusesConnections: Bool {
        get { routes.state.withLock { $0.refusesConnections } }
        set { routes.state.withLock { $0.refusesConnections = newValue } }
    }

    /// Connections currently open.
    public var openConnections: [ConnectionID] {
        routes.state.withLock { $0.connections.keys.sorted() }
    }

    /// Drops `connection` as a network failure would: the host sees a disconnect and the
    /// client's `incoming` ends with an error.
    public func sever(_ connection: ConnectionID) async {
        finish(connection, with: .closed("network connection lost"))
        await host.disconnect(connection)
    }

    func open() async throws(TriviaTransportError) -> InMemoryTriviaConnection {
        guard !refusesConnections else { throw .connectionFailed("the in-memory host refused the connection") }
        let id = await host.openConnection()
        let (stream, continuation) = AsyncStream.makeStream(of: TriviaConnectionEvent.self)
        routes.state.withLock { $0.connections[id] = continuation }
        return InMemoryTriviaConnection(id: id, network: self, incoming: stream)
    }

    func isOpen(_ connection: ConnectionID) -> Bool {
        routes.state.withLock { $0.connections[connection] != nil }
    }

    func finish(_ connection: ConnectionID, with error: TriviaTransportError?) {
        let continuation = routes.state.withLock { $0.connections.removeValue(forKey: connection) }
        continuation?.yield(.closed(error))
        continuation?.finish()
    }

    private static func route(_ output: HostOutput, routes: Routes, codec: TriviaCodec) {
        switch output {
        case .send(let envelope, let connection):
            let continuation = routes.state.withLock { $0.connections[connection] }
            continuation?.yield(.frame(codec.encode(envelope)))
        case .broadcast(let broadcast):
            for recipient in broadcast.recipients {
                let continuation = routes.state.withLock { $0.connections[recipient.connection] }
                continuation?.yield(.frame(Data(broadcast.message.frame(for: recipient.copy))))
            }
        case .close(let connection, let reason):
            let continuation = routes.state.withLock { $0.connections.removeValue(forKey: connection) }
            continuation?.yield(.closed(.closed("closed by the host (\(reason))")))
            continuation?.finish()
        }
    }
}

/// The ``/Trivia/TriviaTransport`` of an ``InMemoryTriviaNetwork``.
public struct InMemoryTriviaTransport: TriviaTransport {
    /// The network connections are opened on.
    public let network: InMemoryTriviaNetwork

    /// Opens a connection to the host; fails while ``InMemoryTriviaNetwork/refusesConnections`` is set.
    public func connect() async throws(TriviaTransportError) -> any TriviaConnection {
        try await network.open()
    }
}

/// One in-memory connection.
public final class InMemoryTriviaConnection: TriviaConnection {
    /// The host's id for this connection.
    public let id: ConnectionID
    /// Frames from the host, then `closed` once.
    public let incoming: AsyncStream<TriviaConnectionEvent>
    private let network: InMemoryTriviaNetwork

    init(id: ConnectionID, network: InMemoryTriviaNetwork, incoming: AsyncStream<TriviaConnectionEvent>) {
        self.id = id
        self.network = network
        self.incoming = incoming
    }

    /// Delivers `frame` to the host; fails once the connection is closed.
    public func send(_ frame: Data) async throws(TriviaTransportError) {
        guard network.isOpen(id) else { throw .closed("the connection is closed") }
        await network.host.receive(frame, from: id)
    }

    /// Closes the connection on both sides.
    public func close() async {
        guard network.isOpen(id) else { return }
        network.finish(id, with: nil)
        await network.host.disconnect(id)
    }
}
