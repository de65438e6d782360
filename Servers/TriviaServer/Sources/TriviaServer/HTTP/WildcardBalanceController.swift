import Foundation
import Hummingbird
import ServerSupport
import SharedNetworking
import Trivia
import TriviaHost

/// `GET /v1/users/{user}/wildcards`: the route finds the user (one percent-encoded path
/// segment), ``TriviaHost/WildcardBalanceEndpoint`` checks the token exactly as the in-process
/// endpoint does, and the body is the documented one.
///
/// Unknown tokens (401) count against the client's address in ``throttle``: past a few the
/// answer is delayed, past a few more it is `429` with `Retry-After` and `tooManyAttempts`,
/// without the token being looked at. A 403 (a real token, another user's path) does not count:
/// its holder guessed nothing.
struct WildcardBalanceController<Context: RemoteAddressRequestContext> {
    let authenticator: any TriviaAuthenticator
    /// The balance of a user whose token checked out.
    let balance: @Sendable (UserID) async -> Int
    let throttle: FailureThrottle
    let clock: any AppClock

    func addRoutes(to router: Router<Context>) {
        router.get(TriviaRoutes.wildcards) { request, context in
            // The parameter is the raw segment: `%2F` in a user id stays inside it.
            guard let segment = context.parameters.get("user"), let user = PathSegment.decode(segment) else {
                return Response.triviaJSON(.notFound, TriviaHTTPErrorBody.notFound(path: request.uri.path))
            }
            let client = ClientAddress(context.remoteAddress)
            let decision = throttle.decision(for: client, at: clock.now)
            switch decision {
            case .refuse:
                let seconds = decision.retryAfterSeconds ?? 1
                return Response.triviaJSON(
                    .tooManyRequests,
                    TriviaHTTPErrorBody(code: "tooManyAttempts", message: "too many wrong tokens from your address: retry in \(seconds) s"),
                    headers: [.retryAfter: "\(seconds)"])
            case .delay(let wait):
                try? await clock.sleep(for: wait)
            case .allow:
                break
            }
            let authorization = request.headers[.authorization]
            switch WildcardBalanceEndpoint.check(user: UserID(user), authorization: authorization, authenticator: authenticator) {
            case .failure(let refusal):
                if refusal.status == 401 { throttle.recordFailure(from: client, at: clock.now) }
                return Response.triviaJSON(HTTPResponse.Status(code: refusal.status), refusal.body)
            case .success(let user):
                return Response.triviaJSON(.ok, WildcardBalance(user: user, balance: await balance(user)))
            }
        }
    }
}
