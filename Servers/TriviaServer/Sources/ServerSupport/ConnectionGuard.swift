import HummingbirdCore
import Synchronization

/// The connections a server holds, counted per client, under one ``ConnectionGuardLimits``.
///
/// One guard per server, shared by every connection (a `Mutex` over a small dictionary, touched
/// once when a connection opens and once when it closes). It is what
/// ``HummingbirdCore/HTTPServerBuilder/guardedHTTP1WebSocketUpgrade(webSocketRouter:configuration:connectionGuard:)``
/// consults for the per-client cap; the total cap is Hummingbird's own back-pressure
/// (``availableConnections``), given to the application's configuration.
public final class ConnectionGuard: Sendable {
    /// The limits every connection is held to.
    public let limits: ConnectionGuardLimits
    private let open = Mutex<[ClientAddress: Int]>([:])

    /// A guard enforcing `limits`.
    public init(limits: ConnectionGuardLimits = ConnectionGuardLimits()) {
        self.limits = limits
    }

    /// Counts a connection from `client`, or refuses it (`false`) when the client already holds
    /// ``ConnectionGuardLimits/maxConnectionsPerClient``. Every admitted connection is
    /// ``release(_:)``d once.
    public func admit(_ client: ClientAddress) -> Bool {
        open.withLock { open in
            let count = open[client, default: 0]
            guard count < limits.maxConnectionsPerClient else { return false }
            open[client] = count + 1
            return true
        }
    }

    /// A connection admitted for `client` has closed.
    public func release(_ client: ClientAddress) {
        open.withLock { open in
            guard let count = open[client] else { return }
            open[client] = count > 1 ? count - 1 : nil
        }
    }

    /// Connections `client` holds open now.
    public func openConnections(from client: ClientAddress) -> Int {
        open.withLock { $0[client, default: 0] }
    }

    /// Clients holding at least one connection (memory is one entry per such client, never more).
    public var clientCount: Int { open.withLock { $0.count } }

    /// Hummingbird's cap on all connections, at ``ConnectionGuardLimits/maxConnections``: pass it
    /// as `ApplicationConfiguration(availableConnectionsDelegate:)`. At the cap the server stops
    /// accepting until a connection closes; newcomers wait in the listen backlog.
    public var availableConnections: MaximumAvailableConnections {
        MaximumAvailableConnections(limits.maxConnections)
    }
}
