import Foundation
import SharedNetworking

/// What a row's image slot shows.
///
/// Encodes as `{"state": "loaded", "pixelSize": {"width": 220, "height": 165}}` so the `--json`
/// output and the HTML previews read it without Swift's enum encoding conventions.
public enum RowImageState: Sendable, Hashable, Codable {
    /// The row has no image URL: no slot at all.
    case none
    /// The row has a URL that has not been requested yet (off screen, or its load was cancelled
    /// when the row left the window): a placeholder slot.
    case notLoaded
    /// A request is in flight: a placeholder with an activity indicator.
    case loading
    /// The image is available; `pixelSize` (from the image header) sizes the slot by aspect
    /// ratio. `decodedPixelSize` is set when the image is decoded smaller than it is stored
    /// (downsampled to ``ImageLoadingPolicy/decodeTarget``); `nil` means at its own size.
    case loaded(pixelSize: PixelSize?, decodedPixelSize: PixelSize? = nil)
    /// The link is dead, not an image, or too large to decode: a "broken image" placeholder and
    /// the reason (`…: image too large to decode: 100000×100000 px is 10000 megapixels, over the
    /// limit of 50`).
    case failed(reason: String)

    /// The short label the terminal and accessibility use.
    public var label: String {
        switch self {
        case .none: "no image"
        case .notLoaded: "not loaded"
        case .loading: "loading"
        case .loaded(let size, nil): size.map { "loaded \($0)" } ?? "loaded"
        case .loaded(let size, let decoded?): (size.map { "loaded \($0)" } ?? "loaded") + ", decoded at \(decoded)"
        case .failed: "failed"
        }
    }

    private enum CodingKeys: String, CodingKey {
        case state, pixelSize, decodedPixelSize, reason
    }

    private enum Name: String, Codable {
        case none, notLoaded, loading, loaded, failed
    }

    /// Decodes the form ``encode(to:)`` writes.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        switch try container.decode(Name.self, forKey: .state) {
        case .none: self = .none
        case .notLoaded: self = .notLoaded
        case .loading: self = .loading
        case .loaded:
            self = .loaded(
                pixelSize: try container.decodeIfPresent(PixelSize.self, forKey: .pixelSize),
                decodedPixelSize: try container.decodeIfPresent(PixelSize.self, forKey: .decodedPixelSize))
        case .failed: self = .failed(reason: try container.decode(String.self, forKey: .reason))
        }
    }

    /// Encodes as `{"state": "loaded", "pixelSize": …}` or `{"state": "failed", "reason": …}`, as `exercises facts --json` prints it.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .none: try container.encode(Name.none, forKey: .state)
        case .notLoaded: try container.encode(Name.notLoaded, forKey: .state)
        case .loading: try container.encode(Name.loading, forKey: .state)
        case .loaded(let size, let decoded):
            try container.encode(Name.loaded, forKey: .state)
            try container.encodeIfPresent(size, forKey: .pixelSize)
            try container.encodeIfPresent(decoded, forKey: .decodedPixelSize)
        case .failed(let reason):
            try container.encode(Name.failed, forKey: .state)
            try container.encode(reason, forKey: .reason)
        }
    }
}
