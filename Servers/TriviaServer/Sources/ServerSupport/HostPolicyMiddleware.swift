import Hummingbird

/// ``HostPolicy`` in front of a router: a request whose `Host` is not one of the server's names
/// is answered with `refusal` (by default `421 Misdirected Request`, RFC 9110 §15.5.20: "not
/// able to produce a response for this target"), before any route runs. With `checksOrigin`
/// (on a WebSocket router) the `Origin` is checked too, and a refusal there means the upgrade
/// does not happen (hummingbird-websocket answers `400`).
public struct HostPolicyMiddleware<Context: RequestContext>: RouterMiddleware {
    let policy: HostPolicy
    let checksOrigin: Bool
    let refusal: @Sendable (Request) -> Response

    /// Checks `Host` (and `Origin` when `checksOrigin`) of every request against `policy`;
    /// `refusal` makes the answer to one that fails (the application's error body).
    public init(
        _ policy: HostPolicy, checksOrigin: Bool = false,
        refusal: @escaping @Sendable (Request) -> Response = { _ in Response(status: .misdirectedRequest) }
    ) {
        self.policy = policy
        self.checksOrigin = checksOrigin
        self.refusal = refusal
    }

    /// Answers `refusal` for a request that is not for this server; passes the others on.
    public func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        // HTTP/1's `Host` header, as Hummingbird reads it into the request's authority.
        let host = request.head.authority
        guard policy.allowsHost(host), !checksOrigin || policy.allowsOrigin(request.headers[.origin]) else {
            context.logger.debug("refused: not this server's host or origin", metadata: ["host": "\(host ?? "none")"])
            return refusal(request)
        }
        return try await next(request, context)
    }
}
