import Hummingbird
import HummingbirdWebSocket
import Trivia
import TriviaHost

extension TriviaServer {
    /// The HTTP router, as Hummingbird's examples build one: each controller adds its routes,
    /// and ``DocumentedErrorsMiddleware`` answers every other request with the documented `404`
    /// or `405`.
    func buildRouter() -> Router<BasicRequestContext> {
        let router = Router(context: BasicRequestContext.self, options: .autoGenerateHeadEndpoints)
        router.add(middleware: DocumentedErrorsMiddleware())
        HealthController(status: { await self.status() }).addRoutes(to: router)
        WildcardBalanceController(authenticator: accounts.authenticator, balance: { [backend] user in await backend.balance(of: user) })
            .addRoutes(to: router)
        SocketController.addPlainRoutes(to: router)
        return router
    }

    /// The router consulted for WebSocket upgrades: only the socket route.
    func buildSocketRouter(session: SocketSession) -> Router<TriviaSocketRequestContext> {
        let router = Router(context: TriviaSocketRequestContext.self)
        SocketController(session: session).addRoutes(to: router)
        return router
    }
}
