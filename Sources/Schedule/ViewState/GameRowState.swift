import Foundation
import ScreenKit
import SharedNetworking

/// A game row: away team on the left, home team on the right, `@` between them; the date in
/// the lower left, the week in the centre, the state or kick-off time in the lower right.
public struct GameRowState: Sendable, Hashable, Codable, Identifiable {
    /// Whether the game was played, which decides what the numbers and the status mean.
    public enum Kind: String, Sendable, Hashable, Codable {
        /// Played: the numbers are scores, the status is the game state.
        case final
        /// Not played: the numbers are records, the status is the kick-off time.
        case scheduled
    }

    /// Unique within the screen: the game's id, or its position when the feed has none.
    public var id: String
    /// The feed's `Id`, when present.
    public var gameID: String?
    /// Played or not: scores and `FINAL`, or records and the kick-off time.
    public var kind: Kind
    /// The away team.
    public var left: TeamSideState
    /// The home team.
    public var right: TeamSideState
    /// `@`.
    public var centerText: String
    /// `Sun, Sep 13` in the user's locale and time zone, or `TBD`.
    public var dateText: String
    /// `Week 1`, `Divisional Playoffs`.
    public var weekText: String
    /// `FINAL`, `4:35 PM` (user's time zone), `TBA` or `TBD`.
    public var statusText: String
    /// Kick-off, when known: for accessibility labels and scripts reading `--json`.
    public var kickoff: Date?
    /// Points: ``ScheduleMetrics/gameRowHeight``.
    public var height: Double
    /// The row as one VoiceOver element: `Packers at Vikings, Sunday, September 13, week 1,
    /// final, Packers won 43 to 34` (its children, the names, logos and numbers, are not
    /// reached one by one).
    public var accessibility: AccessibilityElement

    /// A game row from its parts; ``ScheduleViewStateBuilder`` makes the real ones.
    public init(
        id: String, gameID: String?, kind: Kind, left: TeamSideState, right: TeamSideState, centerText: String,
        dateText: String, weekText: String, statusText: String, kickoff: Date?, height: Double,
        accessibility: AccessibilityElement
    ) {
        self.id = id
        self.gameID = gameID
        self.kind = kind
        self.left = left
        self.right = right
        self.centerText = centerText
        self.dateText = dateText
        self.weekText = weekText
        self.statusText = statusText
        self.kickoff = kickoff
        self.height = height
        self.accessibility = accessibility
    }
}

/// The bye week: `BYE` over the week label, centred.
public struct ByeRowState: Sendable, Hashable, Codable, Identifiable {
    /// Unique within the screen: the row's position (a bye has no game id).
    public var id: String
    /// `BYE`.
    public var text: String
    /// `Week 5`.
    public var weekText: String
    /// Points: ``ScheduleMetrics/byeRowHeight``.
    public var height: Double
    /// The row as one VoiceOver element: `week 5, bye week`.
    public var accessibility: AccessibilityElement

    /// A bye row from its parts.
    public init(id: String, text: String, weekText: String, height: Double, accessibility: AccessibilityElement) {
        self.id = id
        self.text = text
        self.weekText = weekText
        self.height = height
        self.accessibility = accessibility
    }
}
