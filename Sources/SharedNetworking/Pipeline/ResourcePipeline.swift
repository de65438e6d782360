import Foundation
import Synchronization

/// Loads images (and other bytes) for scrolling lists: memory cache, disk cache, request
/// coalescing, prioritised prefetching, a bound on concurrent requests, validation and a
/// negative cache, all behind ``ResourceLoading``.
///
/// A request goes: URL policy → memory (synchronous, microseconds) → remembered failure →
/// join or start the one load for that URL → disk (an HTTP cache: a fresh entry is used as it is,
/// a stale one revalidated) → wait for one of K network slots (most urgent first) → HTTP, within
/// the load's deadline → validate (image signature and header, complete body) → disk (unless
/// `no-store`) and memory → every waiting caller. Each caller can cancel on its own; the load stops when no
/// caller (and no prefetch) wants it any more.
///
/// The coordination state is a value under a `Mutex` (see `LoadCoordinator`) rather than an
/// actor: a memory hit never suspends or hops executors, and cancellation takes effect
/// synchronously. Loading, validation and file I/O run in a task per load, off the caller's
/// actor. The public methods are `nonisolated(nonsending)`: they run on the caller's executor
/// until they must wait, so a `@MainActor` view-model pays no hop for a hit.
public final class ResourcePipeline: ResourceLoading {
    /// The limits, caches, client and policy the pipeline was built with.
    public let configuration: Configuration
    let memory: MemoryCache<String, CachedResource>
    /// The disk cache: an ``HTTPCache`` in ``Configuration/diskCacheDirectory``.
    let disk: HTTPCache?
    let coordinator: Mutex<LoadCoordinator>

    /// A pipeline with its own memory cache, a disk cache when the configuration names a folder,
    /// and no load in flight.
    public init(configuration: Configuration) {
        self.configuration = configuration
        memory = MemoryCache(limits: .init(costLimit: configuration.memoryCostLimit, countLimit: configuration.memoryCountLimit))
        disk = configuration.diskCacheDirectory.map {
            HTTPCache(directory: $0, sizeLimit: configuration.diskSizeLimit, clock: configuration.clock, policy: configuration.cachePolicy)
        }
        coordinator = Mutex(LoadCoordinator(slotLimit: configuration.maxConcurrentRequests))
    }

    // MARK: Loading

    /// A validated image: the signature is PNG, JPEG, GIF or WebP, the header parses, and the
    /// body reaches the format's end. Cancelling the calling task withdraws only its interest.
    ///
    /// The image is to be decoded at ``FetchedResource/decodedPixelSize``: its own size, or
    /// downsampled to fit `target` (the slot it is drawn in, in pixels). If that is more than
    /// ``Configuration/maxDecodedPixels``, or the header states no size, it is refused with
    /// ``ResourceError/imageTooLarge(url:pixelSize:limit:)``: a 68-byte PNG whose header claims
    /// 100000×100000 pixels is never reported loaded. The bytes stay cached either way (another
    /// screen may ask for a smaller target).
    nonisolated(nonsending)
        public func image(
            for url: URL, priority: ResourcePriority = .normal, fitting target: PixelSize? = nil
        ) async throws(ResourceError) -> FetchedResource
    {
        var fetched = try await resource(for: url, kind: .image, priority: priority)
        fetched.decodedPixelSize = try decodedSize(of: fetched.image, fitting: target, url: fetched.url)
        return fetched
    }

    /// The size to decode an image of `info` at for `target`, or why it may not be decoded.
    func decodedSize(of info: ImageInfo?, fitting target: PixelSize?, url: URL) throws(ResourceError) -> PixelSize {
        let limit = configuration.maxDecodedPixels
        guard let stored = info?.pixelSize else { throw .imageTooLarge(url: url, pixelSize: nil, limit: limit) }
        let decoded = target.map { stored.downsampled(toFit: $0) } ?? stored
        guard decoded.pixelCount <= limit else { throw .imageTooLarge(url: url, pixelSize: stored, limit: limit) }
        return decoded
    }

    /// The bytes at `url` (any content), with the same caching, coalescing and limits as images.
    nonisolated(nonsending)
        public func data(for url: URL, priority: ResourcePriority = .normal) async throws(ResourceError) -> FetchedResource
    {
        try await resource(for: url, kind: .data, priority: priority)
    }

