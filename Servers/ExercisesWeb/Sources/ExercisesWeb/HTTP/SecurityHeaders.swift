import HTTPTypes
import Hummingbird

/// Every response: the Content-Security-Policy and the headers that keep a page in its own
/// origin (no sniffing, no framing, no referrer sent elsewhere).
struct SecurityHeaders<Context: RequestContext>: RouterMiddleware {
    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        var response = try await next(request, context)
        response.headers[.contentSecurityPolicy] = LivePage.contentSecurityPolicy
        response.headers[.xContentTypeOptions] = "nosniff"
        if let referrer = HTTPField.Name("Referrer-Policy") { response.headers[referrer] = "no-referrer" }
        return response
    }
}
