import Foundation
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
        let seconds = day.timeIntervalSince1970
        guard seconds.isFinite, abs(seconds) < 1e15 else { return formatter.calendarDayText(day) }
        return memos.calendarDays.value(for: Int((seconds / 86_400).rounded(.down))) { formatter.calendarDayText(day) }
    }
}
