import SharedNetworking

/// One `GameSection`: a heading (`REGULAR SEASON`) and its rows in feed order.
///
/// A `Game` that is one object instead of a list (what XML-to-JSON converters write for a
/// section with a single game) is that one row, reported as a repair.
public struct FeedSection: Sendable, Equatable, Decodable {
    /// `Heading`: `REGULAR SEASON`, `POSTSEASON`, shown as sent.
    public var heading: String
    /// `Game`: the rows that decoded; a bad one is dropped and reported, not fatal.
    public var games: [FeedGame]

    /// A section from its parts, for tests and previews.
    public init(heading: String, games: [FeedGame]) {
        self.heading = heading
        self.games = games
    }

    enum CodingKeys: String, CodingKey {
        case heading = "Heading"
        case games = "Game"
    }

    /// Decodes a `GameSection` element: a missing heading is reported and left empty, bad rows are
    /// dropped and reported, and a section left without rows is noted (the screen leaves it out).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        heading = container.decodeText(forKey: .heading, decoder: decoder) ?? ""
        if heading.isEmpty { decoder.report(.repaired, "no Heading; the section is shown without a title", at: [CodingKeys.heading]) }
        games = try container.decodeLossyArray(FeedGame.self, forKey: .games, decoder: decoder)
        if games.isEmpty { decoder.report(.note, "section \"\(heading)\" has no rows; it is not shown") }
    }
}
