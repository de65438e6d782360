import ArgumentParser
import Foundation
import NIOPosix
import Trivia
import TriviaHost
import TriviaPlay

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `trivia-play`: play a competition of `trivia-server` in a terminal (see Docs/TriviaServer.md).
@main
struct TriviaPlayCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "trivia-play",
        abstract: "Play a live trivia competition on a trivia-server, full-screen in your terminal.",
        discussion: """
            Keys: 1 2 3… or a b c… answer (one answer per question: it shows "Sending your answer…", \
            then "Answer locked in" when the server has it); w uses your wild-card when it is offered \
            after a wrong answer, n declines it and you watch; q leaves (Ctrl-C too). Viewers watch: \
            answering is disabled. The final screen stays until you press a key.

            A lost connection is retried with backoff and the game resumes where it was ("Connection \
            lost. Reconnecting…" meanwhile). When standard output is not a terminal (or with --plain), \
            each screen is printed once as it changes, with no escape codes; answers are then read \
            as lines (2 and Enter).

            Exit status: 0 when the game finished or you left, 1 when it could not start or go on \
            (no server, refused account, another device took over, the server restarted), 128+N \
            after signal N (130 for Ctrl-C).

            Demo accounts of trivia-server: ada/t-ada and katherine/t-katherine (2 wild-cards), \
            grace/t-grace, linus, margaret, edsger (1), alan/t-alan, barbara (0).
            """)

    @Option(help: "The trivia-server's URL.")
    var server = "http://127.0.0.1:8080"

    @Option(help: "Your account (user id), e.g. ada.")
    var user: String

    @Option(help: "Your account's token. Default: the TRIVIA_TOKEN environment variable (keeps it out of ps).")
    var token: String?

    @Option(help: "The competition to join. Default: the one the server runs (GET /health).")
    var competition: String?

    @Flag(help: "Print each screen as a plain log line by line, even on a terminal.")
    var plain = false

    @Option(help: "Locale for numbers and times, e.g. de_DE. Default: the system's.")
    var locale: String?

    @Option(help: "Time zone for the start time, e.g. Europe/Berlin. Default: the system's.")
    var timeZone: String?

    func validate() throws {
        guard let url = URL(string: server), ["http", "https"].contains(url.scheme?.lowercased()), url.host != nil else {
            throw ValidationError("--server \(server) is not an http:// or https:// URL")
        }
        guard !user.isEmpty else { throw ValidationError("--user must not be empty") }
        guard resolvedToken != nil else { throw ValidationError("pass --token, or set TRIVIA_TOKEN") }
        if let timeZone, TimeZone(identifier: timeZone) == nil { throw ValidationError("--time-zone \(timeZone) is not a time zone") }
    }

    var resolvedToken: String? {
        token ?? ProcessInfo.processInfo.environment["TRIVIA_TOKEN"].flatMap { $0.isEmpty ? nil : $0 }
    }

    func run() async throws {
        guard let url = URL(string: server), let token = resolvedToken else { throw ExitCode.validationFailure }
        var generator = SystemRandomNumberGenerator()
        let launch = String(generator.next() & 0xFF_FFFF, radix: 16)
        let settings = PlaySettings(
            server: url, user: UserID(user), token: token, competition: competition.map { CompetitionID($0) },
            locale: locale.map(Locale.init(identifier:)) ?? .current,
            timeZone: timeZone.flatMap(TimeZone.init(identifier:)) ?? .current,
            clientInstance: "play-\(user)-\(launch)", jitterSeed: generator.next(),
            fullScreen: !plain && isatty(STDIN_FILENO) == 1 && isatty(STDOUT_FILENO) == 1)
        let status = await PlayProgram.run(settings, eventLoopGroup: MultiThreadedEventLoopGroup.singleton)
        if status != 0 { throw ExitCode(status) }
    }
}
