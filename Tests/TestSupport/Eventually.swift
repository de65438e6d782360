import Foundation
import SharedNetworking

/// Whether `condition` comes to hold: the one meaning of `eventually` in the root package's
/// tests and in the nested packages' (which use this `TestSupport` as a product).
///
/// The condition is checked on the caller's actor (so main-actor view-model state is read
/// directly) until it is true, or until the waiting task has had `within` of time *in which it
/// could check*: a step of the wait (a yield, then a 1 ms sleep) counts for at most 50 ms
/// (``/SharedNetworking/ManualClock/poll(timeout:isolation:_:)``), so time the task was
/// descheduled is not counted. On a two-core machine running a whole suite under a sanitizer,
/// the waiter and the work it waits for are descheduled together, and that gap is not the work
/// being late. The default is generous: it costs time only when a test is already failing. A
/// cancelled task (its test's time limit passed) stops waiting at once.
///
/// For real concurrent work (sockets, child processes, other tasks and threads); anything driven
/// by an ``/SharedNetworking/AppClock`` is advanced with a ``/SharedNetworking/ManualClock``
/// instead. That something does *not* happen within a stretch of real time is ``never(within:isolation:_:)``.
///
/// When the condition does not hold, ``WaitFailure/report`` (a test's own explanation, if it set
/// one) is called with where and why, unless `reportingFailure` is `false` (a short wait inside
/// a retry loop, whose misses are expected); the caller's `#expect` records the failure itself.
@discardableResult
public func eventually(
    within timeout: Duration = .seconds(60), reportingFailure: Bool = true,
    isolation: isolated (any Actor)? = #isolation,
    _ condition: () async -> Bool,
    fileID: String = #fileID, line: Int = #line
) async -> Bool {
    if await ManualClock.poll(timeout: timeout, isolation: isolation, condition) { return true }
    if reportingFailure, let report = WaitFailure.report {
        let why = Task.isCancelled ? "cancelled (the time limit passed)" : "not true within \(timeout) of checking"
        await report("\(fileID):\(line): \(why)")
    }
    return false
}

/// Whether `condition` stays false for all of `window`, real (wall-clock) time: for what must
/// not happen (a connection that must stay open, a reconnect that must not come). Checked every
/// 10 ms; `false` as soon as it holds. Unlike ``eventually(within:reportingFailure:isolation:_:fileID:line:)``, the
/// window is the wall clock's: the claim is about real time passing.
public func never(
    within window: Duration,
    isolation: isolated (any Actor)? = #isolation,
    _ condition: () async -> Bool
) async -> Bool {
    let deadline = ContinuousClock.now.advanced(by: window)
    while ContinuousClock.now < deadline, !Task.isCancelled {
        if await condition() { return false }
        try? await Task.sleep(for: .milliseconds(10))
    }
    return !(await condition())
}

/// What a test shows when one of its waits fails, beyond `false`: a test that starts servers
/// and processes registers what explains a failure (their logs, each player's screen), and
/// ``eventually(within:reportingFailure:isolation:_:fileID:line:)`` calls it when a wait fails.
public enum WaitFailure {
    /// Called with `file:line: why` when a wait of this task (or a task it started) fails.
    @TaskLocal public static var report: (@Sendable (String) async -> Void)?
}
