import Foundation
import SharedNetworking

/// A ``ManualClock`` that also remembers every duration it was asked to sleep, so a test can
/// assert the exact backoff a component chose (not just that it eventually woke).
public final class RecordingClock: AppClock {
    public let manual: ManualClock
    private let recorded = Locked<[Duration]>([])

    public init(now: Date = Date(timeIntervalSince1970: 1_600_000_000)) {
        manual = ManualClock(now: now)
    }

    public var now: Date { manual.now }

    /// Every `sleep(for:)` request so far, in call order.
    public var sleeps: [Duration] { recorded.withLock { $0 } }

    public func sleep(for duration: Duration) async throws {
        recorded.withLock { $0.append(duration) }
        try await manual.sleep(for: duration)
    }

    /// Moves time forward, waking sleepers that are due.
    public func advance(by duration: Duration) {
        manual.advance(by: duration)
    }

    /// Waits until `count` tasks sleep on this clock (``ManualClock/waitForSleepers(_:timeout:)``).
    @discardableResult
    public func waitForSleepers(_ count: Int = 1, timeout: Duration = .seconds(60)) async -> Bool {
        await manual.waitForSleepers(count, timeout: timeout)
    }
}
