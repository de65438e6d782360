import Foundation
import SharedNetworking

/// Fetches the user's wild-card balance; the seam the view-model depends on.
public protocol WildcardBalanceFetching: Sendable {
    /// The wild-card balance of `user`, authenticated by `token`; a failure says whether trying again may help.
    func balance(for user: UserID, token: String) async throws(WildcardBalanceError) -> WildcardBalance
}

/// `GET {baseURL}/v1/users/{user}/wildcards` with `Authorization: Bearer {token}`, over any
/// ``/SharedNetworking/HTTPClient``. Use ``retrying(baseURL:client:clock:policy:)`` in an app so transient
/// failures (timeouts, 503) are retried with backoff before the screen hears about them.
public struct WildcardBalanceClient: WildcardBalanceFetching {
    /// The API's root; the request goes to `<baseURL>/v1/users/<user>/wildcards`.
    public var baseURL: URL
    /// The HTTP client requests are sent with.
    public var client: any HTTPClient

    /// A client for the API at `baseURL`, without retries (use ``retrying(baseURL:client:clock:policy:)`` in an app).
    public init(baseURL: URL, client: any HTTPClient) {
        self.baseURL = baseURL
        self.client = client
    }

    /// The client wrapped in a ``/SharedNetworking/RetryingHTTPClient`` on `clock`.
    public static func retrying(
        baseURL: URL, client: any HTTPClient, clock: any AppClock, policy: RetryPolicy = RetryPolicy()
    ) -> WildcardBalanceClient {
        WildcardBalanceClient(baseURL: baseURL, client: RetryingHTTPClient(base: client, policy: policy, clock: clock))
    }

    /// The request, exactly as documented in `Docs/Trivia/Protocol.md`.
    public func request(for user: UserID, token: String) -> HTTPRequest {
        HTTPRequest(
            url: Self.url(baseURL, appending: WildcardBalance.path(for: user)),
            method: .get,
            headers: ["Accept": "application/json", "Authorization": "Bearer \(token)"],
            timeout: .seconds(10),
            maxResponseBytes: 16 * 1024
        )
    }

    /// `base` + an already percent-encoded relative path (`appendingPathComponent` would encode
    /// the escapes a second time).
    static func url(_ base: URL, appending encodedPath: String) -> URL {
        let text = base.absoluteString
        return URL(string: (text.hasSuffix("/") ? text : text + "/") + encodedPath) ?? base
    }

    /// `GET /v1/users/{user}/wildcards` with the token as a bearer; maps statuses and bodies to ``WildcardBalanceError``.
    public func balance(for user: UserID, token: String) async throws(WildcardBalanceError) -> WildcardBalance {
        let response: HTTPResponse
        do {
            response = try await client.send(request(for: user, token: token))
        } catch {
            throw Self.map(error, user: user)
        }
        let balance: WildcardBalance
        do {
            balance = try JSONDecoder().decode(WildcardBalance.self, from: response.body)
        } catch let error as DecodingError {
            throw .invalidResponse(DecodingFailure(error, json: response.body, source: nil).description)
        } catch {
            throw .invalidResponse(String(describing: error))
        }
        guard balance.user == user, balance.balance >= 0 else {
            throw .invalidResponse("balance \(balance.balance) for user \(balance.user), expected a count of 0 or more for \(user)")
        }
        return balance
    }

    static func map(_ error: NetworkError, user: UserID) -> WildcardBalanceError {
        if case .httpStatus(let code, _, let excerpt, _) = error {
            let message = (try? JSONDecoder().decode(TriviaHTTPErrorBody.self, from: Data(excerpt.utf8)))?.error.message ?? excerpt
            switch code {
            case 401: return .unauthorized(message)
            case 403: return .forbidden(message)
            case 404: return .notFound(message)
            default: break
            }
        }
        return .network(NetworkErrorDescription(text: error.description, isTransient: error.isTransient))
    }
}
