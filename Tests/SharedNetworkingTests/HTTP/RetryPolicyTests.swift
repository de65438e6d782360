import Foundation
import SharedNetworking
import Testing

/// The retry decision in isolation: which failures, how long, and `Retry-After`.
@Suite struct RetryPolicyTests {
    static let now = Date(timeIntervalSince1970: 1_445_412_470)  // 2015-10-21 07:27:50 GMT
    static let url = URL(fileURLWithPath: "/feed.json")
    static let get = HTTPRequest(url: url)

    let policy = RetryPolicy(maxAttempts: 5, baseDelay: .seconds(1), maxDelay: .seconds(8), maxRetryAfter: .seconds(60))

    func delay(
        _ error: NetworkError,
        attempt: Int = 1,
        request: HTTPRequest = get,
        retryAfter: String? = nil,
        random: Double = 0.5
    ) -> Duration? {
        policy.delay(after: error, attempt: attempt, request: request, retryAfter: retryAfter, now: Self.now, unitRandom: random)
    }

    static func status(_ code: Int) -> NetworkError {
        .httpStatus(code: code, url: url, bodyExcerpt: "")
    }

    // MARK: Retry-After

    @Test(arguments: [("0", 0), ("2", 2), (" 120 ", 120), ("86400", 86_400)])
    func retryAfterSeconds(value: String, seconds: Int) {
        #expect(RetryPolicy.parseRetryAfter(value, now: Self.now) == .seconds(seconds))
    }

    @Test func retryAfterIMFFixdateIsRelativeToNow() {
        #expect(RetryPolicy.parseRetryAfter("Wed, 21 Oct 2015 07:28:00 GMT", now: Self.now) == .seconds(10))
    }

    @Test(arguments: ["Wednesday, 21-Oct-15 07:28:00 GMT", "Wed Oct 21 07:28:00 2015", "Wed Oct  21 07:28:00 2015"])
    func retryAfterObsoleteHTTPDateFormatsAreAccepted(value: String) {
        #expect(RetryPolicy.parseRetryAfter(value, now: Self.now) == .seconds(10))
    }

    @Test func retryAfterDateInThePastMeansNow() {
        #expect(RetryPolicy.parseRetryAfter("Wed, 21 Oct 2015 07:00:00 GMT", now: Self.now) == .zero)
    }

    @Test(arguments: ["-1", "1.5", "soon", "", "Wed, 32 Oct 2015 07:28:00 GMT", "12abc"])
    func retryAfterGarbageIsIgnored(value: String) {
        #expect(RetryPolicy.parseRetryAfter(value, now: Self.now) == nil)
    }

    @Test func retryAfterReplacesTheComputedDelay() {
        #expect(delay(Self.status(503), retryAfter: "7") == .seconds(7))
        #expect(delay(Self.status(429), retryAfter: "Wed, 21 Oct 2015 07:28:00 GMT") == .seconds(10))
    }

    @Test func retryAfterOverTheLimitMeansGiveUp() {
        #expect(delay(Self.status(503), retryAfter: "61") == nil)
        #expect(delay(Self.status(503), retryAfter: "60") == .seconds(60))
    }

    @Test func unparsableRetryAfterFallsBackToBackoff() {
        #expect(delay(Self.status(503), retryAfter: "whenever", random: 0.5) == .milliseconds(500))
    }

    // MARK: Backoff with full jitter

    @Test(arguments: [(1, 1.0), (2, 2), (3, 4), (4, 8), (5, 8)])
    func jitterStaysWithinTheCeiling(attempt: Int, ceilingSeconds: Double) throws {
        let policy = RetryPolicy(maxAttempts: 10, baseDelay: .seconds(1), maxDelay: .seconds(8))
        func delay(_ random: Double) -> Duration? {
            policy.delay(after: Self.status(500), attempt: attempt, request: Self.get, retryAfter: nil, now: Self.now, unitRandom: random)
        }
        #expect(delay(0) == .zero)
        #expect(delay(0.5) == .seconds(ceilingSeconds / 2))
        let nearTop = try #require(delay(0.999_999))
        #expect(nearTop < .seconds(ceilingSeconds))
        #expect(nearTop > .seconds(ceilingSeconds * 0.999))
        // A random source outside 0..<1 is clamped, never exceeding the ceiling.
        #expect(delay(7) == .seconds(ceilingSeconds))
        #expect(delay(-3) == .zero)
    }

    @Test func hugeAttemptNumbersDoNotOverflow() {
        let policy = RetryPolicy(maxAttempts: .max, baseDelay: .seconds(1), maxDelay: .seconds(30))
        let delay = policy.delay(after: Self.status(500), attempt: 10_000, request: Self.get, retryAfter: nil, now: Self.now, unitRandom: 1)
        #expect(delay == .seconds(30))
    }

    // MARK: When not to retry

    @Test(arguments: [408, 429, 500, 502, 503, 504, 599])
    func transientStatusesAreRetried(code: Int) {
        #expect(Self.status(code).isTransient)
        #expect(delay(Self.status(code)) != nil)
    }

