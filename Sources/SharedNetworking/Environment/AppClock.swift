import Foundation

/// The one source of "now" and of waiting, injected everywhere.
///
/// Logic never calls `Date()` or `Task.sleep` directly: it asks its clock. Production code
/// passes ``SystemClock``; tests pass ``ManualClock`` and move time by hand, so retry backoff,
/// countdowns and cache expiry are tested without sleeping.
public protocol AppClock: Sendable {
    /// The current wall-clock time.
    var now: Date { get }
    /// Suspends for `duration` of this clock's time. Throws `CancellationError` when the
    /// calling task is cancelled.
    func sleep(for duration: Duration) async throws
    /// Suspends until this clock reads `deadline` or later (at once when it already does).
    /// Throws `CancellationError` when the calling task is cancelled.
    ///
    /// Not the same as `sleep(for: deadline - now)`: on a clock that another task moves (a
    /// test's ``ManualClock``), time may pass between reading `now` and the sleep starting, and
    /// the relative sleep then ends that much after the deadline.
    func sleep(until deadline: Date) async throws
}

extension AppClock {
    /// `sleep(for:)` the time left until `deadline`: right for a clock that moves on its own.
    public func sleep(until deadline: Date) async throws {
        let wait = deadline.timeIntervalSince(now)
        if wait > 0 {
            try await sleep(for: .seconds(wait))
        } else {
            try Task.checkCancellation()
        }
    }
}

/// The real clock: wall time from the system, sleeping on `ContinuousClock`.
public struct SystemClock: AppClock {
    /// The system's clock; it has no state.
    public init() {}

    /// The system's wall-clock time: the one place in the package that calls `Date()`.
    public var now: Date { Date() }

    /// Sleeps with `Task.sleep(for:)`; throws `CancellationError` when the task is cancelled.
    public func sleep(for duration: Duration) async throws {
        try await Task.sleep(for: duration)
    }
}

/// A clock that only moves when told to, for tests and for deterministic command-line runs.
///
/// `sleep(for:)` suspends until ``advance(by:)`` moves the time past the sleeper's deadline;
/// sleepers wake in deadline order. Cancelling a sleeping task wakes it with
/// `CancellationError`.
public final class ManualClock: AppClock, @unchecked Sendable {
    private struct Sleeper {
        let id: UInt64
        let deadline: Date
        let continuation: CheckedContinuation<Void, any Error>
    }

    private let lock = NSLock()
    private var current: Date
    private var sleepers: [Sleeper] = []
    private var nextID: UInt64 = 0

    /// A clock stopped at `now` until a test moves it.
    public init(now: Date) {
        self.current = now
    }

    /// The time the clock was last set to.
    public var now: Date {
        lock.withLock { current }
    }

    /// How many tasks are currently waiting on this clock (lets tests wait for a sleeper).
    public var sleeperCount: Int {
        lock.withLock { sleepers.count }
    }

    /// Suspends until the clock is advanced to at least `now + duration`; throws
    /// `CancellationError` at once when the sleeping task is cancelled.
    public func sleep(for duration: Duration) async throws {
        try await sleep { now in now.addingTimeInterval(duration.timeInterval) }
    }

    /// Suspends until the clock is advanced to at least `deadline`, however far it moves before
    /// the sleep starts; throws `CancellationError` at once when the sleeping task is cancelled.
    public func sleep(until deadline: Date) async throws {
        try await sleep { _ in deadline }
    }

    /// Sleeps until the deadline `deadline` computes from the time at which the sleeper is
    /// registered (under the lock, so no advance falls between the two).
    private func sleep(deadline: (Date) -> Date) async throws {
        try Task.checkCancellation()
        let id: UInt64 = lock.withLock {
            nextID += 1
            return nextID
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let resumeNow: Bool = lock.withLock {
                    let deadline = deadline(current)
                    if deadline <= current || Task.isCancelled { return true }
                    sleepers.append(Sleeper(id: id, deadline: deadline, continuation: continuation))
                    return false
                }
                if resumeNow {
                    if Task.isCancelled {
                        continuation.resume(throwing: CancellationError())
                    } else {
                        continuation.resume()
                    }
                }
            }
        } onCancel: {
            let cancelled: Sleeper? = lock.withLock {
                guard let index = sleepers.firstIndex(where: { $0.id == id }) else { return nil }
                return sleepers.remove(at: index)
            }
            cancelled?.continuation.resume(throwing: CancellationError())
        }
    }

    /// Moves time forward and wakes every sleeper whose deadline has been reached.
    public func advance(by duration: Duration) {
        let due: [Sleeper] = lock.withLock {
            current = current.addingTimeInterval(duration.timeInterval)
            let now = current
            let due = sleepers.filter { $0.deadline <= now }.sorted { $0.deadline < $1.deadline }
            sleepers.removeAll { $0.deadline <= now }
            return due
        }
        for sleeper in due { sleeper.continuation.resume() }
    }

    /// Sets the time (forward only) and wakes sleepers that are due.
    public func advance(to date: Date) {
        let delta = date.timeIntervalSince(now)
        if delta > 0 { advance(by: .seconds(delta)) }
    }

    /// Waits until at least `count` tasks are sleeping on this clock, or `timeout` of real time
    /// has passed (then returns `false`). A sleeper usually arrives after work on other threads,
    /// so this waits on the real clock; the manual time itself does not move.
    @discardableResult
    public func waitForSleepers(_ count: Int = 1, timeout: Duration = .seconds(60)) async -> Bool {
        await Self.poll(timeout: timeout) { self.sleeperCount >= count }
    }

    /// Checks `condition` on the caller's actor until it holds or `timeout` passes on the real
    /// clock: first by yielding (enough for work on other tasks of the same actor), then every
    /// millisecond; a cancelled task stops at once. For tests waiting on real concurrent work.
    ///
    /// Only time this task could have spent checking counts: a step (one yield or one 1 ms
    /// sleep) counts for at most 50 ms. When every thread of the pool is busy (a two-core
    /// machine running a large test suite under a sanitizer), the waiter and the work it waits
    /// for are both descheduled, and that gap is not the work being late.
    public static func poll(
        timeout: Duration,
        isolation: isolated (any Actor)? = #isolation,
        _ condition: () async -> Bool
    ) async -> Bool {
        var waited = Duration.zero
        var last = ContinuousClock.now
        var round = 0
        while waited < timeout, !Task.isCancelled {
            if await condition() { return true }
            round += 1
            if round < 200 {
                await Task.yield()
            } else {
                try? await Task.sleep(for: .milliseconds(1))
            }
            let now = ContinuousClock.now
            waited += min(now - last, .milliseconds(50))
            last = now
        }
        return await condition()
    }
}

extension Duration {
    /// The duration in seconds as a `TimeInterval`.
    public var timeInterval: TimeInterval {
        let (seconds, attoseconds) = components
        return TimeInterval(seconds) + TimeInterval(attoseconds) / 1e18
    }
}
