import HummingbirdCore
import Logging
import NIOCore

/// A Hummingbird child channel (`Wrapped`, the HTTP/1 channel with its WebSocket upgrade) behind
/// a ``ConnectionGuard``: a connection over its client's cap is closed as soon as it is accepted,
/// and every other one gets a ``ConnectionGuardHandler`` at the front of its pipeline before the
/// wrapped channel sets up its own handlers, so the guard sees every byte from the first, and
/// the WebSocket's frames after the upgrade.
///
/// Made by ``HummingbirdCore/HTTPServerBuilder/guardedHTTP1WebSocketUpgrade(webSocketRouter:configuration:connectionGuard:)``;
/// public only because `HTTPServerBuilder` builds channels of public types.
public struct GuardedChildChannel<Wrapped: ServerChildChannel>: ServerChildChannel {
    /// The wrapped channel's value, or none for a connection refused at once.
    public struct Value: ServerChildChannelValue {
        /// The connection.
        public let channel: any Channel
        let wrapped: Wrapped.Value?
    }

    let wrapped: Wrapped
    let connectionGuard: ConnectionGuard

    /// `wrapped` behind `connectionGuard`.
    public init(_ wrapped: Wrapped, connectionGuard: ConnectionGuard) {
        self.wrapped = wrapped
        self.connectionGuard = connectionGuard
    }

    /// Counts the connection against its client's cap (closing it when over), adds the guard's
    /// handler first, then lets the wrapped channel set up the rest.
    public func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        let client = ClientAddress(channel.remoteAddress)
        guard connectionGuard.admit(client) else {
            logger.debug("connection refused: its client holds the most it may", metadata: ["client": "\(client)"])
            channel.close(promise: nil)
            return channel.eventLoop.makeSucceededFuture(Value(channel: channel, wrapped: nil))
        }
        channel.closeFuture.whenComplete { [connectionGuard] _ in connectionGuard.release(client) }
        do {
            try channel.pipeline.syncOperations.addHandler(ConnectionGuardHandler(limits: connectionGuard.limits), position: .first)
        } catch {
            return channel.eventLoop.makeFailedFuture(error)
        }
        return wrapped.setup(channel: channel, logger: logger).map { Value(channel: channel, wrapped: $0) }
    }

    /// Runs the wrapped channel's connection; nothing for a refused one.
    public func handle(value: Value, logger: Logger) async {
        guard let inner = value.wrapped else { return }
        await wrapped.handle(value: inner, logger: logger)
    }
}
