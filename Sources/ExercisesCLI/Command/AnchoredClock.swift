import Foundation
import SharedNetworking

/// A clock that starts at a chosen instant and then runs with its base clock (`--now`).
public struct AnchoredClock: AppClock {
    /// The instant the clock starts at.
    public let start: Date
    /// The clock whose running time is added.
    public let base: any AppClock
    private let baseStart: Date

    /// A clock at `start` now, then moving with `base`.
    public init(start: Date, base: any AppClock) {
        self.start = start
        self.base = base
        self.baseStart = base.now
    }

    /// `start` plus the time `base` has run since this clock was made.
    public var now: Date { start.addingTimeInterval(base.now.timeIntervalSince(baseStart)) }

    /// Sleeps on `base`.
    public func sleep(for duration: Duration) async throws {
        try await base.sleep(for: duration)
    }

    /// Sleeps on `base` until its instant that this clock reads as `deadline`.
    public func sleep(until deadline: Date) async throws {
        try await base.sleep(until: baseStart.addingTimeInterval(deadline.timeIntervalSince(start)))
    }
}
