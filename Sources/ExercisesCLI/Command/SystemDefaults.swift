import Foundation
import SharedNetworking

/// What the process provides when options do not say otherwise. Only a composition root reads
/// the real system values (``process(cachesDirectory:)``: the environment, the time zone…);
/// tests pass fixed ones.
public struct SystemDefaults: Sendable {
    /// For dates, times and numbers: the user's (``UserLocale``), else ``unchosenLocale``.
    public var locale: Locale
    /// For the screens' own words (CarFit's labels); usually the same as ``locale``.
    public var messagesLocale: Locale
    /// The process's time zone.
    public var timeZone: TimeZone
    /// The wall clock.
    public var clock: any AppClock
    /// The default cache folder: the platform's (``UserCacheDirectory``).
    public var cachesDirectory: URL
    /// Scratch space for atomic writes.
    public var temporaryDirectory: URL
    /// Columns of the terminal (`COLUMNS`, else 80).
    public var terminalWidth: Int

    /// Defaults from their parts; the executable passes the process's, tests fixed ones.
    public init(
        locale: Locale, messagesLocale: Locale? = nil, timeZone: TimeZone, clock: any AppClock, cachesDirectory: URL,
        temporaryDirectory: URL,
        terminalWidth: Int = 80
    ) {
        self.locale = locale
        self.messagesLocale = messagesLocale ?? locale
        self.timeZone = timeZone
        self.clock = clock
        self.cachesDirectory = cachesDirectory
        self.temporaryDirectory = temporaryDirectory
        self.terminalWidth = terminalWidth
    }

    /// The defaults of a process with these environment variables: the locales they choose
    /// (``UserLocale``), and `fallbackLocale` where they choose none (`C`, `POSIX`, unset).
    public init(
        environment: [String: String], fallbackLocale: Locale = SystemDefaults.unchosenLocale, timeZone: TimeZone, clock: any AppClock,
        cachesDirectory: URL, temporaryDirectory: URL, terminalWidth: Int = 80
    ) {
        let chosen = UserLocale(environment: environment)
        self.init(
            locale: chosen.formats ?? fallbackLocale, messagesLocale: chosen.messages ?? fallbackLocale, timeZone: timeZone, clock: clock,
            cachesDirectory: cachesDirectory, temporaryDirectory: temporaryDirectory, terminalWidth: terminalWidth)
    }

    /// The locale when nothing chooses one (`LANG=C.UTF-8`, no `--locale`): `en_US`, in every
    /// front-end and on every platform. Foundation's own answer would differ by platform (on
    /// Linux `Locale.current` is `en_001` whatever the variables say: `Sun, 13 Sep`, weeks from
    /// Monday), and a page and a terminal on one machine would then disagree.
    public static let unchosenLocale = Locale(identifier: "en_US")

    /// The defaults of this process, read once by a composition root (the `exercises`
    /// executable, `exercises-web`; never a library): the locales the POSIX variables choose
    /// (``UserLocale``; ``unchosenLocale`` where they choose none), the system's time zone, the
    /// wall clock, the temporary directory and the terminal's width (`COLUMNS`, else 80).
    ///
    /// - Parameter cachesDirectory: where caches go; the platform's convention
    ///   (``UserCacheDirectory``) when `nil`.
    public static func process(cachesDirectory: URL? = nil) -> SystemDefaults {
        let variables = ProcessInfo.processInfo.environment
        let home = URL(fileURLWithPath: NSHomeDirectory(), isDirectory: true)
        return SystemDefaults(
            environment: variables, timeZone: TimeZone.current, clock: SystemClock(),
            cachesDirectory: cachesDirectory ?? UserCacheDirectory.resolve(.current, home: home, environment: variables),
            temporaryDirectory: FileManager.default.temporaryDirectory,
            terminalWidth: variables["COLUMNS"].flatMap(Int.init) ?? 80)
    }
}
