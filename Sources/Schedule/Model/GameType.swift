import SharedNetworking

/// The feed's `Type` of a row. The exercise names exactly three values.
public enum GameType: String, Sendable, Equatable, Codable, CaseIterable {
    /// `S`: not played yet; shows records and the kick-off time.
    case scheduled = "S"
    /// `F`: played; shows scores and the game state (`FINAL`).
    case final = "F"
    /// `B`: the team's bye week; no opponent, no date.
    case bye = "B"

    /// `"f"`, `" F "` and `"F"` are the same type; anything else is `nil`.
    public init?(feedValue: String) {
        if let exact = GameType(rawValue: feedValue) {
            self = exact
            return
        }
        self.init(rawValue: FeedText.trimmedSpaces(feedValue).uppercased())
    }
}
