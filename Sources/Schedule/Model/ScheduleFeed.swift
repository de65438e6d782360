import SharedNetworking

/// The whole schedule document: the team it belongs to, its sections, the game to open at.
///
/// `Team` and `GameSection` are required: without them there is no schedule to show, and the
/// loader's error names the missing field. `GameSection: []` is valid (an empty schedule); one
/// section written as an object rather than a list of one (XML-to-JSON converters do that) is
/// read as that one section and reported.
/// `Filters` and `YinzNode` are ignored, as is any field this screen does not draw.
public struct ScheduleFeed: Sendable, Equatable, Decodable {
    /// The root team: whose schedule this is; styles the navigation bar.
    public var team: FeedTeam
    /// `DefaultGameId`: the row to scroll to when the screen opens.
    public var defaultGameID: String?
    /// `GameSection`: the sections in feed order (regular season, then postseason).
    public var sections: [FeedSection]

    /// A schedule from its parts, for tests and previews.
    public init(team: FeedTeam, defaultGameID: String? = nil, sections: [FeedSection]) {
        self.team = team
        self.defaultGameID = defaultGameID
        self.sections = sections
    }

    enum CodingKeys: String, CodingKey {
        case team = "Team"
        case defaultGameID = "DefaultGameId"
        case sections = "GameSection"
    }

    /// Decodes the document; `Team` and `GameSection` are required, everything else is repaired or ignored.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        try Self.require(.team, as: [String: Any].self, in: container)
        team = try container.decode(FeedTeam.self, forKey: .team)
        if team.isEmpty {
            decoder.report(
                .repaired,
                "no TriCode, Name, FullName or City: the team is shown as \(ScheduleWrittenText.english.toBeDetermined) on a neutral bar",
                at: [CodingKeys.team])
        }
        defaultGameID = container.decodeIdentifier(forKey: .defaultGameID)
        try Self.require(.sections, as: [Any].self, in: container)
        sections = try container.decodeLossyList(FeedSection.self, forKey: .sections, decoder: decoder).elements
    }

    /// A missing or `null` required field, reported as such (not as a type named after a Swift
    /// model), so the message reads `GameSection: expected Array, found null`.
    private static func require(_ key: CodingKeys, as type: Any.Type, in container: KeyedDecodingContainer<CodingKeys>) throws {
        guard container.contains(key) else {
            throw DecodingError.keyNotFound(key, DecodingError.Context(codingPath: container.codingPath, debugDescription: "required"))
        }
        if try container.decodeNil(forKey: key) {
            throw DecodingError.valueNotFound(
                type, DecodingError.Context(codingPath: container.codingPath + [key], debugDescription: "null"))
        }
    }
}
