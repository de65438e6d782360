import Foundation

/// When and how long to wait before sending an idempotent request again.
///
/// Exponential backoff with "full jitter" (AWS Architecture Blog, 2015): attempt *n* waits a
/// random time in `0...min(maxDelay, baseDelay × 2ⁿ)`, which spreads retries from many
/// clients instead of synchronising them. A `Retry-After` header (seconds or an HTTP date)
/// replaces the computed delay; if it asks for longer than ``maxRetryAfter`` the request fails
/// at once rather than hanging a screen.
public struct RetryPolicy: Sendable {
    /// Total attempts including the first; 1 disables retrying.
    public var maxAttempts: Int
    /// The ceiling of the first retry's random wait; each later attempt doubles it.
    public var baseDelay: Duration
    /// The longest computed wait, however many attempts came before.
    public var maxDelay: Duration
    /// The longest `Retry-After` honoured.
    public var maxRetryAfter: Duration

    /// A policy; the defaults (3 attempts, 300 ms base, 8 s cap, 60 s longest `Retry-After`) suit
    /// a phone on a flaky network without leaving a screen hanging.
    public init(
        maxAttempts: Int = 3,
        baseDelay: Duration = .milliseconds(300),
        maxDelay: Duration = .seconds(8),
        maxRetryAfter: Duration = .seconds(60)
    ) {
        self.maxAttempts = max(1, maxAttempts)
        self.baseDelay = baseDelay
        self.maxDelay = maxDelay
        self.maxRetryAfter = maxRetryAfter
    }

    /// No retries.
    public static let never = RetryPolicy(maxAttempts: 1)

    /// What to do after a failed attempt.
    public enum Decision: Sendable, Equatable {
        /// Send the request again after this wait.
        case retry(after: Duration)
        /// Give up with the failure as it came: not transient, not idempotent, or no attempts left.
        case giveUp
        /// The server asked (`Retry-After`) for a wait of `requested`, longer than `allowed` (the
        /// policy's ``RetryPolicy/maxRetryAfter`` or what is left of the deadline): give up now.
        case retryAfterTooLong(requested: Duration, allowed: Duration)
        /// The computed backoff would end after the deadline: give up with the failure as it came.
        case outOfTime
    }

    /// The wait before attempt `attempt + 1` (attempt counts from 1) given the failure, or `nil`
    /// when the request should not be retried. `unitRandom` is a number in `0..<1`.
    public func delay(
        after error: NetworkError,
        attempt: Int,
        request: HTTPRequest,
        retryAfter: String?,
        now: Date,
        unitRandom: Double
    ) -> Duration? {
        let decision = decision(
            after: error, attempt: attempt, request: request, retryAfter: retryAfter, now: now, unitRandom: unitRandom, remaining: nil)
        if case .retry(let delay) = decision { return delay }
        return nil
    }

    /// What to do after attempt `attempt` (counting from 1) failed with `error`, when
    /// `remaining` is what is left of the request's deadline (`nil`: no deadline). A
    /// `Retry-After` longer than ``maxRetryAfter`` or than `remaining` ends the load at once;
    /// so does a computed backoff that would end after the deadline.
    public func decision(
        after error: NetworkError,
        attempt: Int,
        request: HTTPRequest,
        retryAfter: String?,
        now: Date,
        unitRandom: Double,
        remaining: Duration?
    ) -> Decision {
        guard request.isIdempotent, attempt < maxAttempts, error.isTransient else { return .giveUp }
        if let retryAfter, let requested = Self.parseRetryAfter(retryAfter, now: now) {
            let allowed = remaining.map { min($0, maxRetryAfter) } ?? maxRetryAfter
            return requested <= allowed ? .retry(after: requested) : .retryAfterTooLong(requested: requested, allowed: max(.zero, allowed))
        }
        let exponent = min(attempt - 1, 30)
        let ceiling = min(maxDelay.timeInterval, baseDelay.timeInterval * pow(2, Double(exponent)))
        let delay = Duration.seconds(ceiling * min(max(unitRandom, 0), 1))
        if let remaining, delay >= remaining { return .outOfTime }
        return .retry(after: delay)
    }

    /// `Retry-After` as delay-seconds or an HTTP-date (RFC 9110 §10.2.3, §5.6.7): the
    /// IMF-fixdate, and the obsolete RFC 850 and asctime forms that recipients must accept.
    public static func parseRetryAfter(_ value: String, now: Date) -> Duration? {
        let trimmed = value.trimmingCharacters(in: .whitespaces)
        if let seconds = Int(trimmed), seconds >= 0 { return .seconds(seconds) }
        return HTTPDate.parse(trimmed).map { .seconds(max(0, $0.timeIntervalSince(now))) }
    }
}

