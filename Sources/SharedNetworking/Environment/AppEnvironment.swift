import Foundation

/// Everything outside the code that logic may depend on, passed in explicitly.
///
/// There are no singletons in this package: no `.shared`, no `Locale.current`, no `Date()` in
/// logic. An app builds one `AppEnvironment` at launch with ``init(httpClient:clock:locale:timeZone:calendar:directories:)``
/// (the only place that reads the system's locale, time zone and caches folder) and hands each
/// feature what it needs; tests and the `exercises` command build their own.
public struct AppEnvironment: Sendable {
    public var httpClient: any HTTPClient
    public var clock: any AppClock
    public var locale: Locale
    public var timeZone: TimeZone
    public var calendar: Calendar
    public var directories: Directories

    public init(
        httpClient: any HTTPClient,
        clock: any AppClock,
        locale: Locale,
        timeZone: TimeZone,
        calendar: Calendar,
        directories: Directories
    ) {
        self.httpClient = httpClient
        self.clock = clock
        self.locale = locale
        self.timeZone = timeZone
        self.calendar = calendar
        self.directories = directories
    }

    /// A calendar configured for `locale` and `timeZone`: the one to use for user-facing dates.
    public static func calendar(
        _ identifier: Calendar.Identifier = .gregorian,
        locale: Locale,
        timeZone: TimeZone
    ) -> Calendar {
        var calendar = Calendar(identifier: identifier)
        calendar.locale = locale
        calendar.timeZone = timeZone
        return calendar
    }
}

/// File-system roots that features may write to. Never hard-coded: an app passes its caches
/// directory, tests pass a fresh temporary directory.
public struct Directories: Sendable, Equatable {
    /// Where caches live (disk cache of the resource pipeline, extracted archives).
    public var caches: URL
    /// Scratch space for atomic writes (temporary files renamed into place).
    public var temporary: URL

    public init(caches: URL, temporary: URL) {
        self.caches = caches
        self.temporary = temporary
    }
}
