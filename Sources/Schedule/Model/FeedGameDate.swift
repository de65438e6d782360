import Foundation
import SharedNetworking

/// A game's `Date` node: the instant of kick-off and whether its time is still to be announced.
///
/// The feed also carries `Text` and `Time`, pre-formatted US strings; they are deliberately not
/// decoded: the screen formats the instant with the user's locale and time zone.
public struct FeedGameDate: Sendable, Equatable, Decodable {
    /// `Timestamp` (ISO 8601); `nil` when missing or not a date (the row then shows "TBD").
    public var timestamp: Date?
    /// `Numeric` (`2020-09-13`) as midnight UTC of that calendar day: the day a TBA game is
    /// played, which must not move with the user's time zone as a placeholder time would.
    public var day: Date?
    /// `IsTBA` (or `IsTba`), a string or a bool in feeds: the kick-off time is not known yet.
    public var isTBA: Bool

    /// A date from its parts, for tests and previews.
    public init(timestamp: Date?, day: Date? = nil, isTBA: Bool = false) {
        self.timestamp = timestamp
        self.day = day
        self.isTBA = isTBA
    }

    enum CodingKeys: String, CodingKey {
        case timestamp = "Timestamp"
        case numeric = "Numeric"
        case isTBA = "IsTBA"
        case isTba = "IsTba"
    }

    /// Decodes a `Date` node: `Timestamp`, `Numeric` and `IsTBA`/`IsTba` in any of their spellings;
    /// an invalid timestamp is `nil` and reported as a repair.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        if let text = container.decodeTrimmedString(forKey: .timestamp) {
            timestamp = LenientISO8601.date(from: text)
            if timestamp == nil {
                decoder.report(
                    .repaired, "\(FeedText.quoted(text)) is not an ISO 8601 timestamp; the date is shown as TBD", at: [CodingKeys.timestamp]
                )
            }
        } else {
            timestamp = nil
            decoder.report(.repaired, "no timestamp; the date is shown as TBD", at: [CodingKeys.timestamp])
        }
        day = container.decodeTrimmedString(forKey: .numeric).flatMap { text in
            text.utf8.count == 10 ? LenientISO8601.date(from: text) : nil
        }
        // The feed writes both keys, as strings ("false").
        isTBA =
            container.decodeLenientBool(forKey: .isTBA, expecting: .string) == true
            || container.decodeLenientBool(forKey: .isTba, expecting: .string) == true
    }
}
