import ExercisesCLI
import Foundation
import Logging
import NIOPosix
import ScreenPreviews
import SharedNetworking
import Synchronization
import TestSupport
import Testing

@testable import ExercisesWeb

/// Each module decides once what its screen says, and every front-end shows that: the terminal
/// text of `exercises`, its `--json`, its static `--html` page and the live page of a browser that
/// asks for the same language and time zone all carry the same words, from the bundled feeds.
///
/// The live session is made as the server makes one: the process's environment resolved by
/// `CommonOptions` (as `exercises` resolves its own), then the browser's preferences over it.
@Suite("Every front-end shows what the module decided", .temporaryCaches)
@MainActor
struct FrontEndAgreementTests {
    static let now = Date(timeIntervalSince1970: 1_599_724_800)

    /// What one front-end printed or served.
    struct Outputs {
        var text: String
        var json: String
        var page: String
        var live: String

        /// The outputs that lack `needle`, by name.
        func missing(_ needle: String) -> [String] {
            [("text", text), ("json", json), ("static page", page), ("live page", live)].filter { !$0.1.contains(needle) }.map(\.0)
        }
    }

    /// The process's defaults: no POSIX locale chosen, UTC, the sample instant, the suite's caches.
    static func defaults(_ caches: URL) -> SystemDefaults {
        SystemDefaults(
            environment: ["LANG": "C.UTF-8"], timeZone: .gmt, clock: ManualClock(now: now),
            cachesDirectory: caches.appendingPathComponent("cli", isDirectory: true),
            temporaryDirectory: caches.appendingPathComponent("tmp", isDirectory: true))
    }

    /// `exercises <exercise> --locale … --time-zone …` as text, as `--json` and as `--html`, and
    /// the live page of a browser asking for `language` in `zone`, once its feed is loaded.
    /// `zone` is `nil` for a screen without times (HooSets takes no `--time-zone`).
    static func outputs(_ exercise: WebExercise, locale: String, language: String, zone: String?) async throws -> Outputs {
        let caches = try #require(TemporaryDirectoryTrait.current)
        try FileManager.default.createDirectory(at: caches, withIntermediateDirectories: true)
        let defaults = defaults(caches)
        let arguments = [exercise.rawValue, "--locale", locale] + (zone.map { ["--time-zone", $0] } ?? [])
        let text = CapturedConsole()
        #expect(await CommandLineRunner.run(arguments, defaults: defaults, io: text) == 0, "\(text.errors)")
        let json = CapturedConsole()
        #expect(await CommandLineRunner.run(arguments + ["--json"], defaults: defaults, io: json) == 0, "\(json.errors)")
        let file = caches.appendingPathComponent("\(exercise.rawValue).html")
        let html = CapturedConsole()
        #expect(await CommandLineRunner.run(arguments + ["--html", file.path], defaults: defaults, io: html) == 0, "\(html.errors)")
        let page = try String(contentsOf: file, encoding: .utf8)

        let process = try CommonOptions.environment(locale: nil, timeZone: nil, cacheDirectory: caches.path, defaults: defaults)
        let preferences = SessionPreferences(acceptLanguage: language, timeZone: zone)
        var environment = preferences.environment(over: process)
        // A game runs on the wall clock (its server's deadlines are real); the words do not depend on it.
        if exercise == .trivia { environment.clock = SystemClock() }
        let context = Self.context(environment: environment, caches: caches)
        let screen: any LiveScreen
        let loaded: () -> Bool
        switch exercise {
        case .schedule:
            let live = ScheduleLiveScreen(context: context)
            (screen, loaded) = (live, { live.model.state.content != nil })
        case .carfit:
            let live = CarFitLiveScreen(context: context)
            (screen, loaded) = (live, { live.model.state.content?.sections.isEmpty == false })
        case .hoosets:
            let live = HooSetsLiveScreen(context: context)
            (screen, loaded) = (live, { live.model.state.content?.sections.isEmpty == false })
        case .facts:
            let live = FactsLiveScreen(context: context)
            (screen, loaded) = (live, { live.model.state.content?.rows.isEmpty == false })
        case .trivia:
            // A player of the in-process competition, in its lobby: the moment `exercises trivia`
            // starts with too.
            let live = TriviaLiveScreen(
                context: context, eventLoopGroup: MultiThreadedEventLoopGroup.singleton, logger: Logger(label: "test"))
            (screen, loaded) = (live, { live.model != nil && FirstRenderTests.html(live).contains("Warten auf die erste Frage…") })
        }
        // The lobby serves its in-process competitions while it runs, as the server's does.
        let lobby = context.trivia
        let running = Task { await lobby.run() }
        defer {
            screen.stop()
            running.cancel()
        }
        let live = try await VocabularyTests.markup(screen, until: loaded)
        await lobby.shutdown()
        return Outputs(text: text.output, json: json.output, page: page, live: live)
    }

