import Foundation
import SharedNetworking

/// The date and time texts of one screen build: each distinct day and each distinct time of
/// day is formatted once.
///
/// A season's games share a handful of kick-off times (1:00 PM, 4:25 PM…), and formatting with
/// `DateFormatter` costs far more than finding the wall-clock minute (``WallClock``). A day's
/// text depends only on the day in the user's zone, a time's only on the hour and minute, so
/// a cached text is exactly what formatting again would give.
struct ScheduleDateTexts {
    let formatter: ScheduleDateFormatter
    private var clock: WallClock
    private var dates: [Int: String] = [:]
    private var times: [Int: String] = [:]
    private var calendarDays: [Int: String] = [:]

    init(formatter: ScheduleDateFormatter, timeZone: TimeZone) {
        self.formatter = formatter
        self.clock = WallClock(timeZone: timeZone)
    }

    /// ``ScheduleDateFormatter/dateText(_:)``.
    mutating func dateText(_ instant: Date) -> String {
        guard let day = clock.civilTime(of: instant)?.day else { return formatter.dateText(instant) }
        return Self.cached(&dates, day) { formatter.dateText(instant) }
    }

    /// ``ScheduleDateFormatter/timeText(_:)``.
    mutating func timeText(_ instant: Date) -> String {
        guard let second = clock.civilTime(of: instant)?.second else { return formatter.timeText(instant) }
        return Self.cached(&times, second / 60) { formatter.timeText(instant) }
    }

    /// ``ScheduleDateFormatter/calendarDayText(_:)`` (the day is midnight UTC).
    mutating func calendarDayText(_ day: Date) -> String {
        let seconds = day.timeIntervalSince1970
        guard seconds.isFinite, abs(seconds) < 1e15 else { return formatter.calendarDayText(day) }
        return Self.cached(&calendarDays, Int((seconds / 86_400).rounded(.down))) { formatter.calendarDayText(day) }
    }

    private static func cached(_ cache: inout [Int: String], _ key: Int, _ make: () -> String) -> String {
        if let text = cache[key] { return text }
        let text = make()
        cache[key] = text
        return text
    }
}
