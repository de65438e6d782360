import Foundation
import SharedNetworking

/// Turns the image references in view state into URLs a page can use, so a page is one file
/// that works offline.
///
/// - `file:` URLs (HooSets artwork and the extracted Hoo images) are read and embedded as
///   `data:` URIs when the bytes are a PNG, JPEG, GIF or WebP.
/// - `http(s)` URLs (schedule logos, fact images) are looked up in the resource pipeline's disk
///   caches and embedded when present. Otherwise the renderer draws the screen's own
///   placeholder (the tricode, an empty image box), as the app does before the image arrives,
///   unless ``linksRemoteImages`` is set (then the page references the URL and a browser fetches
///   it when the page is opened).
/// - Anything else (`javascript:`, `data:text/html`, a relative path) is never referenced.
public struct PreviewImages: Sendable {
    /// The largest image embedded (a bigger file gets the placeholder).
    public var maxBytes: Int
    /// Disk caches of the resource pipeline to search for remote images.
    public var caches: [DiskCache]
    /// Whether a remote image missing from the caches is referenced by URL instead of drawn as a placeholder.
    public var linksRemoteImages: Bool
    /// The pipeline's URL policy: it keys its cache by the URL it fetched (`http` upgraded to
    /// `https`, fragment dropped), so a lookup resolves the same way.
    public var urlPolicy: URLPolicy
    /// Asked first for every image: a live page serves images from its own server
    /// (`/media/…`) instead of embedding them. `nil` (the default) for self-contained pages.
    public var linked: (@Sendable (URL) -> SafeURL?)?

    /// Image resolution; the defaults embed local files and cached images up to 8 MiB and never reference the network.
    public init(caches: [DiskCache] = [], maxBytes: Int = 8 << 20, linksRemoteImages: Bool = false, urlPolicy: URLPolicy = .upgradeInsecure)
    {
        self.caches = caches
        self.maxBytes = maxBytes
        self.linksRemoteImages = linksRemoteImages
        self.urlPolicy = urlPolicy
    }

    /// Nothing embedded from caches, nothing linked: local files only.
    public static let localFilesOnly = PreviewImages()

    /// A URL for the page, or `nil` when the renderer must draw a placeholder. For URLs the
    /// app itself made (the Hoo sets' extracted files and artwork): local files are embedded.
    public func source(for url: URL?) -> SafeURL? {
        if let linked, let url, let source = linked(url) { return source }
        guard let url, url.scheme?.lowercased() == "file" else { return remoteSource(for: url) }
        return embedFile(url)
    }

    /// For URLs from a feed (logos, fact images): only `http(s)`, from the caches (or linked);
    /// never a local file, so a feed cannot make a page embed a file of the machine.
    public func remoteSource(for url: URL?) -> SafeURL? {
        if let linked, let url, url.scheme?.lowercased() != "file", let source = linked(url) { return source }
        guard let url, let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https" else { return nil }
        var keys = [url.absoluteString]
        if let resolved = try? urlPolicy.resolve(url), resolved != url { keys.insert(resolved.absoluteString, at: 0) }
        for cache in caches {
            for key in keys {
                if let data = cache.data(forKey: key), data.count <= maxBytes, let embedded = SafeURL(imageData: data) {
                    return embedded
                }
            }
        }
        return linksRemoteImages ? SafeURL(remote: url) : nil
    }

    private func embedFile(_ url: URL) -> SafeURL? {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: url.path),
            attributes[.type] as? FileAttributeType == .typeRegular,
            let size = attributes[.size] as? Int, size <= maxBytes,
            let data = try? Data(contentsOf: url)
        else { return nil }
        return SafeURL(imageData: data)
    }
}
