import Foundation
import SharedNetworking

/// Calendars and clocks as the app would inject them, built explicitly (never `.current`).
enum TestCalendars {
    static func gregorian(_ locale: String = "en_GB", _ timeZone: String = "UTC") -> Calendar {
        AppEnvironment.calendar(locale: Locale(identifier: locale), timeZone: zone(timeZone))
    }

    static func zone(_ identifier: String) -> TimeZone {
        TimeZone(identifier: identifier) ?? .gmt
    }

    /// An instant from an ISO 8601 text (tests only use valid literals).
    static func instant(_ text: String) -> Date {
        LenientISO8601.date(from: text) ?? Date(timeIntervalSince1970: 0)
    }

    /// A clock standing at `text`.
    static func clock(_ text: String) -> ManualClock {
        ManualClock(now: instant(text))
    }
}
