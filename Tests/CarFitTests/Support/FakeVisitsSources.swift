import CarFit
import Foundation
import SharedNetworking
import TestSupport

/// A source that answers from a script, one result per call (the last one repeats), and counts
/// the calls.
final class ScriptedVisitsSource: CarFitFeedLoading {
    private let state: Locked<(results: [Result<VisitBatch, CarFitError>], calls: Int)>
    private let savedCopy: Saved<VisitBatch>?

    init(_ results: [Result<VisitBatch, CarFitError>], saved: Saved<VisitBatch>? = nil) {
        state = Locked((results, 0))
        savedCopy = saved
    }

    func saved() async -> Saved<VisitBatch>? { savedCopy }

    convenience init(visits: [Visit]) {
        self.init([.success(VisitBatch(visits: visits))])
    }

    var callCount: Int { state.withLock { $0.calls } }

    func load() async throws(CarFitError) -> VisitBatch {
        let result = state.withLock { state -> Result<VisitBatch, CarFitError> in
            state.calls += 1
            return state.results.count > 1 ? state.results.removeFirst() : state.results[0]
        }
        return try result.get()
    }
}

/// A source whose fetches stay suspended until the test releases them, to observe the
/// view-model while a fetch is running.
final class SuspendingVisitsSource: CarFitFeedLoading {
    private struct State {
        var calls = 0
        var waiting: [CheckedContinuation<Result<VisitBatch, CarFitError>, Never>] = []
    }

    private let state = Locked(State())

    var callCount: Int { state.withLock { $0.calls } }
    var suspendedCount: Int { state.withLock { $0.waiting.count } }

    func load() async throws(CarFitError) -> VisitBatch {
        let result = await withCheckedContinuation { continuation in
            state.withLock {
                $0.calls += 1
                $0.waiting.append(continuation)
            }
        }
        return try result.get()
    }

    /// Waits (yielding) until `count` fetches are suspended.
    func waitUntilSuspended(_ count: Int = 1) async -> Bool {
        for _ in 0..<100_000 {
            if suspendedCount >= count { return true }
            await Task.yield()
        }
        return suspendedCount >= count
    }

    /// Resumes every suspended fetch with `result`.
    func release(with result: Result<VisitBatch, CarFitError>) {
        let waiting = state.withLock { state in
            defer { state.waiting.removeAll() }
            return state.waiting
        }
        for continuation in waiting { continuation.resume(returning: result) }
    }
}

/// A source whose fetch runs until the test finishes it or the fetching task is cancelled, as
/// a network request does; it counts the fetches that saw their cancellation.
final class CancellableVisitsSource: CarFitFeedLoading {
    private struct State {
        var calls = 0
        var cancelled = 0
        var waiting: [Int: CheckedContinuation<Result<VisitBatch, CarFitError>, Never>] = [:]
    }

    private let state = Locked(State())

    var callCount: Int { state.withLock { $0.calls } }
    var cancelledCount: Int { state.withLock { $0.cancelled } }
    var runningCount: Int { state.withLock { $0.waiting.count } }

    func load() async throws(CarFitError) -> VisitBatch {
        let id = state.withLock { state in
            state.calls += 1
            return state.calls
        }
        let result = await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let cancelledAlready = state.withLock { state in
                    if Task.isCancelled { return true }
                    state.waiting[id] = continuation
                    return false
                }
                if cancelledAlready { continuation.resume(returning: .failure(.loading(.cancelled))) }
            }
        } onCancel: {
            let continuation = state.withLock { $0.waiting.removeValue(forKey: id) }
            continuation?.resume(returning: .failure(.loading(.cancelled)))
        }
        if case .failure(let error) = result, error.isCancellation {
            state.withLock { $0.cancelled += 1 }
        }
        return try result.get()
    }

    /// Finishes every running fetch with `result`.
    func finish(with result: Result<VisitBatch, CarFitError>) {
        let waiting = state.withLock { state in
            defer { state.waiting.removeAll() }
            return Array(state.waiting.values)
        }
        for continuation in waiting { continuation.resume(returning: result) }
    }
}
