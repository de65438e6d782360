import Hummingbird
import SharedNetworking
import Trivia
import TriviaHost

/// `GET /v1/users/{user}/wildcards`: the route finds the user (one percent-encoded path
/// segment), ``TriviaHost/WildcardBalanceEndpoint`` checks the token exactly as the in-process
/// endpoint does, and the body is the documented one.
struct WildcardBalanceController<Context: RequestContext> {
    let authenticator: any TriviaAuthenticator
    /// The balance of a user whose token checked out.
    let balance: @Sendable (UserID) async -> Int

    func addRoutes(to router: Router<Context>) {
        router.get(TriviaRoutes.wildcards) { request, context in
            // The parameter is the raw segment: `%2F` in a user id stays inside it.
            guard let segment = context.parameters.get("user"), let user = PathSegment.decode(segment) else {
                return Response.triviaJSON(.notFound, TriviaHTTPErrorBody.notFound(path: request.uri.path))
            }
            let authorization = request.headers[.authorization]
            switch WildcardBalanceEndpoint.check(user: UserID(user), authorization: authorization, authenticator: authenticator) {
            case .failure(let refusal):
                return Response.triviaJSON(HTTPResponse.Status(code: refusal.status), refusal.body)
            case .success(let user):
                return Response.triviaJSON(.ok, WildcardBalance(user: user, balance: await balance(user)))
            }
        }
    }
}
