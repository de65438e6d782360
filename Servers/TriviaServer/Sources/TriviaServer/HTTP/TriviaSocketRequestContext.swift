import Hummingbird
import HummingbirdWebSocket
import NIOCore

/// The request context of the WebSocket router: Hummingbird's basic WebSocket context plus
/// the connection's channel, which the session needs to add its ``FrameWriter`` next to the
/// pipeline's head once the upgrade is done.
struct TriviaSocketRequestContext: RequestContext, WebSocketRequestContext {
    var coreContext: CoreRequestContextStorage
    let webSocket: WebSocketHandlerReference<Self>
    /// The HTTP connection being upgraded (the same channel carries the WebSocket).
    let channel: any Channel

    init(source: ApplicationRequestContextSource) {
        coreContext = CoreRequestContextStorage(source: source)
        webSocket = WebSocketHandlerReference()
        channel = source.channel
    }
}
