import Foundation
import SharedNetworking

/// The one scripted ``FeedLoading`` of every view-model test: answers each load from a script,
/// counts the loads, keeps a saved copy, announces retries, and holds loads until the test lets
/// them go, or until their task is cancelled, as a network request ends.
///
/// Each module's test target makes it its module's seam in one line
/// (`extension ScriptedFeedLoader: ScheduleFeedLoading where Feed == ScheduleFeed {}`), so the
/// four feed view-models are tested with the same double.
///
/// - The script is consumed one step per load; ``Step/retry(_:of:reason:)`` steps before an
///   answer are announced to the task's `RetryObserver` in the same load; the last answer
///   repeats once the script is used up.
/// - ``holdCalls()`` (every load from now on) or ``holdNextCall()`` (one) makes loads wait after
///   their retries: ``release()`` lets them go on with their scripted answer,
///   ``finish(with:)`` ends them with another. A held load whose task is cancelled ends at once
///   with ``NetworkError/cancelled`` and is counted in ``cancelledCount``.
public final class ScriptedFeedLoader<Feed: Sendable>: FeedLoading, Sendable {
    /// One step of the script.
    public enum Step: Sendable {
        /// The load's outcome.
        case answer(Result<Loaded<Feed>, NetworkError>)
        /// Announce a retry of `attempt` out of `total` (for `reason`), then go on to the next step
        /// in the same load.
        case retry(_ attempt: Int, of: Int, reason: NetworkError = .timedOut(url: ScriptedFeedLoader.url))

        /// A load that succeeds with `loaded`.
        public static func success(_ loaded: Loaded<Feed>) -> Step { .answer(.success(loaded)) }
        /// A load that fails with `error`.
        public static func failure(_ error: NetworkError) -> Step { .answer(.failure(error)) }
    }

    /// The address the script's errors name.
    public static var url: URL { URL(fileURLWithPath: "/scripted/feed.json") }

    private struct State {
        var steps: [Step]
        var last: Result<Loaded<Feed>, NetworkError>?
        var saved: Saved<Loaded<Feed>>?
        var calls = 0
        var holdAll = false
        var holdNext = 0
        var earlyReleases = 0
        var nextID = 0
        var held: [Int: CheckedContinuation<Result<Loaded<Feed>, NetworkError>?, Never>] = [:]
        var cancelled = 0
    }

    private let state: Locked<State>

    /// A loader playing `steps`, with `saved` as its saved copy.
    public init(_ steps: [Step], saved: Saved<Loaded<Feed>>? = nil) {
        state = Locked(State(steps: steps, saved: saved))
    }

    /// A loader answering `answers` in order (the last repeats).
    public convenience init(answers: [Result<Loaded<Feed>, NetworkError>], saved: Saved<Loaded<Feed>>? = nil) {
        self.init(answers.map(Step.answer), saved: saved)
    }

    /// A loader whose every load succeeds with `loaded`.
    public convenience init(_ loaded: Loaded<Feed>, saved: Saved<Loaded<Feed>>? = nil) {
        self.init([.success(loaded)], saved: saved)
    }

    /// A loader whose every load waits for ``finish(with:)`` (or ``release()``, to play `steps`).
    public static func holding(_ steps: [Step] = []) -> ScriptedFeedLoader {
        let loader = ScriptedFeedLoader(steps)
        loader.holdCalls()
        return loader
    }

    /// How many loads have started.
    public var callCount: Int { state.withLock { $0.calls } }
    /// How many loads are held now.
    public var heldCount: Int { state.withLock { $0.held.count } }
    /// How many held loads ended because their task was cancelled.
    public var cancelledCount: Int { state.withLock { $0.cancelled } }

    /// Steps played after the current script.
    public func append(_ steps: Step...) {
        state.withLock { $0.steps += steps }
    }

    /// What ``saved()`` returns from now on.
    public func save(_ saved: Saved<Loaded<Feed>>?) {
        state.withLock { $0.saved = saved }
    }

    /// Every load from now on waits for ``release()`` or ``finish(with:)``.
    public func holdCalls() {
        state.withLock { $0.holdAll = true }
    }

    /// The next load waits for ``release()`` or ``finish(with:)``.
    public func holdNextCall() {
        state.withLock { $0.holdNext += 1 }
    }

    /// Lets every held load go on with its scripted answer; with none held, the next load that
    /// would wait does not.
    public func release() {
        let held: [CheckedContinuation<Result<Loaded<Feed>, NetworkError>?, Never>] = state.withLock { state in
            defer { state.held = [:] }
            if state.held.isEmpty { state.earlyReleases += 1 }
            return Array(state.held.values)
        }
        for continuation in held { continuation.resume(returning: nil) }
    }

    /// Ends every held load with `result` instead of its scripted answer.
    public func finish(with result: Result<Loaded<Feed>, NetworkError>) {
        let held = state.withLock { state in
            defer { state.held = [:] }
            return Array(state.held.values)
        }
        for continuation in held { continuation.resume(returning: result) }
    }

    /// Yields until `count` loads are held (`false` if they never are).
    public func waitUntilHeld(_ count: Int = 1) async -> Bool {
        for _ in 0..<100_000 {
            if heldCount >= count { return true }
            await Task.yield()
        }
        return heldCount >= count
    }

    /// The saved copy the test set (`nil`: none).
    public func saved() async -> Saved<Loaded<Feed>>? {
        state.withLock { $0.saved }
    }

    /// Plays the next step of the script.
    public func load() async throws(NetworkError) -> Loaded<Feed> {
        let (id, retries, answer, hold) = state.withLock { state in
            state.calls += 1
            state.nextID += 1
            var retries: [RetryNotice] = []
            while case .retry(let attempt, let total, let reason)? = state.steps.first {
                retries.append(RetryNotice(attempt: attempt, maxAttempts: total, delay: .seconds(1), reason: reason))
                state.steps.removeFirst()
            }
            if case .answer(let result)? = state.steps.first {
                state.last = result
                state.steps.removeFirst()
            }
            var hold = state.holdAll || state.holdNext > 0
            if state.holdNext > 0 { state.holdNext -= 1 }
            if hold, state.earlyReleases > 0 {
                state.earlyReleases -= 1
                hold = false
            }
            let answer = state.last ?? .failure(.invalidContent(source: "script", reason: "no answer scripted"))
            return (state.nextID, retries, answer, hold)
        }
        for notice in retries {
            await RetryObserver.current?.willRetry(notice)
        }
        if hold, let override = await wait(id) {
            return try override.get()
        }
        return try answer.get()
    }

    /// Waits until released (`nil`), finished (`finish`'s result) or cancelled (`cancelled`).
    private func wait(_ id: Int) async -> Result<Loaded<Feed>, NetworkError>? {
        let outcome = await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Result<Loaded<Feed>, NetworkError>?, Never>) in
                let cancelledAlready = state.withLock { state in
                    if Task.isCancelled { return true }
                    state.held[id] = continuation
                    return false
                }
                if cancelledAlready { continuation.resume(returning: .failure(.cancelled)) }
            }
        } onCancel: {
            state.withLock { $0.held.removeValue(forKey: id) }?.resume(returning: .failure(.cancelled))
        }
        if case .failure(.cancelled)? = outcome {
            state.withLock { $0.cancelled += 1 }
        }
        return outcome
    }
}
