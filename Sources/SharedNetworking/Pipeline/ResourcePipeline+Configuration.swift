import Foundation

extension ResourcePipeline {
    /// Everything a pipeline depends on, injected, with the limits that keep scrolling smooth
    /// and a misbehaving server harmless. See <doc:SharedNetworkingGuide#Limits-and-defaults> for why each exists.
    public struct Configuration: Sendable {
        /// The transport (wrap it in ``RetryingHTTPClient`` to retry transient failures).
        public var httpClient: any HTTPClient
        /// Access times of disk entries and the expiry of remembered failures.
        public var clock: any AppClock
        /// Where the disk cache lives (for an app: a folder in its caches directory); `nil` for
        /// memory only.
        public var diskCacheDirectory: URL?
        /// Bytes of validated responses kept in memory. Default 32 MiB.
        public var memoryCostLimit: Int
        /// Entries kept in memory, however small. Default 500.
        public var memoryCountLimit: Int
        /// Bytes the disk cache may hold. Default 150 MiB.
        public var diskSizeLimit: Int
        /// Network requests in flight at once (K). Default 6.
        public var maxConcurrentRequests: Int
        /// The largest response body accepted; a bigger one fails with
        /// ``NetworkError/tooLarge(url:limit:)`` as soon as the limit is crossed. Default 10 MiB.
        public var maxResponseBytes: Int
        /// Silence allowed on a connection before the request times out. Default 30 s.
        public var requestTimeout: Duration
        /// The longest one image may take, every retry and wait included
        /// (``HTTPRequest/deadline``, kept by ``RetryingHTTPClient``); `nil` for none. Default 30 s:
        /// a hung image frees its network slot within it.
        public var deadline: Duration?
        /// How long images stay fresh on disk when their server does not say, and how long they
        /// are kept. Default ``HTTPCache/Policy/images``.
        public var cachePolicy: HTTPCache.Policy
        /// How long a permanent failure (404, not an image, too large) is remembered. Default 5 min.
        public var failureTTL: Duration
        /// How long a transient failure (timeout, connection lost, 5xx, 429) is remembered.
        /// Default 30 s: long enough to stop a scrolling list from hammering a dead host, short
        /// enough that images come back soon after the network does.
        public var transientFailureTTL: Duration
        /// Which URLs are fetched (http→https upgrade, exceptions). Default ``URLPolicy/upgradeInsecure``.
        public var urlPolicy: URLPolicy
        /// The most pixels an image may take once decoded (4 bytes each as RGBA), checked from
        /// its header before any pixel is decoded. A bigger image is downsampled when the request
        /// gives a target size that fits, otherwise refused with
        /// ``ResourceError/imageTooLarge(url:pixelSize:limit:)``. Default 50 megapixels (a
        /// 48-megapixel phone photo decodes; 200 MB as RGBA).
        public var maxDecodedPixels: Int

        /// A configuration with the defaults described in <doc:SharedNetworkingGuide#Limits-and-defaults>;
        /// only the client, the clock and the disk folder (or `nil`, memory only) are required.
        public init(
            httpClient: any HTTPClient,
            clock: any AppClock,
            diskCacheDirectory: URL?,
            memoryCostLimit: Int = 32 * 1024 * 1024,
            memoryCountLimit: Int = 500,
            diskSizeLimit: Int = 150 * 1024 * 1024,
            maxConcurrentRequests: Int = 6,
            maxResponseBytes: Int = 10 * 1024 * 1024,
            requestTimeout: Duration = .seconds(30),
            failureTTL: Duration = .seconds(300),
            transientFailureTTL: Duration = .seconds(30),
            urlPolicy: URLPolicy = .upgradeInsecure,
            maxDecodedPixels: Int = 50_000_000,
            deadline: Duration? = .seconds(30),
            cachePolicy: HTTPCache.Policy = .images
        ) {
            self.httpClient = httpClient
            self.clock = clock
            self.diskCacheDirectory = diskCacheDirectory
            self.memoryCostLimit = memoryCostLimit
            self.memoryCountLimit = memoryCountLimit
            self.diskSizeLimit = diskSizeLimit
            self.maxConcurrentRequests = max(1, maxConcurrentRequests)
            self.maxResponseBytes = maxResponseBytes
            self.requestTimeout = requestTimeout
            self.failureTTL = failureTTL
            self.transientFailureTTL = transientFailureTTL
            self.urlPolicy = urlPolicy
            self.maxDecodedPixels = max(1, maxDecodedPixels)
            self.deadline = deadline
            self.cachePolicy = cachePolicy
        }

        /// How long `error` is remembered, or `nil` when it is not (a cancellation).
        func rememberDuration(for error: ResourceError) -> Duration? {
            switch error {
            case .cancelled, .network(.cancelled), .blocked, .recentlyFailed, .imageTooLarge: nil
            case .network(let networkError) where networkError.isTransient: transientFailureTTL
            default: failureTTL
            }
        }
    }

    /// A snapshot of what the pipeline holds and is doing (tests, diagnostics, benchmarks).
    public struct Statistics: Sendable, Equatable, Codable {
        /// Entries in the memory cache.
        public var memoryCount: Int
        /// Bytes in the memory cache.
        public var memoryCost: Int
        /// Files in the disk cache.
        public var diskCount: Int
        /// Bytes on disk, headers and HTTP metadata included.
        public var diskSize: Int
        /// Distinct loads (URL and kind) with at least one interested caller or prefetch.
        public var loadsInFlight: Int
        /// Callers awaiting a load (prefetches not counted).
        public var waitingCallers: Int
        /// Network requests being sent now (never more than K).
        public var activeRequests: Int
        /// Loads waiting for one of the K network slots.
        public var queuedRequests: Int
        /// URLs whose failure is remembered (some may have expired but not been asked for yet).
        public var rememberedFailures: Int
    }
}
