import Foundation

/// Everything outside the code that logic may depend on, passed in explicitly.
///
/// There are no singletons in this package: no `.shared`, no `Locale.current`, no `Date()` in
/// logic. An app builds one `AppEnvironment` at launch (``live(cachesDirectory:)``) and hands
/// each feature what it needs; tests and the `exercises` command build their own.
public struct AppEnvironment: Sendable {
    public var httpClient: any HTTPClient
    public var clock: any AppClock
    /// Formats dates, times and numbers (POSIX `LC_TIME`).
    public var locale: Locale
    /// The language of the screens' own words (POSIX `LC_MESSAGES`); the same as ``locale``
    /// unless the user chose them apart.
    public var messagesLocale: Locale
    public var timeZone: TimeZone
    public var calendar: Calendar
    public var directories: Directories

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

    public init(caches: URL, temporary: URL) {
        self.caches = caches
        self.temporary = temporary
    }
}
