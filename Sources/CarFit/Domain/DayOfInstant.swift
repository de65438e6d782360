import Foundation
import ScreenKit
import SharedNetworking

/// The calendar day an instant falls on in a calendar's time zone, for many instants.
///
/// `CalendarDay(_:in:)` asks `Calendar` once per instant, which is most of the time spent
/// grouping 100,000 visits. For the Gregorian calendar (the one visits are grouped in) the day
/// follows from the zone's offset by arithmetic (``CivilTimeConverter``), with the same result; any other
/// calendar is asked as before.
struct DayOfInstant {
    private let calendar: Calendar
    private var clock: CivilTimeConverter?

    init(calendar: Calendar) {
        self.calendar = calendar
        clock = calendar.identifier == .gregorian ? CivilTimeConverter(timeZone: calendar.timeZone) : nil
    }

    mutating func day(of instant: Date) -> CalendarDay {
        guard let days = clock?.civilTime(of: instant)?.day else { return CalendarDay(instant, in: calendar) }
        let date = CivilTimeConverter.civilDate(fromDays: days)
        return CalendarDay(year: date.year, month: date.month, day: date.day)
    }
}
