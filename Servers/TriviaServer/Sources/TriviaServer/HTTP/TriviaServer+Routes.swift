import Hummingbird
import HummingbirdWebSocket
import ServerSupport
import Trivia
import TriviaHost

extension TriviaServer {
    /// The HTTP router, as Hummingbird's examples build one: ``HostPolicyMiddleware`` first (a
    /// request for a name that is not this server's is `421`, JSON `misdirectedRequest`), each
    /// controller adds its routes, and ``DocumentedErrorsMiddleware`` answers every other
    /// request with the documented `404` or `405`.
    func buildRouter() -> Router<PeerRequestContext> {
        let router = Router(context: PeerRequestContext.self, options: .autoGenerateHeadEndpoints)
        router.add(middleware: HostPolicyMiddleware(configuration.hostPolicy, refusal: Self.misdirected))
        router.add(middleware: DocumentedErrorsMiddleware())
        HealthController(status: { await self.status() }).addRoutes(to: router)
        WildcardBalanceController(
            authenticator: authenticator, balance: { [backend] user in await backend.balance(of: user) }, throttle: throttle, clock: clock
        )
        .addRoutes(to: router)
        SocketController.addPlainRoutes(to: router)
        return router
    }

    /// The router consulted for WebSocket upgrades: only the socket route, behind the host
    /// policy with its `Origin` rule (a refused upgrade is hummingbird-websocket's empty `400`).
    func buildSocketRouter(session: SocketSession) -> Router<TriviaSocketRequestContext> {
        let router = Router(context: TriviaSocketRequestContext.self)
        router.add(middleware: HostPolicyMiddleware(configuration.hostPolicy, checksOrigin: true))
        SocketController(session: session).addRoutes(to: router)
        return router
    }

    /// The answer to a request for another host's name.
    @Sendable static func misdirected(_ request: Request) -> Response {
        Response.triviaJSON(
            .misdirectedRequest,
            TriviaHTTPErrorBody(code: "misdirectedRequest", message: "this server does not answer for that host name: use its address"))
    }
}
