import Foundation

/// Dates and kick-off times in the user's locale and time zone.
///
/// Formats come from localized *templates*, never fixed patterns, so each locale orders and
/// punctuates as its users expect: `EEEMMMd` gives `Sun, Sep 13` (en_US), `Sun 13 Sep`
/// (en_GB), `So. 13. Sept.` (de_DE), `9月13日(日)` (ja_JP); `jmm` gives `4:35 PM` (en_US, with
/// ICU's narrow no-break space before PM) or `16:35`, following the locale's hour cycle.
///
/// The formatters are configured once here and never mutated afterwards; formatting with them
/// is thread-safe, so the value is `Sendable` (as `DayTextFormatter` in CarFit) and a screen
/// keeps one for its lifetime.
public struct ScheduleDateFormatter: Sendable {
    /// Template of the lower-left date: abbreviated weekday, abbreviated month, day.
    public static let dateTemplate = "EEEMMMd"
    /// Template of a scheduled game's kick-off time: the locale's hour cycle, minutes.
    public static let timeTemplate = "jmm"
    /// Template of a spoken date: the weekday and month in full (`Sunday, September 13`).
    public static let spokenDateTemplate = "EEEEMMMMd"
    /// Template of a spoken kick-off: the time and the zone's full name (`1:00 PM Eastern
    /// Daylight Time`), so a listener in another zone knows which time it is.
    public static let spokenTimeTemplate = "jmmzzzz"

    private let date: DateFormatter
    private let time: DateFormatter
    private let calendarDay: DateFormatter
    private let spokenDate: DateFormatter
    private let spokenTime: DateFormatter
    /// The user's calendar and a UTC one: a calendar day (midnight UTC) is spoken as noon of
    /// the same day in the user's zone, with ``spokenDate``, not with a formatter of its own (an
    /// ICU formatter costs about a million instructions to make, and TBA days are rare).
    private let calendar: Calendar
    private let utcCalendar: Calendar

    /// A formatter for one user's `locale`, `timeZone` and `calendar` (all injected, never `.current`).
    public init(locale: Locale, timeZone: TimeZone, calendar: Calendar) {
        date = Self.formatter(Self.dateTemplate, locale: locale, timeZone: timeZone, calendar: calendar)
        time = Self.formatter(Self.timeTemplate, locale: locale, timeZone: timeZone, calendar: calendar)
        // A calendar day from the feed's `Numeric` is midnight UTC; format it in UTC so the day
        // does not move with the user's time zone.
        let utc = TimeZone(identifier: "UTC") ?? timeZone
        calendarDay = Self.formatter(Self.dateTemplate, locale: locale, timeZone: utc, calendar: calendar)
        spokenDate = Self.formatter(Self.spokenDateTemplate, locale: locale, timeZone: timeZone, calendar: calendar)
        spokenTime = Self.formatter(Self.spokenTimeTemplate, locale: locale, timeZone: timeZone, calendar: calendar)
        var local = calendar
        local.timeZone = timeZone
        self.calendar = local
        var utcCalendar = calendar
        utcCalendar.timeZone = utc
        self.utcCalendar = utcCalendar
    }

    /// The day of `instant` in the user's time zone: `Sun, Sep 13`.
    public func dateText(_ instant: Date) -> String { date.string(from: instant) }

    /// The time of `instant` in the user's time zone: `4:35 PM`, `16:35`.
    public func timeText(_ instant: Date) -> String { time.string(from: instant) }

    /// A calendar day given as midnight UTC (`FeedGameDate.day`), time-zone independent.
    public func calendarDayText(_ day: Date) -> String { calendarDay.string(from: day) }

    /// The day of `instant` in full, for VoiceOver: `Sunday, September 13`, `Sonntag, 13. September`.
    public func spokenDateText(_ instant: Date) -> String { spokenDate.string(from: instant) }

    /// The time of `instant` with its zone's name, for VoiceOver: `1:00 PM Eastern Daylight Time`.
    public func spokenTimeText(_ instant: Date) -> String { spokenTime.string(from: instant) }

    /// A calendar day (midnight UTC) in full, time-zone independent.
    public func spokenCalendarDayText(_ day: Date) -> String {
        var parts = utcCalendar.dateComponents([.year, .month, .day], from: day)
        parts.hour = 12
        return spokenDate.string(from: calendar.date(from: parts) ?? day)
    }

    private static func formatter(_ template: String, locale: Locale, timeZone: TimeZone, calendar: Calendar) -> DateFormatter {
        var calendar = calendar
        calendar.timeZone = timeZone
        calendar.locale = locale
        let formatter = DateFormatter()
        formatter.locale = locale
        formatter.calendar = calendar
        formatter.timeZone = timeZone
        formatter.setLocalizedDateFormatFromTemplate(template)
        return formatter
    }
}
