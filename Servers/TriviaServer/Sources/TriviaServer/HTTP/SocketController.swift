import Hummingbird
import HummingbirdWebSocket
import SharedNetworking
import Trivia
import TriviaHost

/// `GET /v1/competitions/{competition}/socket`: the WebSocket of `Docs/Trivia/Protocol.md`.
///
/// The upgrade is routed on its own router (hummingbird-websocket's `ws` route): a request
/// that matches is upgraded and its connection run by ``SocketSession``, whatever competition it
/// names (a socket for another one is refused at its first message, with `error` and 4404, so
/// that a client is told not to reconnect); one that does not match (another path) is refused
/// by hummingbird-websocket itself with an empty `400` (it offers no hook for that answer), as
/// the protocol document says. A plain `GET` of a socket path without an upgrade is
/// `426 Upgrade Required`.
struct SocketController {
    let session: SocketSession

    /// The upgrade route.
    func addRoutes(to router: Router<TriviaSocketRequestContext>) {
        router.ws(TriviaRoutes.socket) { _, context in
            guard let segment = context.parameters.get("competition"), PathSegment.decode(segment) != nil else { return .dontUpgrade }
            return .upgrade([:])
        } onUpgrade: { [session] inbound, outbound, context in
            let segment = context.requestContext.parameters.get("competition") ?? ""
            let requested = CompetitionID(PathSegment.decode(segment) ?? segment)
            await session.run(requested: requested, inbound: inbound, outbound: outbound, channel: context.requestContext.channel)
        }
    }

    /// The same path on the HTTP router, for a request that did not ask for an upgrade.
    static func addPlainRoutes<Context: RequestContext>(to router: Router<Context>) {
        router.get(TriviaRoutes.socket) { _, _ in
            Response.triviaJSON(
                .upgradeRequired,
                TriviaHTTPErrorBody(code: "upgradeRequired", message: "this path is a WebSocket: send an upgrade request"),
                headers: [.upgrade: "websocket"])
        }
    }
}
