import Foundation
import SharedNetworking
import TestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `RetryingHTTPClient` over the real client and server; backoff runs on a manual clock, so
/// nothing here sleeps for the retry delays.
@Suite struct RetryingHTTPClientTests {
    let server: LoopbackHTTPServer
    let clock = RecordingClock()

    init() throws {
        server = try LoopbackHTTPServer()
    }

    /// A retrying client whose jitter always picks `unitRandom` of the ceiling.
    func client(_ policy: RetryPolicy = RetryPolicy(maxAttempts: 3, baseDelay: .seconds(1)), unitRandom: Double = 0.25)
        -> RetryingHTTPClient
    {
        RetryingHTTPClient(
            base: URLSessionHTTPClient(configuration: .ephemeral),
            policy: policy,
            clock: clock,
            unitRandom: { unitRandom }
        )
    }

    /// Starts the request. Tests `try #require` each wait for a sleeper and cancel the task on
    /// the way out: a sleeper that arrives after the clock was advanced would otherwise sleep on
    /// the manual clock forever and the test would never end (on a loaded two-core machine the
    /// first response can take seconds).
    func start(_ client: RetryingHTTPClient, _ request: HTTPRequest) -> Task<HTTPResponse, any Error> {
        Task { try await client.send(request) }
    }

    @Test func serverErrorThenSuccessIsRetriedAfterBackoff() async throws {
        defer { server.stop() }
        server.route("/feed", responses: [.status(500, body: "oops"), .json(#"{"ok":true}"#)])
        let task = start(client(), HTTPRequest(url: server.url("/feed")))
        defer { task.cancel() }

        try #require(await clock.waitForSleepers(1))
        #expect(server.requestCount("/feed") == 1)
        // Attempt 1 failed: full jitter in 0...baseDelay, here 0.25 × 1 s.
        #expect(clock.sleeps == [.milliseconds(250)])
        clock.advance(by: .milliseconds(250))

        let response = try await task.value
        #expect(response.body == Data(#"{"ok":true}"#.utf8))
        #expect(server.requestCount("/feed") == 2)
        #expect(clock.sleeps.count == 1)
    }

    @Test func retryAfterHeaderSetsTheExactDelay() async throws {
        defer { server.stop() }
        server.route("/busy", responses: [ScriptedResponse.status(503).header("Retry-After", "2"), .json("{}")])
        let task = start(client(), HTTPRequest(url: server.url("/busy")))
        defer { task.cancel() }

        try #require(await clock.waitForSleepers(1))
        #expect(clock.sleeps == [.seconds(2)])
        clock.advance(by: .seconds(1))
        // Still waiting after 1 s of the 2 the server asked for.
        #expect(clock.manual.sleeperCount == 1)
        #expect(server.requestCount("/busy") == 1)
        clock.advance(by: .seconds(1))

        let response = try await task.value
        #expect(response.status == 200)
        #expect(server.requestCount("/busy") == 2)
    }

    @Test func retryAfterLongerThanAllowedFailsAtOnce() async throws {
        defer { server.stop() }
        server.route("/later", ScriptedResponse.status(503).header("Retry-After", "3600"))
        let url = server.url("/later")
        let error = await #expect(throws: NetworkError.self) {
            try await client().send(HTTPRequest(url: url))
        }
        // The message keeps the server's value and says it was more than the policy allows.
        #expect(
            error
                == .retryAfterTooLong(url: url, code: 503, retryAfter: "3600", wait: .seconds(3600), allowed: .seconds(60), bodyExcerpt: "")
        )
        #expect(error?.description.contains("Retry-After: 3600") == true)
        #expect(server.requestCount("/later") == 1)
        #expect(clock.sleeps.isEmpty)
    }

    @Test func postIsNotRetried() async throws {
        defer { server.stop() }
        server.route("/orders", .status(500, body: "down"))
        let url = server.url("/orders")
        let error = await #expect(throws: NetworkError.self) {
            try await client().send(HTTPRequest(url: url, method: .post, body: Data("{}".utf8)))
        }
        #expect(error == .httpStatus(code: 500, url: url, bodyExcerpt: "down", retryAfter: nil))
        #expect(server.requestCount("/orders") == 1)
        #expect(clock.sleeps.isEmpty)
    }

    @Test func postMarkedIdempotentIsRetried() async throws {
        defer { server.stop() }
        server.route("/upsert", responses: [.status(502), .json("{}")])
        let task = start(client(), HTTPRequest(url: server.url("/upsert"), method: .post, body: Data("{}".utf8), isIdempotent: true))
        defer { task.cancel() }
        try #require(await clock.waitForSleepers(1))
        clock.advance(by: .seconds(1))
        #expect(try await task.value.status == 200)
        #expect(server.requests.map(\.method) == ["POST", "POST"])
        #expect(server.requests.map(\.body) == [Data("{}".utf8), Data("{}".utf8)])
    }

    @Test func attemptsAreBoundedAndBackoffGrows() async throws {
        defer { server.stop() }
        server.route("/down", .status(503, body: "maintenance"))
        let url = server.url("/down")
        let task = start(
            client(RetryPolicy(maxAttempts: 4, baseDelay: .seconds(1), maxDelay: .seconds(3)), unitRandom: 0.5), HTTPRequest(url: url))
        defer { task.cancel() }

        for expectedRequests in 1...3 {
            try #require(await clock.waitForSleepers(1))
            #expect(server.requestCount("/down") == expectedRequests)
            clock.advance(by: .seconds(10))
        }
        let result = await task.result

        #expect(throws: NetworkError.httpStatus(code: 503, url: url, bodyExcerpt: "maintenance", retryAfter: nil)) { try result.get() }
        #expect(server.requestCount("/down") == 4)
        // Ceilings 1 s, 2 s, then 4 s capped at maxDelay 3 s; half of each.
        #expect(clock.sleeps == [.milliseconds(500), .seconds(1), .milliseconds(1500)])
    }

    @Test func clientErrorsAreNotRetried() async throws {
        defer { server.stop() }
        server.route("/private", .status(403, body: "forbidden"))
        await #expect(throws: NetworkError.self) {
            try await client().send(HTTPRequest(url: server.url("/private")))
        }
        #expect(server.requestCount("/private") == 1)
        #expect(clock.sleeps.isEmpty)
    }

    @Test func connectionFailureIsRetried() async throws {
        defer { server.stop() }
        server.route("/flaky", responses: [ScriptedResponse.json("{}").truncated(after: 1), .json(#"{"n":1}"#)])
        let task = start(client(), HTTPRequest(url: server.url("/flaky")))
        defer { task.cancel() }
        try #require(await clock.waitForSleepers(1))
        clock.advance(by: .seconds(1))
        #expect(try await task.value.body == Data(#"{"n":1}"#.utf8))
        #expect(server.requestCount("/flaky") == 2)
    }

    @Test func cancellingDuringBackoffStopsRetrying() async throws {
        defer { server.stop() }
        server.route("/feed", responses: [.status(500), .json("{}")])
        let task = start(client(), HTTPRequest(url: server.url("/feed")))
        defer { task.cancel() }
        try #require(await clock.waitForSleepers(1))

        task.cancel()
        let result = await task.result

        #expect(throws: NetworkError.cancelled) { try result.get() }
        #expect(server.requestCount("/feed") == 1)
        #expect(clock.manual.sleeperCount == 0)
    }
}