    /// The image for `url` if it is in memory now and may be decoded at its own size, without
    /// waiting: a cell configured with it shows the image in the same frame instead of flashing
    /// a placeholder. (An image over the decoding limit is `nil` here; ``image(for:priority:fitting:)``
    /// says why, or downsamples it.)
    public func cachedImage(for url: URL) -> FetchedResource? {
        guard let resolved = try? configuration.urlPolicy.resolve(url),
            let entry = memory.value(forKey: resolved.absoluteString), let info = entry.image,
            let decoded = try? decodedSize(of: info, fitting: nil, url: url)
        else { return nil }
        return FetchedResource(url: url, data: entry.data, image: info, origin: .memory, decodedPixelSize: decoded)
    }

    nonisolated(nonsending)
        func resource(for url: URL, kind: ResourceKind, priority: ResourcePriority) async throws(ResourceError) -> FetchedResource
    {
        let resolved = try configuration.urlPolicy.resolve(url)
        let key = FlightKey(cacheKey: resolved.absoluteString, kind: kind)
        if let entry = memory.value(forKey: key.cacheKey) {
            let checked = try validated(entry, kind: kind, url: resolved, cacheKey: key.cacheKey)
            return FetchedResource(url: url, data: checked.data, image: checked.image, origin: .memory)
        }
        let delivery = try await subscribe(to: key, url: resolved, priority: priority).get()
        return FetchedResource(url: url, data: delivery.resource.data, image: delivery.resource.image, origin: delivery.origin)
    }

    /// Joins (or starts) the load for `key` and waits for its result, or for this caller's
    /// cancellation, whichever comes first.
    nonisolated(nonsending)
        private func subscribe(to key: FlightKey, url: URL, priority: ResourcePriority) async -> FlightResult
    {
        let subscriber = coordinator.withLock { $0.makeID() }
        let now = configuration.clock.now
        return await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: SubscriberContinuation) in
                let effects = coordinator.withLock { state in
                    state.subscribe(
                        subscriber, to: key, url: url, priority: priority, continuation: continuation,
                        isCancelled: Task.isCancelled, now: now, start: { self.startFlight(key, url: url, id: $0, priority: priority) }
                    )
                }
                effects.perform()
            }
        } onCancel: {
            coordinator.withLock { $0.unsubscribe(subscriber, from: key) }.perform()
        }
    }

    // MARK: Prefetching

    /// Starts low-priority image loads for `urls` that are not in memory (and not known to
    /// fail), so they are cached by the time they scroll into view. Returns at once.
    public func prefetch(_ urls: [URL]) async {
        let now = configuration.clock.now
        for url in urls {
            guard let resolved = try? configuration.urlPolicy.resolve(url) else { continue }
            let key = FlightKey(cacheKey: resolved.absoluteString, kind: .image)
            if memory.value(forKey: key.cacheKey) != nil { continue }
            coordinator.withLock { state in
                state.subscribe(
                    LoadCoordinator.prefetchSubscriber, to: key, url: resolved, priority: .low, continuation: nil,
                    isCancelled: false, now: now, start: { self.startFlight(key, url: resolved, id: $0, priority: .low) }
                )
            }.perform()
        }
    }

    /// Withdraws prefetch interest in `urls`; loads that no caller is waiting for are cancelled.
    public func cancelPrefetch(_ urls: [URL]) async {
        for url in urls {
            guard let resolved = try? configuration.urlPolicy.resolve(url) else { continue }
            let key = FlightKey(cacheKey: resolved.absoluteString, kind: .image)
            coordinator.withLock { $0.unsubscribe(LoadCoordinator.prefetchSubscriber, from: key) }.perform()
        }
    }

    // MARK: Maintenance

    /// Forgets remembered failures (pull-to-refresh), so failed URLs are tried again.
    public func clearFailures() async {
        coordinator.withLock { $0.clearFailures() }
    }

    /// Empties the memory cache (an app calls this on a memory warning). The disk cache stays.
    public func clearMemoryCache() {
        memory.removeAll()
    }

    /// Empties the memory and disk caches.
    public func removeAllCachedResources() {
        memory.removeAll()
        disk?.removeAll()
    }

    /// A snapshot of what the pipeline holds and is doing now.
    public var statistics: Statistics {
        let (flights, callers, active, queued, failures) = coordinator.withLock {
            ($0.flights.count, $0.waitingCallers, $0.activeRequests, $0.slotQueue.count, $0.failures.count)
        }
        return Statistics(
            memoryCount: memory.count,
            memoryCost: memory.totalCost,
            diskCount: disk?.count ?? 0,
            diskSize: disk?.totalSize ?? 0,
            loadsInFlight: flights,
            waitingCallers: callers,
            activeRequests: active,
            queuedRequests: queued,
            rememberedFailures: failures
        )
    }
}
