import Foundation
import SharedNetworking

/// Day and month texts in the worker's locale, from an injected calendar.
///
/// Shared by the calendar (month title, day numbers, spoken day names) and the list (section
/// titles) so that both always name a day the same way.
public struct DayTextFormatter: Sendable {
    /// The calendar days are computed in (the user's, injected).
    public let calendar: Calendar
    /// The locale names and numbers are formatted for.
    public let locale: Locale
    /// The locale's own short time pattern (`HH:mm`, `HH.mm`, `h:mm a`), from the injected
    /// ``/SharedNetworking/DateFormatterCache``: configured once there and never mutated, so every
    /// formatter of the same calendar shares it; formatting with it is thread-safe.
    private let timeFormatter: DateFormatter

    /// `calendar` provides the time zone and the locale (`calendar.locale`, or `en_US_POSIX`);
    /// `formatters` the Foundation formatter behind ``time(of:)`` (shared with every formatter
    /// given the same cache and an equal calendar).
    public init(calendar: Calendar, formatters: DateFormatterCache = DateFormatterCache()) {
        self.calendar = calendar
        self.locale = calendar.locale ?? Locale(identifier: "en_US_POSIX")
        timeFormatter = formatters.formatter(dateStyle: .none, timeStyle: .short, calendar: calendar)
    }

    private func style() -> Date.FormatStyle {
        Date.FormatStyle(locale: locale, calendar: calendar, timeZone: calendar.timeZone)
    }

    /// `September 2020`, `september 2020` → `September 2020` (a title starts with a capital).
    public func title(of month: CalendarMonth) -> String {
        guard let date = month.firstDay.noon(in: calendar) else { return month.description }
        return capitalizedFirstLetter(date.formatted(style().month(.wide).year()))
    }

    /// `Thursday, 10 September` (with the year when `includeYear`), as the locale orders it.
    public func title(of day: CalendarDay, includeYear: Bool) -> String {
        guard let date = day.noon(in: calendar) else { return day.description }
        let base = style().weekday(.wide).day().month(.wide)
        return capitalizedFirstLetter(date.formatted(includeYear ? base.year() : base))
    }

    /// `10` in Latin digits, `١٠` in Arabic: the number inside a calendar cell.
    public func number(of day: CalendarDay) -> String {
        day.day.formatted(IntegerFormatStyle<Int>.number.locale(locale).grouping(.never))
    }

    /// A clock time in the locale's short style: `08:05` (British), `08.05` (Danish),
    /// `8:05 AM` (US English). `Date.FormatStyle`'s `.shortened` drops the leading zero of
    /// 24-hour locales on Linux, so the locale's own pattern is used instead.
    public func time(of date: Date) -> String {
        timeFormatter.string(from: date)
    }

    /// Weekday names starting with the calendar's first weekday (Monday in Denmark, Sunday in
    /// the United States).
    public func weekdays() -> [WeekdayLabel] {
        let short = calendar.shortStandaloneWeekdaySymbols
        let full = calendar.standaloneWeekdaySymbols
        let narrow = calendar.veryShortStandaloneWeekdaySymbols
        guard short.count == 7, full.count == 7, narrow.count == 7 else { return [] }
        let first = (calendar.firstWeekday - 1 + 7) % 7
        return (0..<7).map { offset in
            let index = (first + offset) % 7
            return WeekdayLabel(
                short: capitalizedFirstLetter(short[index]),
                narrow: narrow[index],
                full: capitalizedFirstLetter(full[index])
            )
        }
    }

    private func capitalizedFirstLetter(_ text: String) -> String {
        guard let first = text.first else { return text }
        return String(first).uppercased(with: locale) + text.dropFirst()
    }
}
