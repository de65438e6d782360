import Foundation
import SharedNetworking
import TestSupport

/// A counting fake of the image pipeline: records every request with its priority, tracks how
/// many are in flight (and the peak), and either answers at once or holds each request until
/// the test completes it. Cancelling a held request ends it with `.cancelled`, as the real
/// pipeline does.
final class ControlledImageLoader: ResourceLoading {
    enum Mode {
        /// Answer every request immediately with an image of this size.
        case immediate(PixelSize)
        /// Hold every request until ``complete(_:with:)``.
        case manual
    }

    struct Request: Equatable {
        let url: URL
        let priority: ResourcePriority
    }

    private struct Pending {
        let id: Int
        let url: URL
        let continuation: CheckedContinuation<Result<FetchedResource, ResourceError>, Never>
    }

    private struct State {
        var requests: [Request] = []
        var pending: [Pending] = []
        var inFlight = 0
        var peakInFlight = 0
        var cancelled: [URL] = []
        var clearFailuresCount = 0
        var prefetchCalls = 0
        var nextID = 0
    }

    private let state = Locked(State())
    private let mode: Mode
    /// URLs answered with a failure instead of an image (immediate mode).
    private let failing: Set<URL>

    init(mode: Mode, failing: Set<URL> = []) {
        self.mode = mode
        self.failing = failing
    }

    var requests: [Request] { state.withLock { $0.requests } }
    var requestedURLs: [URL] { requests.map(\.url) }
    var inFlight: Int { state.withLock { $0.inFlight } }
    var peakInFlight: Int { state.withLock { $0.peakInFlight } }
    var pendingURLs: [URL] { state.withLock { $0.pending.map(\.url) } }
    var cancelledURLs: [URL] { state.withLock { $0.cancelled } }
    var clearFailuresCount: Int { state.withLock { $0.clearFailuresCount } }
    var prefetchCalls: Int { state.withLock { $0.prefetchCalls } }

    func image(for url: URL, priority: ResourcePriority, fitting target: PixelSize?) async throws(ResourceError) -> FetchedResource {
        let id: Int = state.withLock {
            $0.requests.append(Request(url: url, priority: priority))
            $0.inFlight += 1
            $0.peakInFlight = max($0.peakInFlight, $0.inFlight)
            $0.nextID += 1
            return $0.nextID
        }
        defer { state.withLock { $0.inFlight -= 1 } }
        switch mode {
        case .immediate(let size):
            if failing.contains(url) {
                throw .network(.httpStatus(code: 404, url: url, bodyExcerpt: ""))
            }
            return Self.resource(url, size: size)
        case .manual:
            let result = await withTaskCancellationHandler {
                await withCheckedContinuation { (continuation: CheckedContinuation<Result<FetchedResource, ResourceError>, Never>) in
                    let cancelledAlready: Bool = state.withLock {
                        if Task.isCancelled { return true }
                        $0.pending.append(Pending(id: id, url: url, continuation: continuation))
                        return false
                    }
                    if cancelledAlready {
                        state.withLock { $0.cancelled.append(url) }
                        continuation.resume(returning: .failure(.cancelled))
                    }
                }
            } onCancel: {
                let pending: Pending? = state.withLock {
                    guard let index = $0.pending.firstIndex(where: { $0.id == id }) else { return nil }
                    $0.cancelled.append(url)
                    return $0.pending.remove(at: index)
                }
                pending?.continuation.resume(returning: .failure(.cancelled))
            }
            return try result.get()
        }
    }

    /// Ends the oldest held request for `url`. Returns `false` if none is held.
    @discardableResult
    func complete(_ url: URL, with result: Result<PixelSize, ResourceError>) -> Bool {
        let pending: Pending? = state.withLock {
            guard let index = $0.pending.firstIndex(where: { $0.url == url }) else { return nil }
            return $0.pending.remove(at: index)
        }
        guard let pending else { return false }
        pending.continuation.resume(returning: result.map { Self.resource(url, size: $0) })
        return true
    }

    func prefetch(_ urls: [URL]) async {
        state.withLock { $0.prefetchCalls += 1 }
    }

    func cancelPrefetch(_ urls: [URL]) async {}

    func clearFailures() async {
        state.withLock { $0.clearFailuresCount += 1 }
    }

    static func resource(_ url: URL, size: PixelSize) -> FetchedResource {
        FetchedResource(
            url: url, data: Data("image \(url.lastPathComponent)".utf8), image: ImageInfo(format: .png, pixelSize: size), origin: .network)
    }
}
