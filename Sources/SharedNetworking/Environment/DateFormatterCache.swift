import Foundation
import Synchronization

/// Foundation `DateFormatter`s, one per configuration, shared by every screen that formats with
/// the same one.
///
/// A `DateFormatter` is cheap to make, but on Linux the ICU formatter it opens on its first use
/// holds the locale's whole set of names and patterns: tens of kilobytes, kept as long as the
/// formatter. A screen that owned its own formatters paid that for each of them, and a server
/// that runs the same screen for thousands of people (one view-model per browser tab) paid it
/// for each tab, for formatters that were all alike. Formatters here are configured once and
/// never changed afterwards, and formatting with one is safe from any thread, so a single
/// formatter per configuration can serve every screen that asks for it.
///
/// An app keeps one cache in its ``AppEnvironment`` (``AppEnvironment/dateFormatters``) and hands
/// it to its features with the locale and calendar. At most ``limit`` formatters are kept; past
/// that the cache starts again (a server whose people come from every locale and time zone does
/// not grow it without end), and a formatter already handed out stays with those that hold it.
public final class DateFormatterCache: Sendable {
    /// Everything a formatter's text depends on.
    private struct Key: Hashable {
        var dateStyle: UInt
        var timeStyle: UInt
        var locale: Locale
        var calendar: Calendar
        var timeZone: TimeZone
    }

    /// Formatters kept at most.
    public let limit: Int
    private let formatters = Mutex<[Key: DateFormatter]>([:])

    /// A cache of at most `limit` formatters.
    public init(limit: Int = 256) {
        self.limit = max(1, limit)
    }

    /// The formatter of `dateStyle` and `timeStyle` in `calendar`: its locale (`en_US_POSIX`
    /// when it has none) and its time zone. The same formatter for the same styles and an equal
    /// calendar; never change it.
    public func formatter(dateStyle: DateFormatter.Style, timeStyle: DateFormatter.Style, calendar: Calendar) -> DateFormatter {
        let locale = calendar.locale ?? Locale(identifier: "en_US_POSIX")
        let key = Key(
            dateStyle: dateStyle.rawValue, timeStyle: timeStyle.rawValue, locale: locale, calendar: calendar, timeZone: calendar.timeZone)
        return formatters.withLock { formatters in
            if let kept = formatters[key] { return kept }
            if formatters.count >= limit { formatters.removeAll() }
            let formatter = DateFormatter()
            formatter.locale = locale
            formatter.calendar = calendar
            formatter.timeZone = calendar.timeZone
            formatter.dateStyle = dateStyle
            formatter.timeStyle = timeStyle
            formatters[key] = formatter
            return formatter
        }
    }

    /// How many formatters are kept now.
    public var count: Int { formatters.withLock { $0.count } }
}
