import TestSupport
import Testing

@testable import ExercisesWeb

/// A screen's tasks stay bounded however fast a page asks for work, and nothing is forgotten
/// without being cancelled.
@Suite("A screen's tasks")
@MainActor
struct ScreenTasksTests {
    /// Work that waits until cancelled, and says whether it was.
    final class Waiter {
        var cancelled = 0
        var finished = 0
    }

    private func waitForCancellation(_ waiter: Waiter) -> @MainActor () async -> Void {
        {
            while !Task.isCancelled { await Task.yield() }
            waiter.cancelled += 1
        }
    }

    @Test func pastTheLimitTheOldestIsCancelledNotForgotten() async {
        let tasks = ScreenTasks(limit: 3)
        let waiter = Waiter()
        for _ in 0..<5 { tasks.run(waitForCancellation(waiter)) }
        #expect(tasks.count == 3)
        #expect(await eventually { waiter.cancelled == 2 })
        tasks.cancelAll()
        #expect(await eventually { waiter.cancelled == 5 })
        #expect(tasks.count == 0)
    }

    @Test func workOfTheSameKeyReplacesTheRunningOne() async {
        let tasks = ScreenTasks(limit: 8)
        let waiter = Waiter()
        tasks.run(key: "logos", waitForCancellation(waiter))
        tasks.run(key: "logos", waitForCancellation(waiter))
        #expect(tasks.count == 1)
        #expect(await eventually { waiter.cancelled == 1 })
        tasks.cancelAll()
    }

    @Test func finishedWorkLeavesTheSet() async {
        let tasks = ScreenTasks(limit: 8)
        let waiter = Waiter()
        for _ in 0..<4 { tasks.run { waiter.finished += 1 } }
        #expect(await eventually { tasks.count == 0 })
        #expect(waiter.finished == 4)
    }
}
