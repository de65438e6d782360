import Foundation
import SharedNetworking
import TestSupport

@testable import Schedule

/// A loader that plays a script of outcomes, counts calls and can hold a call until released.
final class ScriptedScheduleLoader: ScheduleFeedLoading {
    enum Step: Sendable {
        case feed(Data)
        case failure(NetworkError)
        /// Announce a retry (attempt, of) to the task's `RetryObserver`, then go on to the next step in the same call.
        case retry(Int, of: Int)
    }

    private struct State {
        var steps: [Step]
        var saved: Saved<Data>?
        var calls = 0
        var holdNext = false
        var held: CheckedContinuation<Void, Never>?
        var releasedEarly = false
    }

    private let state: Locked<State>

    init(_ steps: [Step]) {
        state = Locked(State(steps: steps))
    }

    var callCount: Int { state.withLock { $0.calls } }

    /// What ``saved()`` returns from now on: `data` as saved at `savedAt`.
    func save(_ data: Data, at savedAt: Date, isFresh: Bool = false) {
        state.withLock { $0.saved = Saved(value: data, savedAt: savedAt, isFresh: isFresh) }
    }

    func saved() async -> Saved<Loaded<ScheduleFeed>>? {
        guard let saved = state.withLock({ $0.saved }), let loaded = try? Fixture.decode(saved.value) else { return nil }
        return Saved(value: loaded, savedAt: saved.savedAt, isFresh: saved.isFresh)
    }

    /// The next call suspends until ``release()``.
    func holdNextCall() {
        state.withLock { $0.holdNext = true }
    }

    /// Lets a held call continue (or the next held call not wait, if it has not arrived yet).
    func release() {
        let continuation: CheckedContinuation<Void, Never>? = state.withLock { state in
            if let held = state.held {
                state.held = nil
                return held
            }
            state.releasedEarly = true
            return nil
        }
        continuation?.resume()
    }

    /// Yields until a call is suspended in the loader.
    func waitUntilHeld() async -> Bool {
        for _ in 0..<100_000 {
            if state.withLock({ $0.held != nil }) { return true }
            await Task.yield()
        }
        return false
    }

    func load() async throws(NetworkError) -> Loaded<ScheduleFeed> {
        let (retries, step, hold): ([(Int, Int)], Step?, Bool) = state.withLock { state in
            state.calls += 1
            let hold = state.holdNext
            state.holdNext = false
            var retries: [(Int, Int)] = []
            while case .retry(let attempt, let total)? = state.steps.first {
                retries.append((attempt, total))
                state.steps.removeFirst()
            }
            return (retries, state.steps.isEmpty ? nil : state.steps.removeFirst(), hold)
        }
        for (attempt, total) in retries {
            await RetryObserver.current?.willRetry(
                RetryNotice(attempt: attempt, maxAttempts: total, delay: .seconds(1), reason: .timedOut(url: ScheduleSource.remoteURL)))
        }
        if hold {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let resumeNow: Bool = state.withLock { state in
                    if state.releasedEarly {
                        state.releasedEarly = false
                        return true
                    }
                    state.held = continuation
                    return false
                }
                if resumeNow { continuation.resume() }
            }
        }
        switch step {
        case .feed(let data): return try Fixture.decode(data)
        case .failure(let error): throw error
        case .retry, nil: throw .invalidContent(source: "script", reason: "no more steps")
        }
    }
}

/// A resource loader that counts requests per URL and fails the URLs it is told to.
final class CountingResources: ResourceLoading {
    private struct State {
        var requests: [URL: Int] = [:]
        var failing: Set<URL> = []
        var clearFailuresCalls = 0
        var memory: [URL: FetchedResource] = [:]
    }

    private let state = Locked(State())
    /// Eight bytes of PNG signature and a minimal header: what the fake serves.
    static let png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])

    /// Puts `url` in the fake's memory cache, as if another screen had loaded it.
    func remember(_ url: URL) {
        state.withLock {
            $0.memory[url] = FetchedResource(url: url, data: Self.png, image: ImageInfo(format: .png, pixelSize: nil), origin: .memory)
        }
    }

    func fail(_ url: URL) { state.withLock { _ = $0.failing.insert(url) } }
    func heal(_ url: URL) { state.withLock { _ = $0.failing.remove(url) } }

    var requests: [URL: Int] { state.withLock { $0.requests } }
    var totalRequests: Int { requests.values.reduce(0, +) }
    var clearFailuresCalls: Int { state.withLock { $0.clearFailuresCalls } }

    func image(for url: URL, priority: ResourcePriority, fitting target: PixelSize?) async throws(ResourceError) -> FetchedResource {
        let fails = state.withLock { state in
            state.requests[url, default: 0] += 1
            return state.failing.contains(url)
        }
        await Task.yield()
        if fails {
            throw .network(.httpStatus(code: 404, url: url, bodyExcerpt: ""))
        }
        return FetchedResource(
            url: url, data: Self.png, image: ImageInfo(format: .png, pixelSize: PixelSize(width: 1, height: 1)), origin: .network)
    }

    func cachedImage(for url: URL) -> FetchedResource? { state.withLock { $0.memory[url] } }
    func prefetch(_ urls: [URL]) async {}
    func cancelPrefetch(_ urls: [URL]) async {}
    func clearFailures() async { state.withLock { $0.clearFailuresCalls += 1 } }
}
