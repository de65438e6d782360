import Foundation
import SharedNetworking
import TestSupport
import Testing

@Suite("ManualClock: sleeping until an instant")
struct ManualClockTests {
    static let start = Date(timeIntervalSince1970: 1_599_724_800)

    @Test("sleep(until:) ends at the instant even when the clock moved before the sleep started")
    func untilAnInstant() async throws {
        let clock = ManualClock(now: Self.start)
        let deadline = Self.start.addingTimeInterval(10)
        // The clock moves past what a sleep of the time left would have been measured from.
        clock.advance(by: .seconds(5))
        let sleeper = Task { try await clock.sleep(until: deadline) }
        #expect(await waitForSleeper(clock))
        clock.advance(by: .seconds(5))
        try await sleeper.value
        #expect(clock.now == deadline)
    }

    @Test("sleep(until:) an instant already passed returns at once; a cancelled sleeper throws")
    func passedAndCancelled() async throws {
        let clock = ManualClock(now: Self.start)
        try await clock.sleep(until: Self.start.addingTimeInterval(-1))
        let sleeper = Task { try await clock.sleep(until: Self.start.addingTimeInterval(60)) }
        #expect(await waitForSleeper(clock))
        sleeper.cancel()
        await #expect(throws: CancellationError.self) { try await sleeper.value }
    }

    /// Waits (real time, bounded) until a task sleeps on `clock`.
    func waitForSleeper(_ clock: ManualClock) async -> Bool {
        await eventually { clock.sleeperCount > 0 }
    }
}
