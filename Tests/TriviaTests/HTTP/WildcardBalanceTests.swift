import Foundation
import SharedNetworking
import TestSupport
import Testing

@testable import Trivia
@testable import TriviaHost

@Suite("Wild-card balance over HTTP")
struct WildcardBalanceTests {
    let base = URL(string: "https://trivia.example.com/api/")!

    func json(_ status: Int, _ body: String, for request: HTTPRequest, headers: HTTPHeaders = ["Content-Type": "application/json"])
        -> Result<HTTPResponse, NetworkError>
    {
        .success(HTTPResponse(url: request.url, status: status, headers: headers, body: Data(body.utf8)))
    }

    @Test("the request is GET /v1/users/{user}/wildcards with a bearer token")
    func requestShape() {
        let client = WildcardBalanceClient(baseURL: base, client: ScriptedHTTPClient { _, _ in .failure(.cancelled) })
        let request = client.request(for: "ada lovelace/1", token: "t-ada")
        #expect(request.url.absoluteString == "https://trivia.example.com/api/v1/users/ada%20lovelace%2F1/wildcards")
        #expect(request.method == .get)
        #expect(request.headers["authorization"] == "Bearer t-ada")
        #expect(request.headers["Accept"] == "application/json")
        #expect(request.isIdempotent)
    }

    @Test("200 decodes the balance")
    func success() async throws {
        let stub = ScriptedHTTPClient { request, _ in json(200, #"{"user":"ada","balance":2}"#, for: request) }
        let balance = try await WildcardBalanceClient(baseURL: base, client: stub).balance(for: "ada", token: "t-ada")
        #expect(balance == WildcardBalance(user: "ada", balance: 2))
    }

    @Test("401, 403 and 404 become typed errors with the server's message; they are not retryable")
    func statusErrors() async {
        for (status, expected) in [
            (401, WildcardBalanceError.unauthorized("token expired")), (403, .forbidden("token expired")),
            (404, .notFound("token expired")),
        ] {
            let stub = ScriptedHTTPClient { request, _ in json(status, #"{"error":{"code":"x","message":"token expired"}}"#, for: request) }
            let error = await #expect(throws: WildcardBalanceError.self) {
                try await WildcardBalanceClient(baseURL: base, client: stub).balance(for: "ada", token: "t")
            }
            #expect(error == expected)
            #expect(error?.isRetryable == false)
        }
    }

    @Test("a body that is not a balance, or a balance for someone else, is invalidResponse")
    func invalidBody() async {
        for body in [#"{"user":"ada","balance":"two"}"#, #"{"user":"alan","balance":2}"#, #"{"user":"ada","balance":-1}"#, "<html>"] {
            let stub = ScriptedHTTPClient { request, _ in json(200, body, for: request) }
            let error = await #expect(throws: WildcardBalanceError.self) {
                try await WildcardBalanceClient(baseURL: base, client: stub).balance(for: "ada", token: "t")
            }
            guard case .invalidResponse = error else {
                Issue.record("\(body): expected invalidResponse, got \(String(describing: error))")
                continue
            }
        }
    }

    @Test("transient failures are retried by RetryingHTTPClient before the screen hears of them")
    func retries() async throws {
        let stub = ScriptedHTTPClient { request, attempt in
            attempt < 3 ? json(503, "busy", for: request) : json(200, #"{"user":"ada","balance":1}"#, for: request)
        }
        let client = WildcardBalanceClient(
            baseURL: base,
            client: RetryingHTTPClient(base: stub, policy: RetryPolicy(maxAttempts: 3), clock: ManualClock(now: epoch), unitRandom: { 0 }))
        #expect(try await client.balance(for: "ada", token: "t").balance == 1)
        #expect(stub.requests.count == 3)

        let down = ScriptedHTTPClient { request, _ in json(503, "busy", for: request) }
        let failing = WildcardBalanceClient(
            baseURL: base,
            client: RetryingHTTPClient(base: down, policy: RetryPolicy(maxAttempts: 2), clock: ManualClock(now: epoch), unitRandom: { 0 }))
        let error = await #expect(throws: WildcardBalanceError.self) { try await failing.balance(for: "ada", token: "t") }
        #expect(error?.isRetryable == true)
        #expect(down.requests.count == 2)
    }

    @Test("the client and the host's endpoint agree (the stub routes to the endpoint)")
    func endpointContract() async throws {
        let host = TriviaHost(core: makeHost(), clock: ManualClock(now: epoch))
        let endpoint = WildcardBalanceEndpoint(authenticator: testAuthenticator) { user in await host.balance(of: user) }
        let stub = ScriptedHTTPClient { request, _ in .success(await endpoint.respond(to: request)) }
        let client = WildcardBalanceClient(baseURL: base, client: stub)
        #expect(try await client.balance(for: "grace", token: "t-grace") == WildcardBalance(user: "grace", balance: 2))
        let wrongUser = await #expect(throws: WildcardBalanceError.self) { try await client.balance(for: "grace", token: "t-ada") }
        #expect(wrongUser == .forbidden("this token belongs to another user"))
        let badToken = await #expect(throws: WildcardBalanceError.self) { try await client.balance(for: "grace", token: "nope") }
        #expect(badToken == .unauthorized("a valid bearer token is required"))
    }

    @Test("the endpoint answers 404 for other paths and 405 for other methods, never cached")
    func endpointRouting() async {
        let endpoint = WildcardBalanceEndpoint(authenticator: testAuthenticator) { _ in 3 }
        let other = await endpoint.respond(to: HTTPRequest(url: URL(string: "https://h/v1/users/ada")!))
        #expect(other.status == 404)
        let post = await endpoint.respond(
            to: HTTPRequest(
                url: URL(string: "https://h/v1/users/ada/wildcards")!, method: .post, headers: ["Authorization": "Bearer t-ada"]))
        #expect(post.status == 405)
        let ok = await endpoint.respond(
            to: HTTPRequest(url: URL(string: "https://h/v1/users/ada/wildcards")!, headers: ["Authorization": "bearer t-ada"]))
        #expect(ok.status == 200)
        #expect(ok.headers["Cache-Control"] == "no-store")
        #expect(String(decoding: ok.body, as: UTF8.self) == #"{"balance":3,"user":"ada"}"#)
    }

    @Test("user ids with spaces and slashes survive the round trip as one path segment")
    func encodedUserIDs() async throws {
        let odd = TriviaIdentity(user: "ada lovelace/1", displayName: "Ada")
        let endpoint = WildcardBalanceEndpoint(authenticator: StaticTokenAuthenticator(["t": odd])) { _ in 4 }
        let stub = ScriptedHTTPClient { request, _ in .success(await endpoint.respond(to: request)) }
        let balance = try await WildcardBalanceClient(baseURL: base, client: stub).balance(for: odd.user, token: "t")
        #expect(balance == WildcardBalance(user: odd.user, balance: 4))
    }
}
