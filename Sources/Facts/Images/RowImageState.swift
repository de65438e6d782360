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
    /// ratio. `nil` only for the rare image whose header states no size.
    case loaded(pixelSize: PixelSize?)
    /// The link is dead or not an image: a "broken image" placeholder and the reason.
    case failed(reason: String)

    /// The short label the terminal and accessibility use.
    public var label: String {
        switch self {
        case .none: "no image"
        case .notLoaded: "not loaded"
        case .loading: "loading"
        case .loaded(let size): size.map { "loaded \($0)" } ?? "loaded"
        case .failed: "failed"
        }
    }

    private enum CodingKeys: String, CodingKey {
        case state, pixelSize, reason
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
        case .loaded: self = .loaded(pixelSize: try container.decodeIfPresent(PixelSize.self, forKey: .pixelSize))
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
        case .loaded(let size):
            try container.encode(Name.loaded, forKey: .state)
            try container.encodeIfPresent(size, forKey: .pixelSize)
        case .failed(let reason):
            try container.encode(Name.failed, forKey: .state)
            try container.encode(reason, forKey: .reason)
        }
    }
}
