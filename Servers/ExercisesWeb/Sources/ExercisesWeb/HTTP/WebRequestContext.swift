import Hummingbird
import NIOCore

/// The request context of the HTTP router: Hummingbird's basic context plus the client's
/// address, which the per-client session cap counts by.
struct WebRequestContext: RequestContext, RemoteAddressRequestContext {
    var coreContext: CoreRequestContextStorage
    /// The peer's address (the client, or a proxy in front of the server).
    let remoteAddress: SocketAddress?

    init(source: ApplicationRequestContextSource) {
        coreContext = CoreRequestContextStorage(source: source)
        remoteAddress = source.channel.remoteAddress
    }
}
