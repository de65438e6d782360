import Foundation

/// The days a month view shows: whole weeks from the calendar's first weekday, the month's own
/// days marked, the gaps filled with the end of the previous and the start of the next month.
///
/// Built from day numbers, never by adding 24-hour intervals, so a week containing a
/// daylight-saving change (a 23- or 25-hour day) has exactly seven distinct days. The calendar
/// answers three questions: how many days the month has, which weekday it starts on, and which
/// weekday a week starts on.
public struct MonthGrid: Sendable, Equatable {
    /// One cell of the grid.
    public struct Day: Sendable, Hashable {
        /// The day the cell shows.
        public let day: CalendarDay
        /// Whether the day belongs to ``MonthGrid/month`` (cells of the previous and next months fill the first and last weeks).
        public let isInMonth: Bool
    }

    /// The month the grid lays out.
    public let month: CalendarMonth
    /// 4 to 6 weeks of 7 days.
    public let weeks: [[Day]]

    /// The grid of `month` in `calendar`, whose `firstWeekday` decides the column of each weekday.
    public init(month: CalendarMonth, calendar: Calendar) {
        self.month = month
        let dayCount = Self.dayCount(of: month, calendar: calendar)
        let previousCount = Self.dayCount(of: month.previous, calendar: calendar)
        let leading = Self.leadingDayCount(of: month, calendar: calendar)

        var days: [Day] = []
        for offset in stride(from: leading, to: 0, by: -1) {
            days.append(
                Day(
                    day: CalendarDay(year: month.previous.year, month: month.previous.month, day: previousCount - offset + 1),
                    isInMonth: false))
        }
        for number in 1...dayCount {
            days.append(Day(day: CalendarDay(year: month.year, month: month.month, day: number), isInMonth: true))
        }
        let trailing = (7 - days.count % 7) % 7
        for number in stride(from: 1, through: trailing, by: 1) {
            days.append(Day(day: CalendarDay(year: month.next.year, month: month.next.month, day: number), isInMonth: false))
        }
        weeks = stride(from: 0, to: days.count, by: 7).map { Array(days[$0..<$0 + 7]) }
    }

    /// The month's length according to `calendar` (Gregorian rules if it cannot say).
    static func dayCount(of month: CalendarMonth, calendar: Calendar) -> Int {
        guard let noon = month.firstDay.noon(in: calendar),
            let range = calendar.range(of: .day, in: .month, for: noon), !range.isEmpty
        else { return month.gregorianDayCount }
        return range.count
    }

    /// How many days of the previous month precede the 1st in its first week (0…6).
    static func leadingDayCount(of month: CalendarMonth, calendar: Calendar) -> Int {
        let weekday: Int
        if let noon = month.firstDay.noon(in: calendar) {
            weekday = calendar.component(.weekday, from: noon)
        } else {
            weekday = gregorianWeekday(of: month.firstDay)
        }
        return ((weekday - calendar.firstWeekday) % 7 + 7) % 7
    }

    /// 1 = Sunday … 7 = Saturday, by arithmetic (Sakamoto's method), for the fallback path.
    static func gregorianWeekday(of day: CalendarDay) -> Int {
        let offsets = [0, 3, 2, 5, 0, 3, 5, 1, 4, 6, 2, 4]
        let year = day.month < 3 ? day.year - 1 : day.year
        let value = year + year / 4 - year / 100 + year / 400 + offsets[day.month - 1] + day.day
        return (value % 7 + 7) % 7 + 1
    }
}
