import Foundation
import SharedNetworking
import Testing
import Trivia
import TriviaHost
import TriviaServer

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The HTTP side over real loopback HTTP, with the app's own HTTP client.
@Suite("Server: HTTP API", .timeLimit(.minutes(1)))
struct HTTPTests {
    let client = URLSessionHTTPClient(configuration: .ephemeral)

    func get(_ harness: ServerHarness, _ path: String, token: String? = nil, method: HTTPMethod = .get) async throws -> (Int, Data) {
        let url = try #require(URL(string: harness.baseURL.absoluteString + path))
        var headers: HTTPHeaders = ["Accept": "application/json"]
        if let token { headers["Authorization"] = "Bearer \(token)" }
        do {
            let response = try await client.send(
                HTTPRequest(url: url, method: method, headers: headers, timeout: .seconds(5), acceptableStatus: 100..<600))
            return (response.status, response.body)
        } catch {
            throw HarnessError("\(path): \(error)")
        }
    }

    @Test("the balance endpoint answers as documented, from the host's ledger")
    func balance() async throws {
        let harness = try await ServerHarness.start()
        let (status, body) = try await get(harness, "/v1/users/ada/wildcards", token: "t-ada")
        #expect(status == 200)
        #expect(try JSONDecoder().decode(WildcardBalance.self, from: body) == WildcardBalance(user: "ada", balance: 2))

        let cases: [(String, String?, HTTPMethod, Int, String)] = [
            ("/v1/users/ada/wildcards", nil, .get, 401, "unauthorized"),
            ("/v1/users/ada/wildcards", "t-grace", .get, 403, "forbidden"),
            ("/v1/users/ada/wildcards", "t-ada", .post, 405, "methodNotAllowed"),
            ("/v1/nothing", "t-ada", .get, 404, "notFound"),
        ]
        for (path, token, method, expected, code) in cases {
            let (status, body) = try await get(harness, path, token: token, method: method)
            #expect(status == expected, "\(method.rawValue) \(path)")
            #expect(try JSONDecoder().decode(TriviaHTTPErrorBody.self, from: body).error.code == code)
        }
        try await harness.stop()
    }

    @Test("a wild-card used on the socket is reflected by the HTTP balance; responses are not cacheable")
    func balanceFollowsTheSocket() async throws {
        let harness = try await ServerHarness.start()
        let grace = try await ProtocolClient.joined(harness, as: "grace")
        harness.advance(by: 10)
        _ = try await grace.next("question")
        try await grace.send(.answer(AnswerPayload(requestId: "g1", questionId: "q1", choice: 0)))
        harness.advance(by: 10)
        _ = try await grace.next("result")
        try await grace.send(.useWildcard(UseWildcardPayload(requestId: "g-w", questionId: "q1")))
        #expect(try await grace.next("wildcardResult").wildcardResult?.accepted == true)

        let balances = WildcardBalanceClient(baseURL: harness.baseURL, client: client)
        #expect(try await balances.balance(for: "grace", token: "t-grace") == WildcardBalance(user: "grace", balance: 0))
        let url = try #require(URL(string: harness.baseURL.absoluteString + "/v1/users/grace/wildcards"))
        let response = try await client.send(HTTPRequest(url: url, headers: ["Authorization": "Bearer t-grace"]))
        #expect(response.headers["Cache-Control"] == "no-store")
        try await harness.stop()
    }

    @Test("GET /health reports the competition's phase and the connections")
    func health() async throws {
        let harness = try await ServerHarness.start()
        let ada = try await ProtocolClient.joined(harness, as: "ada")
        let lurker = try await ProtocolClient.connect(harness)
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = LenientISO8601.decodingStrategy
        let (_, body) = try await get(harness, "/health")
        let status = try decoder.decode(TriviaServerStatus.self, from: body)
        #expect(status.status == "ok" && status.competition == ServerHarness.competition && status.phase == "lobby")
        #expect(status.connections == 2 && status.joined == 1)
        harness.advance(by: 10)
        _ = try await ada.next("question")
        let (_, open) = try await get(harness, "/health")
        let later = try decoder.decode(TriviaServerStatus.self, from: open)
        #expect(later.phase == "open" && later.question == 0)
        await lurker.close()
        try await harness.stop()
    }
}
