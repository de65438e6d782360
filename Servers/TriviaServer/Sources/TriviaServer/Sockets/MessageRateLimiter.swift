import Foundation

/// A token bucket: up to `burst` messages at once, refilled at `perSecond`. Pure: time comes
/// with each call, so tests drive it with a manual clock.
struct MessageRateLimiter: Sendable, Hashable {
    let perSecond: Double
    let burst: Double
    private(set) var tokens: Double
    private var updated: Date

    init(perSecond: Double, burst: Int, now: Date) {
        self.perSecond = perSecond
        self.burst = Double(burst)
        self.tokens = Double(burst)
        self.updated = now
    }

    /// Whether one more message is allowed at `now`; takes a token if so.
    mutating func admit(at now: Date) -> Bool {
        if now > updated {
            tokens = min(burst, tokens + now.timeIntervalSince(updated) * perSecond)
            updated = now
        }
        guard tokens >= 1 else { return false }
        tokens -= 1
        return true
    }
}
