import Foundation
import SharedNetworking

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Options shared by the exercises, and how they become an ``/SharedNetworking/AppEnvironment``.
public enum CommonOptions {
    /// `--file PATH`: read the feed from a file (`-` or `/dev/stdin`: standard input).
    public static let file = OptionSpec.value(
        "--file", "PATH", help: "Read the feed from a file instead of the bundled copy ('-' or /dev/stdin: standard input).")
    /// `--url URL`: fetch the feed; `default` is the exercise's own address.
    public static let url = OptionSpec.value(
        "--url", "URL", help: "Fetch the feed from a URL (the exercise's original address if given as 'default').")
    /// `--locale ID`: format for another locale.
    public static let locale = OptionSpec.value("--locale", "ID", help: "Format for this locale, e.g. en_US, en_GB, de_DE, ja_JP.")
    /// `--time-zone ID`: show times in another time zone.
    public static let timeZone = OptionSpec.value("--time-zone", "ID", help: "Show times in this IANA time zone, e.g. America/New_York.")
    /// `--now ISO8601`: pretend the current time is this (reproducible screens).
    public static let now = OptionSpec.value(
        "--now", "ISO8601", help: "Pretend the current time is this (2020-09-10 or 2020-09-10T08:00:00Z).")
    /// `--json`: print the view state instead of the text screen.
    public static let json = OptionSpec.flag("--json", help: "Print the screen's view state as JSON (schema in Docs/Exercises.md).")
    /// `--cache-dir PATH`: where caches go (``UserCacheDirectory`` when absent).
    public static let cacheDirectory = OptionSpec.value(
        "--cache-dir", "PATH",
        help:
            "Directory for caches (default: ~/Library/Caches/mobile-exercises on macOS; $XDG_CACHE_HOME/mobile-exercises or ~/.cache/mobile-exercises on Linux)."
    )
    /// `--timeout SECONDS`: the feed's deadline (``CommandContext/feedDeadline``).
    public static let timeout = OptionSpec.value(
        "--timeout", "SECONDS",
        help:
            "Give up loading the feed after this many seconds, every retry and wait included (default 30); a saved copy, if any, is shown instead."
    )
    /// `--help`: show the command's help.
    public static let help = OptionSpec.flag("--help", help: "Show help for this command.")
    /// Offered by every screen (see ``ExerciseCommand/offersHTMLPreview``).
    public static let html = OptionSpec.value(
        "--html", "OUT.html", help: "Write the screen as a self-contained HTML page and print one line saying so (Docs/Previews.md).")

    /// The usual set for a feed-backed screen.
    public static let feedScreen: [OptionSpec] = [file, url, locale, timeZone, now, json, cacheDirectory, timeout]

    /// The longest `--timeout` accepted: an hour.
    static let longestTimeout = 3600.0

    /// `--timeout` as a deadline, or `nil` (the feed options' own, 30 s) when absent.
    static func feedDeadline(_ options: ParsedOptions) throws(CLIError) -> Duration? {
        try options.value("--timeout", as: "a number of seconds from 0.1 to \(Int(longestTimeout))") { text in
            Double(text).flatMap { $0 >= 0.1 && $0 <= longestTimeout ? Duration.milliseconds(Int(($0 * 1000).rounded())) : nil }
        }
    }

    /// The environment a screen runs in, from the options that choose it and the process's
    /// defaults: the one resolution of locale, time zone, calendar, clock and HTTP client that
    /// the `exercises` command and the live pages (`exercises-web`) both use, so that a screen
    /// shows the same dates, weeks and words in each.
    ///
    /// - Parameters:
    ///   - locale: `--locale`: a locale identifier or POSIX name (`de_DE`, `de-DE`,
    ///     `de_DE.UTF-8`; ``UserLocale/locale(posixName:)``). It sets both the formats and the
    ///     screens' words; without it they are the POSIX variables' (``SystemDefaults``).
    ///   - timeZone: `--time-zone`: an IANA identifier; the process's zone without it.
    ///   - now: `--now`: an ISO 8601 instant the clock starts at, then runs from; the process's
    ///     clock without it.
    ///   - cacheDirectory: `--cache-dir`; ``SystemDefaults/cachesDirectory`` without it.
    ///   - defaults: what the process provides (``SystemDefaults/process(cachesDirectory:)``).
    /// - Returns: the environment, its calendar Gregorian in the formats locale and the zone
    ///   (``/SharedNetworking/AppEnvironment/calendar(_:locale:timeZone:)``: weeks start where
    ///   the locale says), its requests sent through ``transport()`` with retries.
    /// - Throws: a usage error naming the option and the value that is not one.
    public static func environment(
        locale: String?, timeZone: String?, now: String? = nil, cacheDirectory: String? = nil, defaults: SystemDefaults
    ) throws(CLIError) -> AppEnvironment {
        var options = ParsedOptions()
        for (name, value) in [("--locale", locale), ("--time-zone", timeZone), ("--now", now), ("--cache-dir", cacheDirectory)] {
            if let value { options.add(value: value, for: name) }
        }
        return try environment(options, defaults: defaults)
    }

