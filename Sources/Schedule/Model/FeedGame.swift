import Foundation
import SharedNetworking

/// One row of a `GameSection`: a final or scheduled game, or the bye week.
///
/// Decoding keeps a row whenever it can still be shown truthfully, and reports each repair:
/// a missing `Opponent` becomes "TBD", a missing or invalid timestamp a "TBD" date, a final
/// game's score that is missing or not a number "–". Only an unknown or missing `Type` drops
/// the row (there is no honest way to draw it); `LossyArray` reports that with the row's path.
public struct FeedGame: Sendable, Equatable, Decodable {
    /// `Id`; `nil` for the bye row (`Id: 0`) or when absent.
    public var id: String?
    /// `Type`: `F` (final) or `S` (scheduled); a row of another type is dropped.
    public var type: GameType
    /// `Week`: `Week 1`, `Divisional Playoffs`.
    public var week: String
    /// Whether the root team plays at home: `IsHome`, or `Home` when `IsHome` is absent.
    public var isHome: Bool
    /// `GameState` (`Final`, `Pregame`).
    public var gameState: String?
    /// `AwayScore`: the away team's points.
    public var awayScore: Int?
    /// `HomeScore`: the home team's points.
    public var homeScore: Int?
    /// `Date`; `nil` when missing, shown as "TBD".
    public var date: FeedGameDate?
    /// `Opponent`; `nil` when missing or not an object, shown as "TBD".
    public var opponent: FeedTeam?

    /// A game from its fields, for tests and previews.
    public init(
        id: String?, type: GameType, week: String, isHome: Bool, gameState: String? = nil,
        awayScore: Int? = nil, homeScore: Int? = nil, date: FeedGameDate? = nil, opponent: FeedTeam? = nil
    ) {
        self.id = id
        self.type = type
        self.week = week
        self.isHome = isHome
        self.gameState = gameState
        self.awayScore = awayScore
        self.homeScore = homeScore
        self.date = date
        self.opponent = opponent
    }

    enum CodingKeys: String, CodingKey {
        case id = "Id"
        case type = "Type"
        case week = "Week"
        case label = "Label"
        case isHome = "IsHome"
        case home = "Home"
        case gameState = "GameState"
        case awayScore = "AwayScore"
        case homeScore = "HomeScore"
        case date = "Date"
        case opponent = "Opponent"
    }

    /// Decodes a `Game` node as the type's discussion describes, reporting every repair.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let rawType = try container.decode(String.self, forKey: .type)
        guard let type = GameType(feedValue: rawType) else {
            throw DecodingError.dataCorruptedError(
                forKey: .type, in: container,
                debugDescription: "unknown game Type \(FeedText.quoted(rawType, limit: 20)) (expected S, F or B); row skipped"
            )
        }
        self.type = type
        id = container.decodeIdentifier(forKey: .id)
        week = container.decodeText(forKey: .week, decoder: decoder) ?? container.decodeText(forKey: .label, decoder: decoder) ?? ""
        gameState = container.decodeText(forKey: .gameState, decoder: decoder)

        let isHomeFlag = container.decodeLenientBool(forKey: .isHome)
        let homeFlag = container.decodeLenientBool(forKey: .home)
        isHome = isHomeFlag ?? homeFlag ?? false
        if type != .bye {
            switch (isHomeFlag, homeFlag) {
            case (nil, nil):
                decoder.report(.repaired, "neither IsHome nor Home; the root team is shown as the away team")
            case (let a?, let b?) where a != b:
                decoder.report(.note, "IsHome (\(a)) and Home (\(b)) disagree; IsHome is used", at: [CodingKeys.isHome])
            default:
                break
            }
        }

        if type == .bye {
            awayScore = nil
            homeScore = nil
            date = try? container.decodeIfPresent(FeedGameDate.self, forKey: .date)
            opponent = nil
            return
        }
        awayScore = container.decodeScore(forKey: .awayScore, isFinal: type == .final, decoder: decoder)
        homeScore = container.decodeScore(forKey: .homeScore, isFinal: type == .final, decoder: decoder)
        do {
            date = try container.decodeIfPresent(FeedGameDate.self, forKey: .date)
            if date == nil { decoder.report(.repaired, "no Date; the date is shown as TBD", at: [CodingKeys.date]) }
        } catch {
            date = nil
            decoder.report(.repaired, "unreadable Date (\(decoder.explain(error))); the date is shown as TBD", at: [CodingKeys.date])
        }
        do {
            let team = try container.decodeIfPresent(FeedTeam.self, forKey: .opponent)
            opponent = team?.isEmpty == false ? team : nil
            if opponent == nil {
                decoder.report(.repaired, "no Opponent; shown as \(ScheduleWrittenText.english.toBeDetermined)", at: [CodingKeys.opponent])
            }
        } catch {
            opponent = nil
            decoder.report(
                .repaired, "unreadable Opponent (\(decoder.explain(error))); shown as \(ScheduleWrittenText.english.toBeDetermined)",
                at: [CodingKeys.opponent])
        }
    }
}