    /// The server's context for one session: its Trivia lobby reaches the in-process Trivia
    /// server through the process's own HTTP transport, as `exercises-web` does.
    static func context(environment: AppEnvironment, caches: URL) -> ScreenContext {
        let configuration = WebConfiguration(cacheDirectory: caches)
        let lobby = TriviaLobby(
            external: nil, rounds: TriviaRounds(), clock: environment.clock, eventLoopGroup: MultiThreadedEventLoopGroup.singleton,
            http: environment.httpClient, logger: Logger(label: "test"))
        return ScreenContext(environment: environment, configuration: configuration, media: MediaStore(), trivia: lobby)
    }

    @Test(
        "a German browser in New York sees the Divisional Playoffs row as `exercises schedule --locale de_DE --time-zone America/New_York` prints it",
        .timeLimit(.minutes(1)))
    func schedule() async throws {
        let outputs = try await Self.outputs(.schedule, locale: "de_DE", language: "de-DE,de;q=0.9", zone: "America/New_York")
        for needle in ["Sa. 16. Jan.", "16:35", "Divisional Playoffs", "So. 13. Sept."] {
            #expect(outputs.missing(needle).isEmpty, "\(needle) is missing from \(outputs.missing(needle))")
        }
        for english in ["9:35 PM", "Sat, Jan 16"] {
            #expect(!outputs.live.contains(english) && !outputs.text.contains(english), "\(english)")
        }
    }

    @Test("the Facts feed is read with its Mac OS Roman rule everywhere: the Kittens row ends “…are illegal.”", .timeLimit(.minutes(1)))
    func facts() async throws {
        let outputs = try await Self.outputs(.facts, locale: "en_US", language: "en-US", zone: "UTC")
        #expect(outputs.missing("…are illegal. Cats are fine.").isEmpty, "missing from \(outputs.missing("…are illegal. Cats are fine."))")
        for output in [outputs.text, outputs.json, outputs.page, outputs.live] {
            #expect(!output.contains("Éare"), "a front-end read the feed as Windows-1252")
        }
    }

    @Test("CarFit in German: the month, the day heading and a visit's time are the same words in every front-end", .timeLimit(.minutes(1)))
    func carFit() async throws {
        let outputs = try await Self.outputs(.carfit, locale: "de_DE", language: "de-DE", zone: "Europe/Berlin")
        for needle in ["September 2020", "Donnerstag, 10. September", "10:40", "Tone Holtermann"] {
            #expect(outputs.missing(needle).isEmpty, "\(needle) is missing from \(outputs.missing(needle))")
        }
        #expect(!outputs.live.contains("Thursday"))
        // One rule for the icons: each page defines the symbols its screen references (the live
        // page in the shell around its screen), and the screen carries only the references.
        for (name, page) in [("static page", outputs.page), ("live page", LivePageTests.page(.carfit, markup: outputs.live))] {
            let icons = LivePageTests.icons(in: page)
            #expect(icons.used.contains("#icon-clock"), "\(name)")
            #expect(icons.used.isSubset(of: icons.defined.map { "#" + $0 }), "\(name)")
        }
        #expect(!outputs.live.contains("<path"))
    }

    @Test(
        "Trivia in German: the lobby's words and the wild-cards are the module's in every front-end", .timeLimit(.minutes(1))
    )
    func trivia() async throws {
        let outputs = try await Self.outputs(.trivia, locale: "de_DE", language: "de-DE", zone: "UTC")
        for needle in ["Joker"] {
            #expect(outputs.missing(needle).isEmpty, "\(needle) is missing from \(outputs.missing(needle))")
        }
        // The static page draws the game's later moments (a question, the final screen), not the lobby.
        #expect(outputs.missing("Warten auf die erste Frage…") == ["static page"])
        for english in ["Waiting for the first question", "Wild-cards", "Player"] {
            #expect(!outputs.live.contains(english) && !outputs.text.contains(english), "\(english)")
        }
    }

    @Test("HooSets in German: the screen's name and the sets' own names agree", .timeLimit(.minutes(1)))
    func hooSets() async throws {
        let outputs = try await Self.outputs(.hoosets, locale: "de_DE", language: "de-DE", zone: nil)
        for needle in ["Hoo-Sets", "Red Set", "Rubies"] {
            #expect(outputs.missing(needle).isEmpty, "\(needle) is missing from \(outputs.missing(needle))")
        }
    }
}

/// A console that keeps what a command writes.
final class CapturedConsole: ConsoleIO {
    private let out = Mutex("")
    private let err = Mutex("")

    func write(_ text: String) { out.withLock { $0 += text } }
    func writeError(_ text: String) { err.withLock { $0 += text } }
    func readInput(limit: Int) throws -> Data? { Data() }

    var output: String { out.withLock { $0 } }
    var errors: String { err.withLock { $0 } }
}
