import Foundation

/// One side of a game row: a team, its logo and the big number under it.
public struct TeamSideState: Sendable, Hashable, Codable {
    /// `PACKERS`: the feed's `Name`, uppercased as the design shows it.
    public var name: String
    /// `GB`; empty when the feed gives none.
    public var triCode: String
    /// The logo to request, `nil` when the tricode cannot name one (the placeholder shows).
    public var logoURL: URL?
    /// What the logo's placeholder shows while loading or after a failure: the tricode, or the
    /// name's first three letters when there is no tricode.
    public var logoPlaceholder: String
    /// The score of a final game, the record of a scheduled one, or "–".
    public var value: String
    /// Whether this is the team whose schedule it is.
    public var isRootTeam: Bool
    /// Whether this team plays at home (it is then the right-hand side).
    public var isHome: Bool

    /// A side from its parts; ``ScheduleViewStateBuilder`` decides which team goes where.
    public init(name: String, triCode: String, logoURL: URL?, logoPlaceholder: String, value: String, isRootTeam: Bool, isHome: Bool) {
        self.name = name
        self.triCode = triCode
        self.logoURL = logoURL
        self.logoPlaceholder = logoPlaceholder
        self.value = value
        self.isRootTeam = isRootTeam
        self.isHome = isHome
    }
}
