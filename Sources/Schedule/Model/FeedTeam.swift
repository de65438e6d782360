import SharedNetworking

/// A team node of the feed: the root `Team` or a game's `Opponent`.
///
/// Every field is optional and trimmed: a team with a missing name still gets a row (the
/// presentation falls back to the full name, the city, the tricode and finally "TBD"). A number
/// where text belongs (`"Record": 13`) is read as its text and reported.
public struct FeedTeam: Sendable, Equatable, Decodable {
    /// `TriCode` (`GB`), uppercased; selects the logo and the colours.
    public var triCode: String?
    /// `Name` (`PACKERS`): what a row shows.
    public var name: String?
    /// `FullName` (`Green Bay Packers`): the navigation bar's subtitle.
    public var fullName: String?
    /// `City` (`Green Bay`).
    public var city: String?
    /// `Record` (`13-3`, `4-11-1`): shown instead of a score before kick-off.
    public var record: String?

    /// A team from its fields, all optional as in the feed; for tests and previews.
    public init(triCode: String? = nil, name: String? = nil, fullName: String? = nil, city: String? = nil, record: String? = nil) {
        self.triCode = triCode
        self.name = name
        self.fullName = fullName
        self.city = city
        self.record = record
    }

    enum CodingKeys: String, CodingKey {
        case triCode = "TriCode"
        case name = "Name"
        case fullName = "FullName"
        case city = "City"
        case record = "Record"
    }

    /// Decodes a `Team` or `Opponent` node: values are trimmed, blank ones count as missing, and
    /// the tricode is uppercased.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        triCode = container.decodeText(forKey: .triCode, decoder: decoder)?.uppercased()
        name = container.decodeText(forKey: .name, decoder: decoder)
        fullName = container.decodeText(forKey: .fullName, decoder: decoder)
        city = container.decodeText(forKey: .city, decoder: decoder)
        record = container.decodeText(forKey: .record, decoder: decoder)
    }

    /// Whether the node says nothing at all about a team (`{}`), which counts as no team.
    var isEmpty: Bool {
        triCode == nil && name == nil && fullName == nil && city == nil
    }
}
