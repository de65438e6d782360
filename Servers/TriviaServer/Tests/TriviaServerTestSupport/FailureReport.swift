import Foundation
import TestSupport
import Testing

/// What a test shows when one of its waits fails: named sources, read at that moment.
///
/// A cluster test that failed on a loaded CI machine used to say only "not true within 10 s".
/// A test that sets a report up (``FailureReport/with(_:_:)``) registers what explains it as it
/// starts things (each node's log, PostgreSQL's log, each player's screen and last frames),
/// and `eventually` (TestSupport) prints them when a wait fails, through `WaitFailure.report`.
/// Every line printed starts with `┃`, so CI can show them (Docs/Reliability.md).
public final class FailureReport: Sendable {
    /// The report of the test running in this task (and the tasks it starts).
    @TaskLocal public static var current: FailureReport?

    private let test: String
    private let started = ContinuousClock.now
    private let sources = Locked<[(name: String, read: @Sendable () async -> String)]>([])

    private init(test: String) {
        self.test = test
    }

    /// Runs `body` with a new report as ``current``.
    public static func with<T>(
        _ test: String = Test.current?.displayName ?? Test.current?.name ?? "test", isolation: isolated (any Actor)? = #isolation,
        _ body: (FailureReport) async throws -> T
    ) async rethrows -> T {
        let report = FailureReport(test: test)
        let printing: @Sendable (String) async -> Void = { await report.print(because: $0) }
        return try await $current.withValue(report) {
            try await WaitFailure.$report.withValue(printing) { try await body(report) }
        }
    }

    /// Adds a source: `read` is called when a wait fails, and its last lines printed.
    public func add(_ name: String, _ read: @escaping @Sendable () async -> String) {
        sources.withLock { $0.append((name, read)) }
    }

    /// Prints every source's last `lines` lines, under `reason`.
    public func print(because reason: String, lines: Int = 40) async {
        let elapsed = ContinuousClock.now - started
        var text = "┃ ━━━ \(test) at +\(elapsed.formatted(.units(allowed: [.seconds], fractionalPart: .show(length: 1)))): \(reason)\n"
        for (name, read) in sources.withLock({ $0 }) {
            let all = await read().split(separator: "\n", omittingEmptySubsequences: false)
            let shown = all.suffix(lines)
            text += "┃ ── \(name)\(all.count > shown.count ? " (last \(shown.count) of \(all.count) lines)" : "")\n"
            for line in shown { text += "┃   \(line)\n" }
        }
        FileHandle.standardOutput.write(Data(text.utf8))
    }
}

/// Prints a progress marker for the running test: `▷ +12.3 s  <test>: <step>`. When the CI
/// watchdog finds the suite stuck, the last marker of each pending test says where it was.
public func progress(_ step: String) {
    let test = Test.current?.displayName ?? Test.current?.name ?? "?"
    let uptime = ProcessInfo.processInfo.systemUptime
    FileHandle.standardOutput.write(Data("▷ \(String(format: "%.1f", uptime)) s  \(test): \(step)\n".utf8))
}
