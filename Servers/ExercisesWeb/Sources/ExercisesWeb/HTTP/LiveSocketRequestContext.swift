import Hummingbird
import HummingbirdWebSocket

/// The request context of the WebSocket router: Hummingbird's basic WebSocket context, whose
/// route parameters name the session the socket drives.
struct LiveSocketRequestContext: RequestContext, WebSocketRequestContext {
    var coreContext: CoreRequestContextStorage
    let webSocket: WebSocketHandlerReference<Self>

    init(source: ApplicationRequestContextSource) {
        coreContext = CoreRequestContextStorage(source: source)
        webSocket = WebSocketHandlerReference()
    }
}
