import Foundation
import SharedNetworking

/// A logo's validated bytes, ready for `UIImage(data:)`.
public struct LogoImage: Sendable, Equatable {
    /// The image file's bytes, complete and validated by signature and header.
    public var data: Data
    /// Format and pixel size read from the header; `nil` when it gave none.
    public var info: ImageInfo?

    /// A logo from the pipeline's bytes and header facts.
    public init(data: Data, info: ImageInfo?) {
        self.data = data
        self.info = info
    }
}

/// What a team's logo slot shows.
public enum LogoState: Sendable, Equatable {
    /// No row has asked for it yet: draw the placeholder; the row's `.task` will request it.
    case notRequested(placeholder: String)
    /// Being fetched: draw the placeholder (tricode) until it arrives.
    case loading(placeholder: String)
    /// Fetched and validated: draw it.
    case loaded(LogoImage)
    /// The logo cannot be shown: the team has no usable tricode (`failure == nil`) or the fetch
    /// failed (offline, 404, not an image). Shows `text` (the tricode) until the next refresh.
    case placeholder(text: String, failure: ResourceError?)

    /// The text a placeholder shows, `nil` once the image is loaded.
    public var placeholderText: String? {
        switch self {
        case .notRequested(let text), .loading(let text), .placeholder(let text, _): text
        case .loaded: nil
        }
    }
}
