import Foundation
import SharedNetworking
import Trivia

/// The host's side of `GET /v1/users/{user}/wildcards`: status and body for a request, with no
/// HTTP server attached, so the contract is tested in-process and a real server only routes.
public struct WildcardBalanceEndpoint: Sendable {
    /// Maps bearer tokens to users: a user may read only their own balance.
    public var authenticator: any TriviaAuthenticator
    /// The balance of a user whose token checked out (usually the host's ledger). Every such
    /// user has one (0 when the ledger does not list them): there is no "unknown user" answer,
    /// and a path naming another user is 403 whether that user exists or not.
    public var balance: @Sendable (UserID) async -> Int

    /// An endpoint answering from `authenticator` and `balance`.
    public init(authenticator: any TriviaAuthenticator, balance: @escaping @Sendable (UserID) async -> Int) {
        self.authenticator = authenticator
        self.balance = balance
    }

    /// Answers `request`: 200 with a ``/Trivia/WildcardBalance``, or 401/403/404 (another path)/405 with a
    /// ``/Trivia/TriviaHTTPErrorBody``.
    public func respond(to request: HTTPRequest) async -> HTTPResponse {
        switch Self.authorize(request, authenticator: authenticator) {
        case .refused(let response): response
        case .user(let user): Self.response(balance: await balance(user), user: user, for: request)
        }
    }

    /// The outcome of routing and authenticating a request, before the balance is looked up.
    public enum Authorization: Sendable {
        /// The request is for this user's balance and the token is theirs.
        case user(UserID)
        /// The response to send instead (404, 405, 401, 403).
        case refused(HTTPResponse)
    }

    /// Routing and the token check, synchronous, for servers whose ledger is synchronous too.
    public static func authorize(_ request: HTTPRequest, authenticator: any TriviaAuthenticator) -> Authorization {
        let encodedPath = URLComponents(url: request.url, resolvingAgainstBaseURL: true)?.percentEncodedPath ?? request.url.path
        guard let user = WildcardBalance.user(inPath: encodedPath) else {
            return .refused(json(404, TriviaHTTPErrorBody.notFound(path: request.url.path), for: request))
        }
        guard request.method == .get else {
            return .refused(json(405, TriviaHTTPErrorBody.methodNotAllowed, for: request))
        }
        switch check(user: user, authorization: request.headers["Authorization"], authenticator: authenticator) {
        case .success(let user): return .user(user)
        case .failure(let refusal): return .refused(json(refusal.status, refusal.body, for: request))
        }
    }

    /// Why a request for a balance was refused, once routed: its status and documented body.
    public struct Refusal: Error, Sendable, Hashable {
        /// 401 or 403.
        public var status: Int
        /// `unauthorized` or `forbidden`.
        public var body: TriviaHTTPErrorBody
    }

    /// The token check alone, for a server whose router already found `user` in the path: the
    /// `Authorization` header's bearer token must belong to `user` (401 when it is missing or
    /// unknown, 403 when it is another user's).
    public static func check(
        user: UserID, authorization: String?, authenticator: any TriviaAuthenticator
    ) -> Result<UserID, Refusal> {
        let authorization = authorization ?? ""
        guard authorization.lowercased().hasPrefix("bearer "),
            let identity = authenticator.identity(
                forToken: String(authorization.dropFirst("bearer ".count)).trimmingCharacters(in: .whitespaces))
        else {
            return .failure(
                Refusal(status: 401, body: TriviaHTTPErrorBody(code: "unauthorized", message: "a valid bearer token is required")))
        }
        guard identity.user == user else {
            return .failure(
                Refusal(status: 403, body: TriviaHTTPErrorBody(code: "forbidden", message: "this token belongs to another user")))
        }
        return .success(user)
    }

    /// 200 with the balance.
    public static func response(balance: Int, user: UserID, for request: HTTPRequest) -> HTTPResponse {
        json(200, WildcardBalance(user: user, balance: balance), for: request)
    }

    static func json(_ status: Int, _ value: some Encodable, for request: HTTPRequest) -> HTTPResponse {
        HTTPResponse(url: request.url, status: status, headers: HTTPHeaders(TriviaHTTPJSON.headers), body: TriviaHTTPJSON.body(value))
    }
}
