import Foundation

/// A day on the wall calendar (`2020-09-10`), with no time and no time zone.
///
/// Selections, "today" and the grouping of visits are all civil days, so they cannot drift by
/// an hour across a daylight-saving change or differ between the list and the calendar. A
/// `Date` becomes a day only through an injected `Calendar` (whose time zone decides), and a
/// day becomes a `Date` only at noon, which exists on every day in every zone.
/// Encodes as the string `"2020-09-10"` (``CodableAsText``).
public struct CalendarDay: Sendable, Hashable, Comparable, CodableAsText {
    /// Named in the error when a text is not a day.
    public static let textFormat = "a day as YYYY-MM-DD"

    /// The year, e.g. 2020.
    public let year: Int
    /// The month, 1-12.
    public let month: Int
    /// The day of the month, 1-31.
    public let day: Int

    /// A day from its parts. The parts are not validated: use ``init(parsing:)`` for input.
    public init(year: Int, month: Int, day: Int) {
        self.year = year
        self.month = month
        self.day = day
    }

    /// The day `date` falls on in `calendar`'s time zone.
    public init(_ date: Date, in calendar: Calendar) {
        let parts = calendar.dateComponents([.year, .month, .day], from: date)
        self.init(year: parts.year ?? 1970, month: parts.month ?? 1, day: parts.day ?? 1)
    }

    /// Parses `YYYY-MM-DD`, rejecting impossible days (`2021-02-29`, `2020-13-01`).
    public init?(parsing text: some StringProtocol) {
        let pieces = text.trimmingCharacters(in: .whitespaces).split(separator: "-", omittingEmptySubsequences: false)
        guard pieces.count == 3, pieces[0].count == 4, pieces[1].count == 2, pieces[2].count == 2,
            pieces.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } }),
            let year = Int(pieces[0]), let month = Int(pieces[1]), let day = Int(pieces[2]),
            (1...12).contains(month),
            (1...CalendarMonth(year: year, month: month).gregorianDayCount).contains(day)
        else { return nil }
        self.init(year: year, month: month, day: day)
    }

    /// `LosslessStringConvertible`: the inverse of ``description``.
    public init?(_ description: String) {
        self.init(parsing: description)
    }

    /// The month this day belongs to.
    public var calendarMonth: CalendarMonth { CalendarMonth(year: year, month: month) }

    /// Noon of this day in `calendar`'s time zone: a representative instant for formatting and
    /// weekday lookups that is never skipped or repeated by a daylight-saving change.
    public func noon(in calendar: Calendar) -> Date? {
        calendar.date(from: DateComponents(year: year, month: month, day: day, hour: 12))
    }

    /// Chronological order.
    public static func < (lhs: CalendarDay, rhs: CalendarDay) -> Bool {
        (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
    }

    /// `2020-09-10`.
    public var description: String {
        "\(CalendarMonth(year: year, month: month))-\(Self.twoDigits(day))"
    }

    /// `7` → `07`.
    static func twoDigits(_ value: Int) -> String {
        value < 10 && value >= 0 ? "0\(value)" : "\(value)"
    }
}