    @Test(arguments: [400, 401, 403, 404, 410, 422, 501])
    func permanentStatusesAreNotRetried(code: Int) {
        #expect(!Self.status(code).isTransient)
        #expect(delay(Self.status(code)) == nil)
    }

    @Test func transportFailuresAndTimeoutsAreRetried() {
        #expect(delay(.timedOut(url: Self.url)) != nil)
        #expect(delay(.transport(url: Self.url, code: -1005, message: "lost")) != nil)
    }

    @Test(arguments: [
        NetworkError.cancelled,
        .invalidURL("htp:/x"),
        .tooLarge(url: url, limit: 10),
        .file(path: "/x", reason: "no such file"),
        .invalidContent(source: "x", reason: "HTML"),
        .decoding(DecodingFailure(path: "rows[0]", message: "expected Object, found Number")),
    ])
    func nonTransientErrorsAreNeverRetried(error: NetworkError) {
        #expect(!error.isTransient)
        #expect(delay(error) == nil)
    }

    @Test func nonIdempotentRequestsAreNeverRetried() {
        let post = HTTPRequest(url: Self.url, method: .post)
        #expect(delay(Self.status(503), request: post) == nil)
        #expect(delay(.timedOut(url: Self.url), request: post) == nil)
        #expect(delay(Self.status(503), request: post, retryAfter: "1") == nil)
        let idempotentPost = HTTPRequest(url: Self.url, method: .post, isIdempotent: true)
        #expect(delay(Self.status(503), request: idempotentPost) != nil)
    }

    @Test(arguments: [HTTPMethod.get, .head, .put, .delete, .options])
    func idempotentMethods(method: HTTPMethod) {
        #expect(method.isIdempotent)
        #expect(HTTPRequest(url: Self.url, method: method).isIdempotent)
    }

    @Test func postAndPatchAreNotIdempotent() {
        #expect(!HTTPMethod.post.isIdempotent)
        #expect(!HTTPMethod("patch").isIdempotent)
        #expect(HTTPMethod("patch").rawValue == "PATCH")
    }

    @Test func attemptsStopAtTheLimit() {
        #expect(delay(Self.status(500), attempt: 4) != nil)
        #expect(delay(Self.status(500), attempt: 5) == nil)
        #expect(delay(Self.status(500), attempt: 5, retryAfter: "1") == nil)
    }

    @Test func neverPolicyAndClampedAttempts() {
        #expect(RetryPolicy.never.maxAttempts == 1)
        #expect(RetryPolicy(maxAttempts: 0).maxAttempts == 1)
        #expect(RetryPolicy(maxAttempts: -3).maxAttempts == 1)
        let never = RetryPolicy.never.delay(
            after: Self.status(503), attempt: 1, request: Self.get, retryAfter: "1", now: Self.now, unitRandom: 0.5
        )
        #expect(never == nil)
    }
}

/// The decision with a deadline: what is left of it bounds every wait.
@Suite struct RetryDecisionTests {
    let policy = RetryPolicy(maxAttempts: 3, baseDelay: .seconds(2), maxDelay: .seconds(8), maxRetryAfter: .seconds(60))
    let request = HTTPRequest(url: URL(fileURLWithPath: "/feed.json"))

    func decide(_ error: NetworkError, retryAfter: String? = nil, remaining: Duration?) -> RetryPolicy.Decision {
        policy.decision(
            after: error, attempt: 1, request: request, retryAfter: retryAfter, now: RetryPolicyTests.now, unitRandom: 1,
            remaining: remaining)
    }

    @Test func aRetryAfterWithinWhatIsLeftIsWaitedFor() {
        #expect(decide(RetryPolicyTests.status(503), retryAfter: "5", remaining: .seconds(30)) == .retry(after: .seconds(5)))
    }

    @Test func aRetryAfterBeyondWhatIsLeftGivesUpAndSaysHowMuchWasLeft() {
        #expect(
            decide(RetryPolicyTests.status(503), retryAfter: "120", remaining: .seconds(30))
                == .retryAfterTooLong(requested: .seconds(120), allowed: .seconds(30)))
        // Without a deadline, the policy's own cap applies.
        #expect(
            decide(RetryPolicyTests.status(503), retryAfter: "120", remaining: nil)
                == .retryAfterTooLong(requested: .seconds(120), allowed: .seconds(60)))
    }

    @Test func aBackoffThatWouldEndAfterTheDeadlineIsNotStarted() {
        #expect(decide(.timedOut(url: request.url), remaining: .seconds(1)) == .outOfTime)
        #expect(decide(.timedOut(url: request.url), remaining: .seconds(3)) == .retry(after: .seconds(2)))
    }

    @Test func aRedirectLoopAndOtherPermanentTransportErrorsAreNotRetried() {
        #expect(decide(.redirectLoop(url: request.url, limit: 20), remaining: nil) == .giveUp)
        #expect(decide(.transport(url: request.url, code: -1007, message: "too many HTTP redirects"), remaining: nil) == .giveUp)
        #expect(decide(.transport(url: request.url, code: -1004, message: "refused"), remaining: nil) == .retry(after: .seconds(2)))
    }
}
