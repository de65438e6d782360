import Foundation

/// How urgently a resource is wanted. Visible rows ask at `.normal` or `.high`; prefetching
/// asks at `.low`, and a visible request for a URL being prefetched raises its priority.
public enum ResourcePriority: Int, Sendable, Comparable, Codable, CaseIterable {
    /// A prefetch for a row not on screen yet: served after every visible request.
    case low = 0
    /// A row on screen: the default.
    case normal = 1
    /// Wanted first, e.g. the image the user just opened.
    case high = 2

    /// Orders priorities from ``low`` to ``high``, so the queue serves the most urgent load first.
    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// Image container formats recognised from their signature bytes.
public enum ImageFormat: String, Sendable, Codable, CaseIterable {
    /// PNG, JPEG, GIF and WebP: the formats the header parser recognises.
    case png, jpeg, gif, webp
}

/// Pixel dimensions read from an image header, without decoding pixels.
public struct PixelSize: Sendable, Hashable, Codable, CustomStringConvertible {
    /// Width in pixels, as stored in the file (EXIF orientation is not applied).
    public var width: Int
    /// Height in pixels, as stored in the file.
    public var height: Int

    /// A size from its two dimensions in pixels.
    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    /// Height divided by width; layouts size a row from this before any pixel is decoded.
    public var aspectRatio: Double { width > 0 ? Double(height) / Double(width) : 0 }

    /// `width×height`, e.g. `80×80`, for logs and the command's output.
    public var description: String { "\(width)×\(height)" }
}

/// What a validated image is.
public struct ImageInfo: Sendable, Hashable, Codable {
    /// The format recognized from the file's signature.
    public var format: ImageFormat
    /// `nil` when the format is recognised but its header does not state a size (rare WebP variants).
    public var pixelSize: PixelSize?

    /// Header facts about an image; `pixelSize` is `nil` when the header does not say.
    public init(format: ImageFormat, pixelSize: PixelSize?) {
        self.format = format
        self.pixelSize = pixelSize
    }
}

/// Where a resource was served from.
public enum ResourceOrigin: String, Sendable, Codable {
    /// Where a resource came from: the pipeline's memory cache, its disk cache, or a network request.
    case memory, disk, network
}

/// Validated bytes, with the image facts when the resource was requested as an image.
public struct FetchedResource: Sendable, Equatable {
    /// The URL the caller asked for (before any `http`→`https` upgrade), so a reused cell can check the result is still its own.
    public var url: URL
    /// The validated bytes, complete and not decoded: the app decodes them (`UIImage(data:)`).
    public var data: Data
    /// What the header says (format, pixel size); `nil` for a load as data.
    public var image: ImageInfo?
    /// Where these bytes came from this time.
    public var origin: ResourceOrigin

    /// A resource from its parts; the pipeline and test fakes build them.
    public init(url: URL, data: Data, image: ImageInfo?, origin: ResourceOrigin) {
        self.url = url
        self.data = data
        self.image = image
        self.origin = origin
    }
}

/// Why a resource could not be provided.
public enum ResourceError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The transport failed or the server refused (404, 500, timeout, too large...).
    case network(NetworkError)
    /// The bytes are not an image (an HTML error page served with 200, say).
    case notAnImage(url: URL, detected: String)
    /// The signature says image but the header is malformed.
    case malformedImage(url: URL, reason: String)
    /// The URL failed recently and is not tried again until `until` or an explicit refresh.
    case recentlyFailed(url: URL, reason: String, until: Date)
    /// The URL policy refused the URL (scheme not allowed, host blocked).
    case blocked(url: URL, reason: String)
    /// This caller cancelled; other callers of the same load are not affected.
    case cancelled

    /// One line a person can act on, naming the URL.
    public var description: String {
        switch self {
        case .network(let error): error.description
        case .notAnImage(let url, let detected): "\(url.absoluteString): not an image (\(detected))"
        case .malformedImage(let url, let reason): "\(url.absoluteString): malformed image: \(reason)"
        case .recentlyFailed(let url, let reason, _): "\(url.absoluteString): failed recently (\(reason)); not retried until refresh"
        case .blocked(let url, let reason): "\(url.absoluteString): blocked: \(reason)"
        case .cancelled: "cancelled"
        }
    }
}

/// The contract screens use to get images: memory and disk caches, request coalescing,
/// prefetching and a negative cache sit behind it (see ``ResourcePipeline``).
///
/// View-models depend on this protocol, not on the pipeline, so tests can count requests with
/// a fake and an app can swap the implementation.
///
/// `image(for:priority:)` is `nonisolated(nonsending)`: it starts on the caller's executor, so
/// a `@MainActor` view-model asking for an image already in memory gets it without an executor
/// hop. A conforming type may implement it as a plain `async` method (a test fake does).
public protocol ResourceLoading: Sendable {
    /// An image's validated bytes and header facts. Cancelling the caller cancels only its own
    /// interest; the download stops when no caller wants it any more.
    nonisolated(nonsending)
        func image(for url: URL, priority: ResourcePriority) async throws(ResourceError) -> FetchedResource
    /// The image for `url` if it is already in memory, without waiting, so a cell can show it in
    /// the same frame it is configured. The default implementation has no cache (`nil`).
    func cachedImage(for url: URL) -> FetchedResource?
    /// Starts low-priority loads that warm the caches.
    func prefetch(_ urls: [URL]) async
    /// Withdraws prefetch interest; loads nobody else wants are cancelled.
    func cancelPrefetch(_ urls: [URL]) async
    /// Forgets remembered failures (pull-to-refresh), so dead links are tried once more.
    func clearFailures() async
}

extension ResourceLoading {
    /// No memory lookup: a loader without a memory cache always answers through ``image(for:priority:)``.
    public func cachedImage(for url: URL) -> FetchedResource? { nil }
}
