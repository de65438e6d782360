import Foundation
import SharedNetworking
import TestSupport

@testable import Schedule

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
