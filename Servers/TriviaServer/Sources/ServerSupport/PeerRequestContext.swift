import Hummingbird
import NIOCore

/// The request context of both servers' routers: Hummingbird's basic context plus the peer's
/// address, which the per-client limits count by (trivia-server's failure throttle,
/// exercises-web's session share).
public struct PeerRequestContext: RequestContext, RemoteAddressRequestContext {
    /// Hummingbird's storage for the request (logger, allocator, parameters).
    public var coreContext: CoreRequestContextStorage
    /// The connection's peer: the client, or a proxy in front of the server.
    public let remoteAddress: SocketAddress?

    /// The context of a request that arrived on `source`'s channel.
    public init(source: ApplicationRequestContextSource) {
        coreContext = CoreRequestContextStorage(source: source)
        remoteAddress = source.channel.remoteAddress
    }
}
