import Foundation

/// The time window promised to the client, `expectedTime` in the feed (`08:00/10:00`).
///
/// It is a wall-clock text without a date or zone, written by the planner in the client's local
/// time, so it is shown as written (formatted for the locale) and never converted between
/// time zones, unlike `startTimeUtc`.
public struct ExpectedTimeWindow: Sendable, Hashable {
    /// When the visit is expected to start, at the latest.
    public var start: TimeOfDay
    /// When the visit is expected to end.
    public var end: TimeOfDay

    /// A window from `start` to `end`.
    public init(start: TimeOfDay, end: TimeOfDay) {
        self.start = start
        self.end = end
    }

    /// Parses `HH:MM/HH:MM` (one-digit hours and spaces around `/` accepted); `nil` for
    /// anything else, including a window that ends before it starts.
    public init?(parsing text: String) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2,
            let start = TimeOfDay(parsing: parts[0]), let end = TimeOfDay(parsing: parts[1]),
            start <= end
        else { return nil }
        self.init(start: start, end: end)
    }
}

/// A time on a clock face, `08:00`, independent of any date or time zone.
public struct TimeOfDay: Sendable, Hashable, Comparable {
    /// The hour, 0-23.
    public let hour: Int
    /// The minute, 0-59.
    public let minute: Int

    /// `nil` unless `0 ≤ hour ≤ 23` and `0 ≤ minute ≤ 59` (or exactly `24:00`, end of day).
    public init?(hour: Int, minute: Int) {
        guard (0...23).contains(hour) && (0...59).contains(minute) || (hour == 24 && minute == 0) else { return nil }
        self.hour = hour
        self.minute = minute
    }

    /// Parses `H:MM` or `HH:MM`, surrounding spaces ignored.
    public init?(parsing text: some StringProtocol) {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        let pieces = trimmed.split(separator: ":", omittingEmptySubsequences: false)
        guard pieces.count == 2, (1...2).contains(pieces[0].count), pieces[1].count == 2,
            pieces.allSatisfy({ $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
            let hour = Int(pieces[0]), let minute = Int(pieces[1])
        else { return nil }
        self.init(hour: hour, minute: minute)
    }

    /// Minutes since 00:00, for ordering and durations.
    public var minutesSinceMidnight: Int { hour * 60 + minute }

    /// Earlier in the day first.
    public static func < (lhs: TimeOfDay, rhs: TimeOfDay) -> Bool {
        lhs.minutesSinceMidnight < rhs.minutesSinceMidnight
    }
}
