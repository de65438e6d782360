import Foundation

/// One fact as the screen shows it: every field optional, but never all three missing.
///
/// Text is trimmed and never empty (an empty string is `nil`), and ``imageURL`` is a valid
/// http(s) URL or `nil`, so views never have to second-guess the feed.
public struct FactRow: Sendable, Hashable, Codable, Identifiable {
    /// The row's position on screen (0-based, after empty rows were dropped).
    public var id: Int
    /// The feed's `title`, trimmed; `nil` when missing or blank.
    public var title: String?
    /// The feed's `description`, trimmed; `nil` when missing or blank.
    public var description: String?
    /// The feed's `imageHref` as a loadable http(s) URL (see ``FactImageURL``); `nil` when there is none or it is not a link.
    public var imageURL: URL?

    /// A row from its parts, for tests and previews.
    public init(id: Int, title: String?, description: String?, imageURL: URL?) {
        self.id = id
        self.title = title
        self.description = description
        self.imageURL = imageURL
    }

    /// Whether the row has anything to show.
    public var isEmpty: Bool { title == nil && description == nil && imageURL == nil }
}
