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
        guard request.isIdempotent, attempt < maxAttempts, error.isTransient else { return nil }
        if let retryAfter, let requested = Self.parseRetryAfter(retryAfter, now: now) {
            return requested <= maxRetryAfter ? requested : nil
        }
        let exponent = min(attempt - 1, 30)
        let ceiling = min(maxDelay.timeInterval, baseDelay.timeInterval * pow(2, Double(exponent)))
        return .seconds(ceiling * min(max(unitRandom, 0), 1))
    }

    /// `Retry-After` as delay-seconds or an HTTP-date (RFC 9110 §10.2.3, §5.6.7): the
    /// IMF-fixdate, and the obsolete RFC 850 and asctime forms that recipients must accept.
    public static func parseRetryAfter(_ value: String, now: Date) -> Duration? {
        let trimmed = value.trimmingCharacters(in: .whitespaces)
        if let seconds = Int(trimmed), seconds >= 0 { return .seconds(seconds) }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        let formats = ["EEE, dd MMM yyyy HH:mm:ss zzz", "EEEE, dd-MMM-yy HH:mm:ss zzz", "EEE MMM d HH:mm:ss yyyy"]
        for format in formats {
            formatter.dateFormat = format
            if let date = formatter.date(from: trimmed.replacingOccurrences(of: "  ", with: " ")) {
                return .seconds(max(0, date.timeIntervalSince(now)))
            }
        }
        return nil
    }
}

/// An ``HTTPClient`` decorator that retries transient failures of idempotent requests.
///
/// The clock is injected so tests run the real backoff schedule without sleeping, and the
/// random source is injected so jitter is reproducible.
public struct RetryingHTTPClient: HTTPClient {
    /// The client that sends each attempt.
    public var base: any HTTPClient
    /// How many attempts and how long between them.
    public var policy: RetryPolicy
    /// The clock that waits between attempts; a ``ManualClock`` in tests.
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

    /// Sends `request`, retrying a transient failure of an idempotent request as ``policy`` allows;
    /// the last failure is thrown as it came.
    public func send(_ request: HTTPRequest) async throws(NetworkError) -> HTTPResponse {
        var attempt = 1
        while true {
            do {
                return try await base.send(request)
            } catch {
                guard
                    let delay = policy.delay(
                        after: error,
                        attempt: attempt,
                        request: request,
                        retryAfter: error.retryAfter,
                        now: clock.now,
                        unitRandom: unitRandom()
                    )
                else { throw error }
                do {
                    try await clock.sleep(for: delay)
                } catch {
                    throw .cancelled
                }
                attempt += 1
            }
        }
    }
}

extension NetworkError {
    /// The `Retry-After` value carried by a status error, if the server sent one.
    var retryAfter: String? {
        if case .httpStatus(_, _, _, let retryAfter) = self { return retryAfter }
        return nil
    }
}
