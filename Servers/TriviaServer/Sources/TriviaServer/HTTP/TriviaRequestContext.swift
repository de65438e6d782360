import Hummingbird
import NIOCore

/// The request context of the HTTP router: Hummingbird's basic context plus the client's
/// address, which the failure throttle counts wrong tokens by.
struct TriviaRequestContext: RequestContext, RemoteAddressRequestContext {
    var coreContext: CoreRequestContextStorage
    /// The connection's peer.
    let remoteAddress: SocketAddress?

    init(source: ApplicationRequestContextSource) {
        coreContext = CoreRequestContextStorage(source: source)
        remoteAddress = source.channel.remoteAddress
    }
}
