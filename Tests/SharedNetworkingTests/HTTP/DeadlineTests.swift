import Foundation
import TestSupport
import Testing

@testable import SharedNetworking

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A deadline on every load (`HTTPRequest.deadline`, kept by `RetryingHTTPClient`): the wire is
/// the real loopback server, time is a manual clock, so a 30 s deadline is tested in
/// milliseconds.
@Suite struct DeadlineTests {
    let server: LoopbackHTTPServer
    let clock = RecordingClock()

    init() throws {
        server = try LoopbackHTTPServer()
    }

    func client(_ policy: RetryPolicy = RetryPolicy(maxAttempts: 3, baseDelay: .seconds(1)), base: (any HTTPClient)? = nil)
        -> RetryingHTTPClient
    {
        RetryingHTTPClient(
            base: base ?? SocketHTTPClient(secure: URLSessionHTTPClient(configuration: .ephemeral)), policy: policy, clock: clock,
            unitRandom: { 0.5 })
    }

    @Test("a server that accepts and never answers ends at the deadline, and the connection is closed")
    func hangEndsAtTheDeadline() async throws {
        defer { server.stop() }
        server.route("/hang", ScriptedResponse.json("{}").delayed(by: .seconds(120)))
        let url = server.url("/hang")
        let task = Task { try await client().send(HTTPRequest(url: url, timeout: .seconds(60), deadline: .seconds(5))) }
        defer { task.cancel() }

        try #require(await eventually { server.requestCount("/hang") == 1 })
        try #require(await clock.waitForSleepers(1))
        clock.advance(by: .seconds(5))

        let result = await task.result
        #expect(throws: NetworkError.deadlineExceeded(url: url, deadline: .seconds(5), attempts: 1)) { try result.get() }
        #expect(await eventually { server.closedByClientCount == 1 })
        #expect(server.requestCount("/hang") == 1)
    }

    @Test("a server that sends a byte at a time is never silent, and still ends at the deadline")
    func trickleEndsAtTheDeadline() async throws {
        defer { server.stop() }
        server.route(
            "/trickle", ScriptedResponse.json(String(repeating: " ", count: 10_000) + "{}").dribbled(chunkSize: 1, every: .milliseconds(20))
        )
        let url = server.url("/trickle")
        let task = Task { try await client().send(HTTPRequest(url: url, timeout: .seconds(1), deadline: .seconds(30))) }
        defer { task.cancel() }

        try #require(await eventually { server.requestCount("/trickle") == 1 })
        try #require(await clock.waitForSleepers(1))
        // Longer than the idle timeout: the trickle keeps the connection alive.
        try await Task.sleep(for: .milliseconds(1500))
        clock.advance(by: .seconds(30))

        let result = await task.result
        #expect(throws: NetworkError.deadlineExceeded(url: url, deadline: .seconds(30), attempts: 1)) { try result.get() }
        #expect(server.requestCount("/trickle") == 1)
    }

