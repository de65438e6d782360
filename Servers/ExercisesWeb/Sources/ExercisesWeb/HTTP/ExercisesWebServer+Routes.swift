import Hummingbird
import HummingbirdWebSocket
import ServerSupport

extension ExercisesWebServer {
    /// The HTTP router, as Hummingbird's examples build one: each controller adds its routes.
    func buildRouter() -> Router<PeerRequestContext> {
        let router = Router(context: PeerRequestContext.self)
        // Before the routes: a middleware applies to the routes added after it. A request for
        // another name than this server's is refused before anything else (DNS rebinding).
        router.add(middleware: SecurityHeaders())
        router.add(middleware: HostPolicyMiddleware(hostPolicy))
        AssetController.bundled().addRoutes(to: router)
        HealthController(store: store, media: media, lobby: lobby).addRoutes(to: router)
        MediaController(media: media).addRoutes(to: router)
        PageController(store: store, language: language, hostPolicy: hostPolicy).addRoutes(to: router)
        return router
    }

    /// The router consulted for WebSocket upgrades: only the live socket.
    func buildSocketRouter() -> Router<LiveSocketRequestContext> {
        let router = Router(context: LiveSocketRequestContext.self)
        LiveSocketController(store: store, logger: logger, maxEventBytes: configuration.maxEventBytes, hostPolicy: hostPolicy)
            .addRoutes(to: router)
        return router
    }
}
