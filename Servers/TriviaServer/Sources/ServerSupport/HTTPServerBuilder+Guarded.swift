import Hummingbird
import HummingbirdCore
import HummingbirdWebSocket

extension HTTPServerBuilder {
    /// Hummingbird's HTTP/1 server with WebSocket upgrades
    /// (`.http1WebSocketUpgrade(webSocketRouter:configuration:)`), every connection behind
    /// `connectionGuard`: the way both servers of this repository opt in, with one call.
    ///
    /// ```swift
    /// let connectionGuard = ConnectionGuard(limits: ConnectionGuardLimits(maxConnectionsPerClient: 32))
    /// let app = Application(
    ///     router: router,
    ///     server: .guardedHTTP1WebSocketUpgrade(
    ///         webSocketRouter: socketRouter, configuration: .init(http1: .init(idleTimeout: .seconds(30)), ws: webSocket),
    ///         connectionGuard: connectionGuard),
    ///     configuration: ApplicationConfiguration(
    ///         address: .hostname(host, port: port), availableConnectionsDelegate: connectionGuard.availableConnections))
    /// ```
    ///
    /// What every connection gets (``ConnectionGuardLimits`` has the numbers):
    /// - the per-client cap (``ConnectionGuard/admit(_:)``); the total cap is the
    ///   `availableConnectionsDelegate` above, which only the application's configuration can take;
    /// - the head and body deadlines, on every request of a kept-alive connection
    ///   (``ConnectionGuardHandler``);
    /// - on a WebSocket, RFC 6455's rules: a client frame without the mask bit closes with 1002,
    ///   text that is not UTF-8 with 1007, whether the application reads frames or messages
    ///   (``WebSocketClientFrameScanner``); `validateUTF8` is also turned on, so a control
    ///   frame's close reason is checked by the library too.
    ///
    /// Host names and origins (``HostPolicy``) and failed authentication (``FailureThrottle``)
    /// are the application's: they need its routes and its answers.
    public static func guardedHTTP1WebSocketUpgrade<WSResponderBuilder: HTTPResponderBuilder & _HB_SendableMetatype>(
        webSocketRouter: WSResponderBuilder,
        configuration: HTTP1WebSocketUpgradeChannel.Configuration = .init(),
        connectionGuard: ConnectionGuard
    ) -> HTTPServerBuilder where WSResponderBuilder.Responder.Context: WebSocketRequestContext {
        var webSocket = configuration.ws
        webSocket.validateUTF8 = true
        let configuration = HTTP1WebSocketUpgradeChannel.Configuration(http1: configuration.http1, ws: webSocket)
        let webSocketResponder = webSocketRouter.buildResponder()
        return HTTPServerBuilder { responder in
            GuardedChildChannel(
                HTTP1WebSocketUpgradeChannel(responder: responder, webSocketResponder: webSocketResponder, configuration: configuration),
                connectionGuard: connectionGuard)
        }
    }
}
