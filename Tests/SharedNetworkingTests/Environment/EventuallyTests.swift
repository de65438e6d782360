import Foundation
import SharedNetworking
import TestSupport
import Testing

/// The waits every package's tests use (TestSupport): `eventually` for what must come to hold,
/// `never` for what must not happen, and the report a failed `eventually` makes.
@Suite("eventually and never")
struct EventuallyTests {
    @Test("eventually: true once another task makes the condition hold; false, and reported, when it never does")
    func eventuallyHolds() async {
        let flag = Locked(false)
        let setter = Task {
            try? await Task.sleep(for: .milliseconds(30))
            flag.withLock { $0 = true }
        }
        #expect(await eventually { flag.withLock { $0 } })
        await setter.value

        let reasons = Locked<[String]>([])
        let record: @Sendable (String) async -> Void = { reason in reasons.withLock { $0.append(reason) } }
        let held = await WaitFailure.$report.withValue(record) {
            await eventually(within: .milliseconds(50)) { false }
        }
        #expect(!held)
        #expect(reasons.withLock { $0.count } == 1)
        #expect(reasons.withLock { $0.first?.contains("EventuallyTests.swift") } == true, "the report says where")
        let quiet = await WaitFailure.$report.withValue(record) {
            await eventually(within: .milliseconds(10), reportingFailure: false) { false }
        }
        #expect(!quiet && reasons.withLock { $0.count } == 1, "a retried wait reports nothing")
    }

    @Test("eventually stops at once when its task is cancelled")
    func eventuallyStopsWhenCancelled() async {
        let started = ContinuousClock.now
        let wait = Task { await eventually(within: .seconds(60)) { false } }
        wait.cancel()
        #expect(await wait.value == false)
        #expect(ContinuousClock.now - started < .seconds(30))
    }

    @Test("never: true when the condition stays false for the window, false as soon as it holds")
    func neverHolds() async {
        let started = ContinuousClock.now
        #expect(await never(within: .milliseconds(100)) { false })
        #expect(ContinuousClock.now - started >= .milliseconds(100), "the window is wall-clock time")
        let flag = Locked(false)
        let setter = Task {
            try? await Task.sleep(for: .milliseconds(20))
            flag.withLock { $0 = true }
        }
        #expect(await never(within: .seconds(30)) { flag.withLock { $0 } } == false)
        await setter.value
    }
}
