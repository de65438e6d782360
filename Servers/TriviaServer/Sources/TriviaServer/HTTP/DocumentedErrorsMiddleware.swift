import Hummingbird
import Trivia
import TriviaHost

/// Turns the router's "no route" into the documented answers: `405` with an `Allow` header when
/// the path is one of ``TriviaRoutes`` asked with another method, the JSON `404` otherwise.
///
/// Hummingbird's router answers both with a bare `404`. Which paths exist is asked of a second
/// router holding the same route paths for `GET` only (`probe`), so the paths are matched by
/// Hummingbird's trie, not compared as strings here.
struct DocumentedErrorsMiddleware<Context: RequestContext>: RouterMiddleware {
    private let probe: RouterResponder<Context>

    init() {
        let probe = Router(context: Context.self)
        for path in TriviaRoutes.all {
            probe.get(path) { _, _ in Response(status: .methodNotAllowed) }
        }
        self.probe = probe.buildResponder()
    }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        do {
            return try await next(request, context)
        } catch let error as HTTPError where error.status == .notFound {
            var head = request.head
            head.method = .get
            let asGET = Request(head: head, body: RequestBody(buffer: ByteBuffer()))
            if request.method != .get, (try? await probe.respond(to: asGET, context: context))?.status == .methodNotAllowed {
                return Response.triviaJSON(.methodNotAllowed, TriviaHTTPErrorBody.methodNotAllowed, headers: [.allow: TriviaRoutes.allowed])
            }
            return Response.triviaJSON(
                .notFound, TriviaHTTPErrorBody.notFound(path: request.uri.path.removingPercentEncoding ?? request.uri.path))
        }
    }
}
