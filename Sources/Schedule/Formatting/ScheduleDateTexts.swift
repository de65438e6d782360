import Foundation
import ScreenKit
import SharedNetworking

/// The date and time texts of a screen: each distinct day and each distinct time of day is
/// formatted once per screen.
///
/// A season's games share a handful of kick-off times (1:00 PM, 4:25 PM…), and formatting with
/// `DateFormatter` costs far more than finding the wall-clock minute (``CivilTimeConverter``). A day's
/// text depends only on the day in the user's zone, a time's only on the hour and minute, so
/// a remembered text is exactly what formatting again would give. The memos belong to the
/// ``ScheduleViewStateBuilder`` (one per screen); the wall clock to one build.
struct ScheduleDateTexts {
    struct Memos: Sendable {
        let dates = FormattedTextMemo<Int, String>()
        let times = FormattedTextMemo<Int, String>()
        let calendarDays = FormattedTextMemo<Int, String>()
        let spokenDates = FormattedTextMemo<Int, String>()
        let spokenTimes = FormattedTextMemo<Int, String>()
        let spokenCalendarDays = FormattedTextMemo<Int, String>()
    }

    let formatter: ScheduleDateFormatter
    private let memos: Memos
    private var clock: CivilTimeConverter

    init(formatter: ScheduleDateFormatter, memos: Memos, timeZone: TimeZone) {
        self.formatter = formatter
        self.memos = memos
        self.clock = CivilTimeConverter(timeZone: timeZone)
    }

    /// ``ScheduleDateFormatter/dateText(_:)``.
    mutating func dateText(_ instant: Date) -> String {
        guard let day = clock.civilTime(of: instant)?.day else { return formatter.dateText(instant) }
        return memos.dates.value(for: day) { formatter.dateText(instant) }
    }

    /// ``ScheduleDateFormatter/timeText(_:)``.
    mutating func timeText(_ instant: Date) -> String {
        guard let second = clock.civilTime(of: instant)?.second else { return formatter.timeText(instant) }
        return memos.times.value(for: second / 60) { formatter.timeText(instant) }
    }

    /// ``ScheduleDateFormatter/calendarDayText(_:)`` (the day is midnight UTC).
    func calendarDayText(_ day: Date) -> String {
        guard let key = Self.utcDay(day) else { return formatter.calendarDayText(day) }
        return memos.calendarDays.value(for: key) { formatter.calendarDayText(day) }
    }

    /// ``ScheduleDateFormatter/spokenDateText(_:)``.
    mutating func spokenDateText(_ instant: Date) -> String {
        guard let day = clock.civilTime(of: instant)?.day else { return formatter.spokenDateText(instant) }
        return memos.spokenDates.value(for: day) { formatter.spokenDateText(instant) }
    }

    /// ``ScheduleDateFormatter/spokenTimeText(_:)``: keyed by the instant's minute, not the
    /// wall-clock minute, because the zone's name (daylight or standard time) depends on the day.
    func spokenTimeText(_ instant: Date) -> String {
        let seconds = instant.timeIntervalSince1970
        guard seconds.isFinite, abs(seconds) < 1e15 else { return formatter.spokenTimeText(instant) }
        return memos.spokenTimes.value(for: Int((seconds / 60).rounded(.down))) { formatter.spokenTimeText(instant) }
    }

    /// ``ScheduleDateFormatter/spokenCalendarDayText(_:)`` (the day is midnight UTC).
    func spokenCalendarDayText(_ day: Date) -> String {
        guard let key = Self.utcDay(day) else { return formatter.spokenCalendarDayText(day) }
        return memos.spokenCalendarDays.value(for: key) { formatter.spokenCalendarDayText(day) }
    }

    /// Days since 1970 of a midnight-UTC day, or `nil` for an instant no day can hold.
    private static func utcDay(_ day: Date) -> Int? {
        let seconds = day.timeIntervalSince1970
        guard seconds.isFinite, abs(seconds) < 1e15 else { return nil }
        return Int((seconds / 86_400).rounded(.down))
    }
}
