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
            return .refused(error(404, "notFound", "no such endpoint: \(request.url.path)", for: request))
        }
        guard request.method == .get else {
            return .refused(error(405, "methodNotAllowed", "use GET", for: request))
        }
        let authorization = request.headers["Authorization"] ?? ""
        guard authorization.lowercased().hasPrefix("bearer "),
            let identity = authenticator.identity(
                forToken: String(authorization.dropFirst("bearer ".count)).trimmingCharacters(in: .whitespaces))
        else {
            return .refused(error(401, "unauthorized", "a valid bearer token is required", for: request))
        }
        guard identity.user == user else {
            return .refused(error(403, "forbidden", "this token belongs to another user", for: request))
        }
        return .user(user)
    }

    /// 200 with the balance.
    public static func response(balance: Int, user: UserID, for request: HTTPRequest) -> HTTPResponse {
        json(200, WildcardBalance(user: user, balance: balance), for: request)
    }

    static func error(_ status: Int, _ code: String, _ message: String, for request: HTTPRequest) -> HTTPResponse {
        json(status, TriviaHTTPErrorBody(code: code, message: message), for: request)
    }

    static func json(_ status: Int, _ value: some Encodable, for request: HTTPRequest) -> HTTPResponse {
        HTTPResponse(url: request.url, status: status, headers: HTTPHeaders(TriviaHTTPJSON.headers), body: TriviaHTTPJSON.body(value))
    }
}
