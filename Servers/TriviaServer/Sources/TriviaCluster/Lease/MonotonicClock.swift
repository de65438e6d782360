#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// An instant on the machine's monotonic clock, in nanoseconds since boot. Comparable across
/// the processes of one machine (`CLOCK_MONOTONIC`), so a test can line up the lease beliefs
/// of a child process with its own.
public struct MonotonicInstant: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// Nanoseconds since boot.
    public var nanoseconds: UInt64

    /// The instant `nanoseconds` after boot (as a child process printed it).
    public init(nanoseconds: UInt64) {
        self.nanoseconds = nanoseconds
    }

    /// `self` moved by `duration` (never below zero).
    public func advanced(by duration: Duration) -> MonotonicInstant {
        let (seconds, attoseconds) = duration.components
        let delta = seconds * 1_000_000_000 + attoseconds / 1_000_000_000
        return MonotonicInstant(nanoseconds: UInt64(max(0, Int64(nanoseconds) + delta)))
    }

    /// The time from `self` to `later` (negative if `later` is earlier).
    public func duration(to later: MonotonicInstant) -> Duration {
        .nanoseconds(Int64(later.nanoseconds) - Int64(nanoseconds))
    }

    /// The instant in nanoseconds, as the contender command prints it.
    public var description: String { "\(nanoseconds)ns" }

    /// Earlier instants first.
    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.nanoseconds < rhs.nanoseconds }
}

/// The clock a lease is measured on: it must not jump when the wall clock is set (a lease
/// believed valid for 1.75 s must end 1.75 s later whatever NTP does), hence monotonic.
/// Injected so the lease logic names its clock; ``SystemMonotonicClock`` is the real one.
public protocol MonotonicClock: Sendable {
    /// The current instant; never earlier than an instant read before.
    var now: MonotonicInstant { get }
    /// Suspends for `duration`; throws `CancellationError` when the task is cancelled.
    func sleep(for duration: Duration) async throws
}

/// `CLOCK_MONOTONIC`.
public struct SystemMonotonicClock: MonotonicClock {
    /// The machine's monotonic clock.
    public init() {}

    /// `CLOCK_MONOTONIC` now.
    public var now: MonotonicInstant {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return MonotonicInstant(nanoseconds: UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec))
    }

    /// Sleeps on the task clock (monotonic as well).
    public func sleep(for duration: Duration) async throws {
        try await Task.sleep(for: duration)
    }
}
