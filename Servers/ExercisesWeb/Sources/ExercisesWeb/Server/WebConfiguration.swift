import Foundation
import ServerSupport
import SharedNetworking

/// Everything `exercises-web` is started with: where it listens, how screens are formatted,
/// where each feed comes from, which Trivia server the Trivia tabs play on, and the session
/// limits.
public struct WebConfiguration: Sendable {
    /// The address to bind (`127.0.0.1` serves this machine only).
    public var host: String
    /// The port; 0 lets the system choose (the chosen one is printed).
    public var port: Int
    /// Dates, times and numbers are formatted for this locale.
    public var locale: Locale
    /// Times are shown in this time zone.
    public var timeZone: TimeZone
    /// The colour themes, standard or high contrast.
    public var contrast: ContrastPreference
    /// Feeds loaded from the network instead of the bundled copies, by exercise (with the images
    /// they name). HooSets takes a directory URL (`file:`) of its archives.
    public var feeds: [WebExercise: URL]
    /// The schedule's logo directory; the exercise's own when `nil`.
    public var logoBase: URL?
    /// An external Trivia server (or cluster node) the Trivia tabs join; `nil` runs the Trivia
    /// server in this process, a competition starting when someone arrives (``TriviaRounds``).
    public var trivia: URL?
    /// The in-process competitions' timing.
    public var triviaRounds: TriviaRounds
    /// Where caches (extracted Hoo sets, images) are written.
    public var cacheDirectory: URL
    /// Sessions kept at most; a new tab beyond it replaces the longest idle session without a
    /// socket, or is told to come back later when every session has one.
    public var maxSessions: Int
    /// A session without a socket for this long is ended.
    public var sessionIdleTimeout: Duration
    /// The largest message a page may send.
    public var maxEventBytes: Int
    /// Sessions one client (an IPv4 address, an IPv6 `/64`) may hold at once: one client cannot
    /// take every session.
    public var maxSessionsPerClient: Int
    /// Other names the server is reached by (`--public-host`), besides `host` and the loopback
    /// names: a request whose `Host` is none of them is refused (DNS rebinding).
    public var publicHosts: [String]
    /// What a connection may take before it has sent a whole request, and how many one client
    /// and all of them may hold (`ServerSupport`'s guard, shared with `trivia-server`).
    public var connectionLimits: ConnectionGuardLimits
    /// Whether a page is sent the changes after its first screen, or the whole screen each time.
    public var renderer: LiveRendererMode

    /// A configuration; the defaults serve 127.0.0.1:8080 in en_US and UTC on the bundled data.
    public init(
        host: String = "127.0.0.1", port: Int = 8080, locale: Locale = Locale(identifier: "en_US"),
        timeZone: TimeZone = TimeZone(identifier: "UTC") ?? TimeZone(secondsFromGMT: 0) ?? .gmt,
        contrast: ContrastPreference = .standard, feeds: [WebExercise: URL] = [:], logoBase: URL? = nil, trivia: URL? = nil,
        triviaRounds: TriviaRounds = TriviaRounds(), cacheDirectory: URL, maxSessions: Int = 2_000,
        sessionIdleTimeout: Duration = .seconds(600), maxEventBytes: Int = 16 << 10, maxSessionsPerClient: Int = 50,
        publicHosts: [String] = [], connectionLimits: ConnectionGuardLimits = ConnectionGuardLimits(), renderer: LiveRendererMode = .diff
    ) {
        self.host = host
        self.port = port
        self.locale = locale
        self.timeZone = timeZone
        self.contrast = contrast
        self.feeds = feeds
        self.logoBase = logoBase
        self.trivia = trivia
        self.triviaRounds = triviaRounds
        self.cacheDirectory = cacheDirectory
        self.maxSessions = max(1, maxSessions)
        self.sessionIdleTimeout = sessionIdleTimeout
        self.maxEventBytes = maxEventBytes
        self.maxSessionsPerClient = max(1, maxSessionsPerClient)
        self.publicHosts = publicHosts
        self.connectionLimits = connectionLimits
        self.renderer = renderer
    }
}

/// How the in-process Trivia server runs its competitions: one starts when a tab arrives and
/// none is in its lobby, its first question ``lobby`` later, so that whoever arrives plays from
/// the first question within seconds, with everyone who arrives meanwhile.
public struct TriviaRounds: Sendable, Hashable {
    /// Time from a competition's start (the first tab asking for a seat) to its first question.
    public var lobby: Duration
    /// Questions per competition (the bundled set's first ones).
    public var questionCount: Int
    /// Time each question accepts answers.
    public var answerWindow: Duration
    /// Time a result stays on screen (the wild-card window).
    public var reviewWindow: Duration
    /// Simulated players seated in every competition besides the tabs (`TriviaBotField`), so
    /// that nobody plays alone; 0 for none.
    public var bots: Int
    /// Seeds the bots: competition *n* draws its bots' strategies and choices from this seed
    /// and *n*, so the same server plays the same bots in its *n*th game.
    public var botSeed: UInt64

    /// Rounds; the defaults: five questions of 10 s, each result shown 5 s, the first question
    /// 10 s after the first tab arrives (a game of about 85 s), eight bots.
    public init(
        lobby: Duration = .seconds(10), questionCount: Int = 5, answerWindow: Duration = .seconds(10), reviewWindow: Duration = .seconds(5),
        bots: Int = 8, botSeed: UInt64 = 1
    ) {
        self.lobby = lobby
        self.questionCount = max(1, questionCount)
        self.answerWindow = answerWindow
        self.reviewWindow = reviewWindow
        self.bots = max(0, bots)
        self.botSeed = botSeed
    }

    /// The seed of competition `number`'s bots.
    func botSeed(forCompetition number: Int) -> UInt64 {
        SeededRandom(seed: botSeed).derived(UInt64(max(0, number))).state
    }
}
