import Foundation
import SharedNetworking
import TriviaServerTestSupport

/// The app's clock in these tests: the harness's ``ManualClock``, seen through a wrapper that
/// lets a test wait until an app timer is really armed before moving time.
///
/// A view-model starts a timer in a new task; that task may reach `sleep(for:)` only after the
/// test has already advanced the manual clock, which would push the timer's deadline later by
/// the whole advance. Here every sleep's deadline is fixed when `sleep(for:)` is called and
/// recorded, and the test waits for it with ``waitForTimer(at:within:)`` before advancing.
final class AppTimerClock: AppClock {
    let manual: ManualClock
    private let pending = Locked<(next: UInt64, deadlines: [UInt64: Date])>((0, [:]))

    init(_ manual: ManualClock) {
        self.manual = manual
    }

    var now: Date { manual.now }

    func sleep(for duration: Duration) async throws {
        let deadline = manual.now.addingTimeInterval(duration.timeInterval)
        let id = pending.withLock { state -> UInt64 in
            state.next += 1
            state.deadlines[state.next] = deadline
            return state.next
        }
        defer { _ = pending.withLock { $0.deadlines.removeValue(forKey: id) } }
        // Until the absolute deadline, so an advance that lands between the call and the
        // manual clock's registration does not delay the wake-up.
        while case let remaining = deadline.timeIntervalSince(manual.now), remaining > 0 {
            try await manual.sleep(for: .seconds(remaining))
        }
    }

    /// Waits (real time, at most `seconds`) until a timer due at `deadline` (to the millisecond)
    /// is armed.
    func waitForTimer(at deadline: Date, within seconds: Double = 10) async -> Bool {
        await eventually(within: .seconds(seconds)) { self.hasTimer(at: deadline) }
    }

    func hasTimer(at deadline: Date) -> Bool {
        pending.withLock { $0.deadlines.values.contains { abs($0.timeIntervalSince(deadline)) < 0.001 } }
    }
}