/// An ``HTTPClient`` decorator that retries transient failures of idempotent requests, within
/// the request's deadline.
///
/// The clock is injected so tests run the real backoff schedule and deadline without sleeping,
/// and the random source is injected so jitter is reproducible. Each retry is announced to the
/// ``RetryObserver`` bound for the calling task, before its wait begins.
///
/// **Deadline.** When the request has a ``HTTPRequest/deadline``, every attempt races it on the
/// clock: an attempt still running when it passes is cancelled (down to the socket) and the load
/// fails with ``NetworkError/deadlineExceeded(url:deadline:attempts:)``. A wait that would end
/// after the deadline is never started: a `Retry-After` longer than what is left fails at once
/// with ``NetworkError/retryAfterTooLong(url:code:retryAfter:wait:allowed:bodyExcerpt:)``,
/// which quotes the server's value; a computed backoff that does not fit gives up with the
/// failure as it came.
public struct RetryingHTTPClient: HTTPClient {
    /// The client that sends each attempt.
    public var base: any HTTPClient
    /// How many attempts and how long between them.
    public var policy: RetryPolicy
    /// The clock that waits between attempts and keeps deadlines; a ``ManualClock`` in tests.
    public var clock: any AppClock
    /// A random number in `0..<1` for the jitter; tests pass a fixed one to get an exact schedule.
    public var unitRandom: @Sendable () -> Double

    /// A retrying client over `base`, waiting on `clock`.
    public init(
        base: any HTTPClient,
        policy: RetryPolicy = RetryPolicy(),
        clock: any AppClock,
        unitRandom: @escaping @Sendable () -> Double = { Double.random(in: 0..<1) }
    ) {
        self.base = base
        self.policy = policy
        self.clock = clock
        self.unitRandom = unitRandom
    }

    /// Sends `request`, retrying a transient failure of an idempotent request as ``policy`` and
    /// the request's deadline allow; the last failure is thrown as it came.
    public func send(_ request: HTTPRequest) async throws(NetworkError) -> HTTPResponse {
        let deadline = request.deadline.map { clock.now.addingTimeInterval($0.timeInterval) }
        // What is left of the deadline now (`nil`: none); read again after each attempt.
        let remainingNow = { deadline.map { Duration.seconds($0.timeIntervalSince(clock.now)) } }
        var attempt = 1
        while true {
            let remaining = remainingNow()
            if let remaining, let total = request.deadline, remaining <= .zero {
                throw .deadlineExceeded(url: request.url, deadline: total, attempts: attempt - 1)
            }
            do {
                return try await send(request, attempt: attempt, within: remaining)
            } catch {
                if case .deadlineExceeded = error { throw error }
                if case .cancelled = error { throw error }
                let decision = policy.decision(
                    after: error,
                    attempt: attempt,
                    request: request,
                    retryAfter: error.retryAfter,
                    now: clock.now,
                    unitRandom: unitRandom(),
                    remaining: remainingNow()
                )
                let delay: Duration
                switch decision {
                case .retry(let wait): delay = wait
                case .giveUp, .outOfTime: throw error
                case .retryAfterTooLong(let requested, let allowed):
                    guard case .httpStatus(let code, let url, let excerpt, let retryAfter?) = error else { throw error }
                    throw .retryAfterTooLong(
                        url: url, code: code, retryAfter: retryAfter, wait: requested, allowed: allowed, bodyExcerpt: excerpt)
                }
                if let observer = RetryObserver.current {
                    await observer.willRetry(
                        RetryNotice(attempt: attempt + 1, maxAttempts: policy.maxAttempts, delay: delay, reason: error))
                }
                do {
                    try await clock.sleep(for: delay)
                } catch {
                    throw .cancelled
                }
                attempt += 1
            }
        }
    }

    /// One attempt; with a deadline, raced against it on the clock (the loser is cancelled).
    private func send(_ request: HTTPRequest, attempt: Int, within remaining: Duration?) async throws(NetworkError) -> HTTPResponse {
        guard let remaining, let total = request.deadline else { return try await base.send(request) }
        let base = self.base
        let clock = self.clock
        let outcome: Result<HTTPResponse, NetworkError>? = await withTaskGroup(of: Result<HTTPResponse, NetworkError>?.self) { group in
            group.addTask {
                do throws(NetworkError) {
                    return .success(try await base.send(request))
                } catch {
                    return .failure(error)
                }
            }
            group.addTask {
                do {
                    try await clock.sleep(for: remaining)
                    return nil
                } catch {
                    return .failure(.cancelled)
                }
            }
            let first = await group.next() ?? nil
            group.cancelAll()
            return first
        }
        guard let outcome else { throw .deadlineExceeded(url: request.url, deadline: total, attempts: attempt) }
        return try outcome.get()
    }
}

extension NetworkError {
    /// The `Retry-After` value carried by a status error, if the server sent one.
    var retryAfter: String? {
        if case .httpStatus(_, _, _, let retryAfter) = self { return retryAfter }
        return nil
    }
}