    @Test("a Retry-After longer than what is left of the deadline fails at once, quoting the server")
    func retryAfterBeyondTheDeadline() async throws {
        defer { server.stop() }
        server.route("/busy", ScriptedResponse.status(503, body: "busy").header("Retry-After", "120"))
        let url = server.url("/busy")
        let error = await #expect(throws: NetworkError.self) {
            try await client().send(HTTPRequest(url: url, deadline: .seconds(30)))
        }
        guard case .retryAfterTooLong(let failedURL, let code, let retryAfter, let wait, let allowed, let excerpt) = error else {
            Issue.record("expected retryAfterTooLong, got \(String(describing: error))")
            return
        }
        #expect((failedURL, code, retryAfter, wait, excerpt) == (url, 503, "120", .seconds(120), "busy"))
        #expect(allowed <= .seconds(30) && allowed > .seconds(29))
        #expect(error?.description.contains("Retry-After: 120") == true)
        #expect(error?.description.contains("retry in 2 min") == true)
        #expect(server.requestCount("/busy") == 1)
        // The only sleep is the first attempt's race with the deadline: no wait was started.
        #expect(clock.sleeps == [.seconds(30)])
    }

    @Test("a Retry-After within the deadline is honoured")
    func retryAfterWithinTheDeadline() async throws {
        defer { server.stop() }
        server.route("/busy", responses: [ScriptedResponse.status(503).header("Retry-After", "2"), .json("{}")])
        let task = Task { try await client().send(HTTPRequest(url: server.url("/busy"), deadline: .seconds(30))) }
        defer { task.cancel() }
        try #require(await clock.waitForSleepers(1))
        try #require(await eventually { clock.sleeps.contains(.seconds(2)) })
        clock.advance(by: .seconds(2))
        #expect(try await task.value.status == 200)
        #expect(server.requestCount("/busy") == 2)
    }

    @Test("each retry is announced to the task's observer before its wait")
    func retriesAreObserved() async throws {
        defer { server.stop() }
        server.route("/flaky", responses: [.status(500), .status(502), .json("{}")])
        let notices = Locked<[RetryNotice]>([])
        let observer = RetryObserver { notice in notices.withLock { $0.append(notice) } }
        let client = client()
        let url = server.url("/flaky")
        let task = Task {
            try await RetryObserver.$current.withValue(observer) { try await client.send(HTTPRequest(url: url, deadline: .seconds(60))) }
        }
        defer { task.cancel() }
        for expected in 1...2 {
            try #require(await eventually { notices.withLock { $0.count } == expected })
            try #require(await eventually { clock.manual.sleeperCount == 1 })
            clock.advance(by: .seconds(10))
        }
        #expect(try await task.value.status == 200)
        #expect(notices.withLock { $0.map { "\($0.attempt) of \($0.maxAttempts)" } } == ["2 of 3", "3 of 3"])
        #expect(notices.withLock { $0.map(\.reason) }.allSatisfy { if case .httpStatus = $0 { true } else { false } })
    }

    @Test("a backoff that would end after the deadline is not started: the failure is thrown as it came")
    func backoffBeyondTheDeadlineGivesUp() async throws {
        defer { server.stop() }
        server.route("/down", .status(500, body: "down"))
        let url = server.url("/down")
        let error = await #expect(throws: NetworkError.self) {
            try await client(RetryPolicy(maxAttempts: 3, baseDelay: .seconds(8))).send(HTTPRequest(url: url, deadline: .seconds(2)))
        }
        #expect(error == .httpStatus(code: 500, url: url, bodyExcerpt: "down", retryAfter: nil))
        #expect(server.requestCount("/down") == 1)
    }

    @Test("a redirect loop fails at once and is not retried", arguments: [false, true])
    func redirectLoopIsNotRetried(overURLSession: Bool) async throws {
        defer { server.stop() }
        server.route("/a", ScriptedResponse(status: 302, headers: ["Location": "/b"]))
        server.route("/b", ScriptedResponse(status: 302, headers: ["Location": "/a"]))
        let url = server.url("/a")
        let base: any HTTPClient =
            overURLSession
            ? URLSessionHTTPClient(configuration: .ephemeral) : SocketHTTPClient(secure: URLSessionHTTPClient(configuration: .ephemeral))
        let error = await #expect(throws: NetworkError.self) {
            try await client(base: base).send(HTTPRequest(url: url, deadline: .seconds(30)))
        }
        guard case .redirectLoop(let failedURL, _) = error else {
            Issue.record("expected redirectLoop, got \(String(describing: error))")
            return
        }
        #expect(failedURL.path == "/a")
        #expect(error?.isTransient == false)
        // One attempt: the socket client stops at the first address visited twice; URLSession
        // follows its own limit (20 redirects: 21 requests), once. Before, 3 attempts made 63.
        #expect(server.totalRequests == (overURLSession ? URLSessionHTTPClient.redirectLimit + 1 : 2))
        #expect(clock.sleeps.count == 1)  // the attempt's race with the deadline, no retry wait
    }
}
