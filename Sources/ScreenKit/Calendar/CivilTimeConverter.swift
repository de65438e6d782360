import Foundation

/// The wall-clock day and time of many instants in one time zone, by integer arithmetic.
///
/// Asking `Calendar` or `TimeZone` costs microseconds per instant (an ICU call each), which is
/// most of the time a screen spends grouping 100,000 visits by day. A zone's offset from UTC
/// only changes at its transitions (daylight saving, a change of standard time), so this asks
/// the zone once per period between two transitions, remembers the period, and computes every
/// other instant in it with additions. Results are those of a Gregorian `Calendar` in the same
/// zone (tests compare them across zones with half-hour offsets, 45-minute offsets and
/// historical changes).
///
/// A value type with a cache inside: make one per batch of work (a screen build), not a shared one.
public struct CivilTimeConverter: Sendable {
    /// The zone whose wall clock this reads.
    public let timeZone: TimeZone
    /// Known periods of constant offset, ordered by `end`.
    private var periods: [Period] = []

    private struct Period: Sendable {
        /// The earliest instant seen in the period (seconds since 1970); the period may start earlier.
        var start: Double
        /// The next transition (exclusive), or infinity when the zone has none.
        var end: Double
        var offset: Int
    }

    /// A wall clock of `timeZone`, knowing none of its periods yet.
    public init(timeZone: TimeZone) {
        self.timeZone = timeZone
    }

    /// The zone's offset from UTC at `date`, in seconds.
    public mutating func offset(at date: Date) -> Int {
        let seconds = date.timeIntervalSince1970
        var low = 0
        var high = periods.count
        while low < high {
            let middle = (low + high) / 2
            if periods[middle].end <= seconds { low = middle + 1 } else { high = middle }
        }
        if low < periods.count, periods[low].start <= seconds { return periods[low].offset }
        let offset = timeZone.secondsFromGMT(for: date)
        let end = timeZone.nextDaylightSavingTimeTransition(after: date)?.timeIntervalSince1970 ?? .infinity
        if low < periods.count, periods[low].end == end, periods[low].offset == offset {
            periods[low].start = seconds
        } else {
            periods.insert(Period(start: seconds, end: end, offset: offset), at: low)
        }
        return offset
    }

    /// The wall-clock day of `date` (days since 1970-01-01) and the second within that day;
    /// `nil` for an instant no calendar shows (beyond ±30 million years, not finite).
    public mutating func civilTime(of date: Date) -> (day: Int, second: Int)? {
        guard date.timeIntervalSince1970.isFinite, abs(date.timeIntervalSince1970) < 1e15 else { return nil }
        let local = (date.timeIntervalSince1970 + Double(offset(at: date))).rounded(.down)
        let seconds = Int(local)
        let day = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        return (day, seconds - day * 86_400)
    }

    /// The Gregorian year, month and day of `days` since 1970-01-01 (H. Hinnant's algorithm).
    public static func civilDate(fromDays days: Int) -> (year: Int, month: Int, day: Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }
}