    /// Builds the environment a command runs in from its options and the process defaults.
    static func environment(_ options: ParsedOptions, defaults: SystemDefaults) throws(CLIError) -> AppEnvironment {
        let chosen = try options.value("--locale", as: "a known locale identifier", UserLocale.locale(posixName:))
        let locale = chosen ?? defaults.locale
        let timeZone =
            try options.value("--time-zone", as: "a time zone identifier (e.g. Europe/London)") {
                TimeZone(identifier: $0)
            } ?? defaults.timeZone
        let clock: any AppClock
        if let now = try options.value("--now", as: "an ISO 8601 date or time", { LenientISO8601.date(from: $0) }) {
            clock = AnchoredClock(start: now, base: defaults.clock)
        } else {
            clock = defaults.clock
        }
        let caches = options.value("--cache-dir").map { URL(fileURLWithPath: $0, isDirectory: true) } ?? defaults.cachesDirectory
        let client = RetryingHTTPClient(base: transport(), clock: clock)
        return AppEnvironment(
            httpClient: client,
            clock: clock,
            locale: locale,
            messagesLocale: chosen ?? defaults.messagesLocale,
            timeZone: timeZone,
            calendar: AppEnvironment.calendar(locale: locale, timeZone: timeZone),
            directories: Directories(caches: caches, temporary: defaults.temporaryDirectory)
        )
    }

    /// The client requests go out on: URLSession (ephemeral, 20 s per request), except for
    /// plain `http` on Linux, where ``/SharedNetworking/SocketHTTPClient`` waits without the busy
    /// loop of swift-corelibs-foundation's URLSession (its documentation says why). Without
    /// retries: ``environment(locale:timeZone:now:cacheDirectory:defaults:)`` wraps it in a
    /// ``/SharedNetworking/RetryingHTTPClient`` on the environment's clock.
    public static func transport() -> any HTTPClient {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = 20
        let session = URLSessionHTTPClient(configuration: configuration)
        var client: any HTTPClient = session
        #if canImport(FoundationNetworking)
            client = SocketHTTPClient(secure: session)
        #endif
        return client
    }

    /// What standard input is called in messages.
    static let standardInputName = "standard input"

    /// `--file` or `--url`; `--url default` means the exercise's original address. `--file -`
    /// and `--file /dev/stdin` read standard input through `io` (to its end, within the feed
    /// size limit) as most Unix tools do; other pipes and devices (`<(curl …)`) are read by the
    /// loader as streams.
    static func source(_ options: ParsedOptions, defaultURL: URL?, io: any ConsoleIO) throws(CLIError) -> FeedSource? {
        if options.has("--file") && options.has("--url") {
            throw .usage("--file and --url cannot be used together")
        }
        if let path = options.value("--file") {
            guard path == "-" || path == "/dev/stdin" else { return .file(URL(fileURLWithPath: path)) }
            let limit = FeedDecodingOptions().maxBytes
            let input: Data?
            do {
                input = try io.readInput(limit: limit)
            } catch {
                throw .input("\(standardInputName): cannot be read (\(error.localizedDescription))")
            }
            guard let input else { throw .input("\(standardInputName): larger than \(limit) bytes") }
            return .data(input, name: standardInputName)
        }
        if let text = options.value("--url") {
            if text == "default" {
                guard let defaultURL else { throw .usage("--url: this exercise has no default URL") }
                return .remote(defaultURL)
            }
            guard let url = httpURL(text) else {
                throw .usage("--url: '\(text)' is not an http(s) URL")
            }
            return .remote(url)
        }
        return nil
    }

    /// `text` as an absolute http or https URL with a host, else `nil`.
    static func httpURL(_ text: String) -> URL? {
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), ["http", "https"].contains(scheme), url.host != nil
        else { return nil }
        return url
    }

    static func isKnownLocale(_ identifier: String) -> Bool {
        let normalized = identifier.replacingOccurrences(of: "-", with: "_")
        return Locale.availableIdentifiers.contains(normalized) || Locale.availableIdentifiers.contains(identifier)
    }
}
