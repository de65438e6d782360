import ScreenKit
import SharedNetworking

/// A row of a section: a game or the bye week. A SwiftUI list switches on it.
///
/// Encodes flat with a discriminator: `{"kind": "game", "game": {…}}` or
/// `{"kind": "bye", "bye": {…}}`.
public enum ScheduleRow: Sendable, Hashable, Codable, Identifiable {
    /// A final or scheduled game.
    case game(GameRowState)
    /// The bye week.
    case bye(ByeRowState)

    /// The row's id: the game's or the bye's, unique within the screen.
    public var id: String {
        switch self {
        case .game(let row): row.id
        case .bye(let row): row.id
        }
    }

    /// The row's height in points (the 4 pt gap below it is not included).
    public var height: Double {
        switch self {
        case .game(let row): row.height
        case .bye(let row): row.height
        }
    }

    /// The row's VoiceOver element.
    public var accessibility: AccessibilityElement {
        switch self {
        case .game(let row): row.accessibility
        case .bye(let row): row.accessibility
        }
    }

    /// The game, when this row is one.
    public var game: GameRowState? {
        if case .game(let row) = self { return row }
        return nil
    }

    enum CodingKeys: String, CodingKey { case kind, game, bye }

    /// Decodes the flat form described above; an unknown `kind` is a decoding error.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        switch try container.decode(String.self, forKey: .kind) {
        case "game": self = .game(try container.decode(GameRowState.self, forKey: .game))
        case "bye": self = .bye(try container.decode(ByeRowState.self, forKey: .bye))
        case let other:
            throw DecodingError.dataCorruptedError(forKey: .kind, in: container, debugDescription: "unknown row kind \"\(other)\"")
        }
    }

    /// Encodes as `{"kind": "game", "game": {…}}` or `{"kind": "bye", "bye": {…}}`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .game(let row):
            try container.encode("game", forKey: .kind)
            try container.encode(row, forKey: .game)
        case .bye(let row):
            try container.encode("bye", forKey: .kind)
            try container.encode(row, forKey: .bye)
        }
    }
}

/// A section: its header title and rows, in feed order.
public struct ScheduleSectionState: Sendable, Hashable, Codable, Identifiable {
    /// The section's position; headings need not be unique.
    public var id: Int
    /// `REGULAR SEASON`.
    public var title: String
    /// The rows, in feed order.
    public var rows: [ScheduleRow]
    /// The header as a level-2 heading: `Regular Season`.
    public var accessibility: AccessibilityElement

    /// A section from its parts.
    public init(id: Int, title: String, rows: [ScheduleRow], accessibility: AccessibilityElement) {
        self.id = id
        self.title = title
        self.rows = rows
        self.accessibility = accessibility
    }
}

/// Where a row is: section and row index.
public struct RowPosition: Sendable, Hashable, Codable {
    /// The section's index in ``ScheduleViewState/sections``.
    public var section: Int
    /// The row's index in that section's ``ScheduleSectionState/rows``.
    public var row: Int

    /// The position of row `row` of section `section`.
    public init(section: Int, row: Int) {
        self.section = section
        self.row = row
    }
}
