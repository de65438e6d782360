import Foundation
import SharedNetworking
import TestSupport
import Testing

@testable import Trivia
@testable import TriviaHost

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The balance client over real HTTP: `URLSessionHTTPClient` against the endpoint served by the
/// loopback server on 127.0.0.1.
@Suite("Wild-card balance over a real HTTP connection")
struct WildcardBalanceLoopbackTests {
    let ledger: [UserID: Int] = ["ada": 1, "grace": 2]

    /// Serves `GET /v1/users/{user}/wildcards` for the test users with the host's endpoint logic.
    func serve(_ server: LoopbackHTTPServer, user: UserID, before: [ScriptedResponse] = []) {
        let hits = HitCounter()
        let ledger = self.ledger
        // The route is stored in the server: capturing the server itself would be a cycle
        // (LeakSanitizer reported every server of this suite).
        server.route("/" + WildcardBalance.path(for: user)) { [unowned server] recorded in
            let attempt = hits.next()
            if attempt <= before.count { return before[attempt - 1] }
            let request = HTTPRequest(
                url: server.url(recorded.path), method: HTTPMethod(rawValue: recorded.method), headers: recorded.headers)
            let response: HTTPResponse
            switch WildcardBalanceEndpoint.authorize(request, authenticator: testAuthenticator) {
            case .refused(let refusal): response = refusal
            case .user(let user): response = WildcardBalanceEndpoint.response(balance: ledger[user] ?? 0, user: user, for: request)
            }
            return ScriptedResponse(status: response.status, headers: response.headers, body: response.body)
        }
    }

    func client(_ server: LoopbackHTTPServer) -> WildcardBalanceClient {
        WildcardBalanceClient(
            baseURL: server.baseURL,
            client: RetryingHTTPClient(
                base: URLSessionHTTPClient(configuration: .ephemeral), policy: RetryPolicy(maxAttempts: 3),
                clock: ManualClock(now: epoch), unitRandom: { 0 }))
    }

    @Test("the balance arrives over HTTP with the bearer token")
    func balance() async throws {
        let server = try LoopbackHTTPServer()
        defer { server.stop() }
        serve(server, user: "grace")
        #expect(try await client(server).balance(for: "grace", token: "t-grace") == WildcardBalance(user: "grace", balance: 2))
        #expect(server.requests.first?.headers["Authorization"] == "Bearer t-grace")
    }

    @Test("503 twice, then the balance: retried by RetryingHTTPClient")
    func retried() async throws {
        let server = try LoopbackHTTPServer()
        defer { server.stop() }
        serve(server, user: "ada", before: [.json(#"{"error":{"code":"busy","message":"later"}}"#, status: 503), .json("{}", status: 503)])
        #expect(try await client(server).balance(for: "ada", token: "t-ada").balance == 1)
        #expect(server.totalRequests == 3)
    }

    @Test("a token of another user is 403 over the wire, not retried")
    func forbidden() async throws {
        let server = try LoopbackHTTPServer()
        defer { server.stop() }
        serve(server, user: "ada")
        let error = await #expect(throws: WildcardBalanceError.self) { try await client(server).balance(for: "ada", token: "t-grace") }
        #expect(error == .forbidden("this token belongs to another user"))
        #expect(server.totalRequests == 1)
    }
}

/// Counts requests across the server's connection threads.
final class HitCounter: Sendable {
    private let count = Locked(0)

    func next() -> Int {
        count.withLock { value -> Int in
            value += 1
            return value
        }
    }
}
