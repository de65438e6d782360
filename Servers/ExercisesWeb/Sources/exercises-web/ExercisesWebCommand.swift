import ArgumentParser
import ExercisesCLI
import ExercisesWeb
import Foundation
import Logging
import NIOPosix
import ServerSupport
import SharedNetworking

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `exercises-web`: the five apps, live in a browser (Docs/Web.md). The composition root: the
/// only place that reads the process's locale, time zone, clock and caches folder.
@main
struct ExercisesWebCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "exercises-web",
        abstract: "Serves the five exercises as live pages: each browser tab drives the module's real view-model over a WebSocket.",
        discussion: """
            Prints "listening on http://HOST:PORT" first (the chosen port for --port 0); open it in a browser. \
            Trivia runs in this process, a competition starting when someone arrives, unless --trivia names a Trivia server. \
            SIGINT/SIGTERM stop it.
            """)

    @Option(help: "Address to bind (127.0.0.1 serves this machine only).")
    var host = "127.0.0.1"

    @Option(help: "Port to listen on; 0 lets the system choose and prints it.")
    var port = 8080

    @Option(help: "Format for this locale, e.g. en_US, de_DE (default: LC_ALL / LC_TIME / LANG, then en_US).")
    var locale: String?

    @Option(help: "Show times in this IANA time zone, e.g. America/New_York (default: the system's).")
    var timeZone: String?

    @Option(help: "Colour themes: standard or high.")
    var contrast = "standard"

    @Option(
        help: ArgumentHelp(
            "Load an exercise's feed (and the images it names) from a URL instead of the bundled copy: EXERCISE=URL, repeatable "
                + "(schedule, carfit, facts; hoosets takes a file: URL of a directory of NN.zip sets).", valueName: "EXERCISE=URL"))
    var feed: [String] = []

    @Option(help: "The schedule's logo directory (default: the exercise's).")
    var logoBase: String?

    @Option(help: "Join this Trivia server (or cluster node) instead of running one in this process.")
    var trivia: String?

    @Option(help: "Seconds from the first tab of an in-process competition to its first question (the lobby).")
    var triviaLobby: Double = 10

    @Option(help: "Questions per in-process competition.")
    var triviaQuestions = 5

    @Option(help: "Seconds each question accepts answers.")
    var triviaSeconds: Double = 10

    @Option(help: "Seconds a result stays on screen (the wild-card window).")
    var triviaReviewSeconds: Double = 5

    @Option(help: "Simulated players seated in every in-process competition besides the tabs (0 for none).")
    var triviaBots = TriviaRounds().bots

    @Option(help: "Sessions kept at most.")
    var maxSessions = 2_000

    @Option(
        help:
            "What a page is sent after its first screen: diff (only what changed, screens shared by sessions), whole (the whole screen every time) or diff-unshared (as diff, each session rendering every screen itself)."
    )
    var renderer = "diff"

    @Option(help: "Sessions one client (an IPv4 address, an IPv6 /64) may hold at once; past it, 429 with Retry-After.")
    var maxSessionsPerClient = 50

    @OptionGroup(title: "Connections")
    var connections: ConnectionOptions

    @Option(help: "Caches (extracted Hoo sets, images); default: a folder under the system's temporary directory.")
    var cacheDir: String?

    @Option(help: "Log level: trace, debug, info, notice, warning, error, critical.")
    var logLevel = "notice"

    func validate() throws {
        guard (0...65_535).contains(port) else { throw ValidationError("--port must be 0…65535") }
        guard ContrastOption.preference(parsing: contrast) != nil else { throw ValidationError("--contrast must be standard or high") }
        guard triviaLobby >= 1, triviaSeconds >= 1, triviaReviewSeconds >= 1, triviaQuestions >= 1 else {
            throw ValidationError("the --trivia-… times and counts must be at least 1")
        }
        guard (0...1_000).contains(triviaBots) else { throw ValidationError("--trivia-bots must be 0…1000") }
        guard LiveRendererMode(rawValue: renderer) != nil else { throw ValidationError("--renderer must be whole, diff or diff-unshared") }
        guard Logger.Level(rawValue: logLevel) != nil else { throw ValidationError("--log-level \(logLevel) is not a level") }
        guard maxSessionsPerClient >= 1 else { throw ValidationError("--max-sessions-per-client must be at least 1") }
        _ = try feeds()
    }

    func feeds() throws -> [WebExercise: URL] {
        var feeds: [WebExercise: URL] = [:]
        for item in feed {
            let parts = item.split(separator: "=", maxSplits: 1).map(String.init)
            guard parts.count == 2, let exercise = WebExercise(rawValue: parts[0].lowercased()), exercise != .trivia else {
                throw ValidationError("--feed \(item): expected EXERCISE=URL with EXERCISE one of schedule, carfit, hoosets, facts")
            }
            guard let url = URL(string: parts[1]), let scheme = url.scheme?.lowercased(), ["http", "https", "file"].contains(scheme) else {
                throw ValidationError("--feed \(item): \(parts[1]) is not an http(s) or file URL")
            }
            feeds[exercise] = url
        }
        return feeds
    }

    func run() async throws {
        var logger = Logger(label: "exercises-web")
        logger.logLevel = Logger.Level(rawValue: logLevel) ?? .notice
        let caches =
            cacheDir.map { URL(fileURLWithPath: $0, isDirectory: true) }
            ?? FileManager.default.temporaryDirectory.appendingPathComponent("exercises-web", isDirectory: true)
        // The process's locale, zone, clock and HTTP transport, resolved exactly as `exercises`
        // resolves them (POSIX variables, then the flags), so both front-ends show the same.
        let environment: AppEnvironment
        do {
            environment = try CommonOptions.environment(
                locale: locale, timeZone: timeZone, cacheDirectory: caches.path, defaults: SystemDefaults.process(cachesDirectory: caches))
        } catch {
            throw ValidationError(error.description)
        }
        let configuration = WebConfiguration(
            host: host, port: port, locale: environment.locale, timeZone: environment.timeZone,
            contrast: ContrastOption.preference(parsing: contrast) ?? .standard,
            feeds: try feeds(), logoBase: logoBase.flatMap(URL.init(string:)), trivia: trivia.flatMap(URL.init(string:)),
            triviaRounds: TriviaRounds(
                lobby: .seconds(triviaLobby), questionCount: triviaQuestions,
                answerWindow: .seconds(triviaSeconds), reviewWindow: .seconds(triviaReviewSeconds), bots: triviaBots),
            cacheDirectory: caches, maxSessions: maxSessions, maxSessionsPerClient: maxSessionsPerClient,
            publicHosts: connections.publicHost,
            connectionLimits: connections.limits,
            renderer: LiveRendererMode(rawValue: renderer) ?? .diff)
        let server = ExercisesWebServer(
            configuration: configuration, environment: environment, eventLoopGroup: MultiThreadedEventLoopGroup.singleton, logger: logger)
        let host = self.host
        try await ProcessSignals.run {
            try await server.run { port in Self.say("listening on http://\(host):\(port)\n") }
        } stop: {
            await server.shutdown()
        } onSignal: { signal in
            Self.say("exercises-web: \(signal), stopping\n")
        }
    }

    /// Unbuffered, so a parent process reading the pipe sees the URL at once.
    static func say(_ text: String) {
        try? FileHandle.standardOutput.write(contentsOf: Data(text.utf8))
    }
}
