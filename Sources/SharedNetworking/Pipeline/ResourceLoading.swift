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

    /// Width × height: what a decoded bitmap costs, times the bytes per pixel (4 for RGBA).
    /// Saturates instead of overflowing.
    public var pixelCount: Int {
        let (count, overflow) = width.multipliedReportingOverflow(by: height)
        return overflow ? Int.max : count
    }

    /// This size scaled down, aspect ratio kept, to fit inside `target` (never scaled up, and
    /// at least one pixel each way): what a decoder asked for a thumbnail produces (ImageIO's
    /// `kCGImageSourceThumbnailMaxPixelSize`, Nuke's and Kingfisher's downsampling).
    public func downsampled(toFit target: PixelSize) -> PixelSize {
        guard width > 0, height > 0 else { return self }
        let scale = min(1, Double(max(1, target.width)) / Double(width), Double(max(1, target.height)) / Double(height))
        guard scale < 1 else { return self }
        return PixelSize(width: max(1, Int((Double(width) * scale).rounded())), height: max(1, Int((Double(height) * scale).rounded())))
    }

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
    /// The disk cache's copy, after the server confirmed it unchanged (a conditional request
    /// answered `304 Not Modified`): a request was made, the body was not sent again.
    case revalidated
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
    /// For an image, the size to decode it at: its own size, or smaller when the request asked
    /// for a target size (downsampling, as ImageIO's thumbnails do). Never more pixels than the
    /// pipeline's ``ResourcePipeline/Configuration/maxDecodedPixels``; `nil` for data.
    public var decodedPixelSize: PixelSize?

    /// A resource from its parts; the pipeline and test fakes build them.
    public init(url: URL, data: Data, image: ImageInfo?, origin: ResourceOrigin, decodedPixelSize: PixelSize? = nil) {
        self.url = url
        self.data = data
        self.image = image
        self.origin = origin
        self.decodedPixelSize = decodedPixelSize
    }

    /// Whether the image is decoded smaller than it is stored.
    public var isDownsampled: Bool {
        guard let decoded = decodedPixelSize, let stored = image?.pixelSize else { return false }
        return decoded != stored
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
    /// Decoding the image would take more than `limit` pixels (its header says `pixelSize`;
    /// `nil` when the header states no size to check): refused before any pixel is decoded.
    case imageTooLarge(url: URL, pixelSize: PixelSize?, limit: Int)
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
        case .imageTooLarge(let url, let size?, let limit):
            "\(url.absoluteString): image too large to decode: \(size) px is \(Self.megapixels(size.pixelCount)) megapixels, "
                + "over the limit of \(Self.megapixels(limit))"
        case .imageTooLarge(let url, nil, let limit):
            "\(url.absoluteString): image too large to decode: its header states no size, so the limit of "
                + "\(Self.megapixels(limit)) megapixels cannot be checked"
        case .cancelled: "cancelled"
        }
    }

    /// `10000`, `50`, `0.3`: megapixels in digits that need no locale.
    private static func megapixels(_ pixels: Int) -> String {
        let tenths = (Double(pixels) / 100_000).rounded()
        return tenths.truncatingRemainder(dividingBy: 10) == 0 ? String(Int(tenths / 10)) : String(tenths / 10)
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
    /// An image's validated bytes and header facts, to be decoded at
    /// ``FetchedResource/decodedPixelSize``: downsampled to fit `target` when one is given (the
    /// slot's size in pixels), and refused with ``ResourceError/imageTooLarge(url:pixelSize:limit:)``
    /// when that would still be too many pixels. Cancelling the caller cancels only its own
    /// interest; the download stops when no caller wants it any more.
    nonisolated(nonsending)
        func image(for url: URL, priority: ResourcePriority, fitting target: PixelSize?) async throws(ResourceError) -> FetchedResource
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

    /// An image decoded at its own size (see ``image(for:priority:fitting:)``).
    nonisolated(nonsending)
        public func image(for url: URL, priority: ResourcePriority) async throws(ResourceError) -> FetchedResource
    {
        try await image(for: url, priority: priority, fitting: nil)
    }
}
