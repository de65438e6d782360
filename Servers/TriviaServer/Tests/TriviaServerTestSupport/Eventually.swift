import Foundation

/// Polls `condition` every `interval` until it holds or `seconds` of real time pass: real
/// sockets, databases and child processes deliver asynchronously, so tests wait for an outcome
/// (never for a duration). A cancelled test (its time limit passed) stops waiting at once.
///
/// When the condition does not hold in time, the running test's ``FailureReport`` (if it set
/// one up) prints what explains it: the nodes' and PostgreSQL's logs, each player's screen and
/// last frames. The caller's `#expect` records the failure itself. A wait whose `false` is no
/// failure (a poll in a retry loop, a check that something does *not* happen) passes
/// `reportingFailure: false`.
@discardableResult
public func eventually(
    within seconds: Double = 10, interval: Duration = .milliseconds(10), reportingFailure: Bool = true,
    isolation: isolated (any Actor)? = #isolation, _ condition: () async -> Bool, fileID: String = #fileID, line: Int = #line
) async -> Bool {
    let deadline = ContinuousClock.now + .seconds(seconds)
    while ContinuousClock.now < deadline, !Task.isCancelled {
        if await condition() { return true }
        try? await Task.sleep(for: interval)
    }
    if await condition() { return true }
    if reportingFailure, let report = FailureReport.current {
        let why = Task.isCancelled ? "cancelled (the time limit passed)" : "not true within \(seconds) s"
        await report.print(because: "\(fileID):\(line): \(why)")
    }
    return false
}
