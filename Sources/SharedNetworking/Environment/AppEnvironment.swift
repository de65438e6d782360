import Foundation

/// Everything outside the code that logic may depend on, passed in explicitly.
///
/// There are no singletons in this package: no `.shared`, no `Locale.current`, no `Date()` in
/// logic. An app builds one `AppEnvironment` at launch with ``init(httpClient:clock:locale:messagesLocale:timeZone:calendar:directories:)``
/// (the only place that reads the system's locale, time zone and caches folder) and hands each
/// feature what it needs; tests and the `exercises` command build their own.
public struct AppEnvironment: Sendable {
    /// The client every network request goes through (usually a ``RetryingHTTPClient`` over ``URLSessionHTTPClient``).
    public var httpClient: any HTTPClient
    /// The source of "now" and of sleeping; a ``ManualClock`` in tests.
    public var clock: any AppClock
    /// The user's locale, for everything formatted for a person: dates, times and numbers
    /// (POSIX `LC_TIME`).
    public var locale: Locale
    /// The language of the screens' own words (POSIX `LC_MESSAGES`); the same as ``locale``
    /// unless the user chose them apart.
    public var messagesLocale: Locale
    /// The user's time zone, for dates and times shown.
    public var timeZone: TimeZone
    /// The calendar for user-facing dates, with ``locale`` and ``timeZone`` set (see ``calendar(_:locale:timeZone:)``).
    public var calendar: Calendar
    /// Where features may write: caches and scratch space.
    public var directories: Directories
    /// The date formatters features format with, one per configuration (``DateFormatterCache``):
    /// copies of the environment share it, so the screens of one app, or a server's sessions,
    /// that format alike hold one formatter between them.
    public var dateFormatters = DateFormatterCache()

    /// An environment from its parts, built once at the composition root.
    public init(
        httpClient: any HTTPClient,
        clock: any AppClock,
        locale: Locale,
        messagesLocale: Locale? = nil,
        timeZone: TimeZone,
        calendar: Calendar,
        directories: Directories
    ) {
        self.httpClient = httpClient
        self.clock = clock
        self.locale = locale
        self.messagesLocale = messagesLocale ?? locale
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

    /// Roots from an app's (or a test's) folders.
    public init(caches: URL, temporary: URL) {
        self.caches = caches
        self.temporary = temporary
    }
}
