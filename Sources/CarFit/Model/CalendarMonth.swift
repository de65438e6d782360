import Foundation

/// A month of a year (`2020-09`): what the calendar shows at a time.
///
/// Month arithmetic is plain integer arithmetic (12 months a year), which is exact for the
/// Gregorian calendar the calendar view-model works in and cannot fail.
/// Encodes as the string `"2020-09"` (``CodableAsText``).
public struct CalendarMonth: Sendable, Hashable, Comparable, CodableAsText {
    /// Named in the error when a text is not a month.
    public static let textFormat = "a month as YYYY-MM"

    /// The year, e.g. 2020.
    public let year: Int
    /// 1 (January) … 12 (December).
    public let month: Int

    /// A month from its parts; an out-of-range `month` is carried into the year (`13` is
    /// January of the next year), so every value is a real month.
    public init(year: Int, month: Int) {
        let zeroBased = month - 1
        let carry = zeroBased >= 0 ? zeroBased / 12 : (zeroBased - 11) / 12
        self.year = year + carry
        self.month = zeroBased - carry * 12 + 1
    }

    /// Parses `YYYY-MM`; `nil` for anything else or a month outside 1…12.
    public init?(_ description: String) {
        let pieces = description.split(separator: "-", omittingEmptySubsequences: false)
        guard pieces.count == 2, pieces[0].count == 4, pieces[1].count == 2,
            pieces.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } }),
            let year = Int(pieces[0]), let month = Int(pieces[1]), (1...12).contains(month)
        else { return nil }
        self.init(year: year, month: month)
    }

    /// The month after this one (December → January of the next year).
    public var next: CalendarMonth { CalendarMonth(year: year, month: month + 1) }
    /// The month before this one.
    public var previous: CalendarMonth { CalendarMonth(year: year, month: month - 1) }

    /// The first day of the month.
    public var firstDay: CalendarDay { CalendarDay(year: year, month: month, day: 1) }

    /// Days in this month by the Gregorian rules (leap years: divisible by 4, except
    /// centuries not divisible by 400). Used to validate input and as the fallback when a
    /// `Calendar` cannot answer.
    public var gregorianDayCount: Int {
        switch month {
        case 2:
            let isLeap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
            return isLeap ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// Chronological order.
    public static func < (lhs: CalendarMonth, rhs: CalendarMonth) -> Bool {
        (lhs.year, lhs.month) < (rhs.year, rhs.month)
    }

    /// `2020-09`; years below 1000 are padded to four digits (`0900-01`) so the text parses back.
    public var description: String {
        let yearText = (0..<1000).contains(year) ? String(String(year + 10_000).dropFirst()) : "\(year)"
        return "\(yearText)-\(CalendarDay.twoDigits(month))"
    }
}
