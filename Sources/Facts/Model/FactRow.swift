import Foundation

/// One fact as the screen shows it: every field optional, but never all three missing.
///
/// Text is trimmed and never empty (an empty string is `nil`), and ``imageURL`` is a valid
/// http(s) URL or `nil`, so views never have to second-guess the feed.
public struct FactRow: Sendable, Hashable, Codable, Identifiable {
    /// The row's position on screen (0-based, after empty rows were dropped).
    public var id: Int
    public var title: String?
    public var description: String?
    public var imageURL: URL?

    public init(id: Int, title: String?, description: String?, imageURL: URL?) {
        self.id = id
        self.title = title
        self.description = description
        self.imageURL = imageURL
    }

    /// Whether the row has anything to show.
    public var isEmpty: Bool { title == nil && description == nil && imageURL == nil }
}
