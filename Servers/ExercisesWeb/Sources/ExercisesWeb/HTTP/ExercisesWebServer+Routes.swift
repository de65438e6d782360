import Hummingbird
import HummingbirdWebSocket

extension ExercisesWebServer {
    /// The HTTP router, as Hummingbird's examples build one: each controller adds its routes.
    func buildRouter() -> Router<BasicRequestContext> {
        let router = Router(context: BasicRequestContext.self)
        // Before the routes: a middleware applies to the routes added after it.
        router.add(middleware: SecurityHeaders())
        AssetController.bundled().addRoutes(to: router)
        HealthController(store: store, media: media, lobby: lobby).addRoutes(to: router)
        MediaController(media: media).addRoutes(to: router)
        PageController(store: store, language: language).addRoutes(to: router)
        return router
    }

    /// The router consulted for WebSocket upgrades: only the live socket.
    func buildSocketRouter() -> Router<LiveSocketRequestContext> {
        let router = Router(context: LiveSocketRequestContext.self)
        LiveSocketController(store: store, logger: logger, maxEventBytes: configuration.maxEventBytes).addRoutes(to: router)
        return router
    }
}
