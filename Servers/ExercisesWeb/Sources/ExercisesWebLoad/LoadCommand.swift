import ArgumentParser
import ChildProcesses
import Foundation
import NIOCore
import NIOPosix

/// `exercises-web-load`: N sessions of one app, opened and driven as browsers would from
/// another process, against an `exercises-web` this command starts (`--server`) or one already
/// running (`--url`); reports the latency from each event to the message that acknowledges it,
/// bytes per event, the server's memory per session and this process's own CPU
/// (Docs/Benchmarks.md, "Live pages"). With `--compare`, the same run against each server
/// configuration in turn, side by side.
public struct LoadCommand: AsyncParsableCommand {
    /// The command's name, abstract and discussion (`--help`).
    public static let configuration = CommandConfiguration(
        commandName: "exercises-web-load",
        abstract: "Load test of exercises-web with browser-like sessions from this process: event latency, bytes, memory.",
        discussion: """
            Each session is opened as a page opens it (POST /{app}/s with the browser's JSON and the page's Origin) and \
            attached over a WebSocket (/live/{id}); connections come from many loopback addresses (127.0.0.2, 127.0.0.3, …) \
            so that per-address limits see many people. An event is acknowledged by the first message whose ack reaches \
            its seq; an event never acknowledged is reported lost, not waited for.
            """)

    @Option(help: "Start this exercises-web binary (with --port 0) for each run; stop it with SIGTERM at the end.")
    var server: String?

    @Option(help: "Load an exercises-web already running at this URL (http://HOST:PORT) instead.")
    var url: String?

    @Option(
        parsing: .unconditionalSingleValue,
        help: ArgumentHelp(
            "One argument for the started server, repeatable: --server-arg --max-sessions --server-arg 12000.", valueName: "ARG"))
    var serverArg: [String] = []

    @Option(
        parsing: .unconditionalSingleValue,
        help: ArgumentHelp(
            "A server configuration to run the same scenario against (its arguments, split at spaces), repeatable: the runs go one "
                + "after the other and print side by side (--compare \"--renderer whole\" --compare \"--renderer diff\").",
            valueName: "ARGS"))
    var compare: [String] = []

    @Option(help: "carfit, hoosets, trivia or idle.")
    var scenario: LoadScenario = .carfit

    @Option(help: "Sessions opened and connected.")
    var sessions = 100

    @Option(help: "Of them, sessions sending events (default: all; none for trivia and idle).")
    var active: Int?

    @Option(help: "Events per second per active session.")
    var rate: Double = 1

    @Option(help: "Seconds of events that count.")
    var seconds: Double = 20

    @Option(help: "Seconds of events before those, not counted.")
    var warmup: Double = 2

    @Option(help: "Seconds to wait for acknowledgements still owed after the last event.")
    var grace: Double = 5

    @Option(help: "Seconds between opening the last session and reading the server's memory.")
    var settle: Double = 2

    @Option(help: "Loopback source addresses (default: one per 50 sessions).")
    var sources: Int?

    @Option(help: "This process's event-loop threads.")
    var threads = 1

    @Option(help: "Sessions opened, or sockets attached, at once.")
    var concurrency = 64

    @Flag(help: "Print the report as JSON.")
    var json = false

    /// The command as ArgumentParser makes it.
    public init() {}

    /// Refuses options that cannot make a run, before anything starts.
    public func validate() throws {
        guard (server == nil) != (url == nil) else { throw ValidationError("give --server PATH or --url URL (one of them)") }
        if url != nil, !compare.isEmpty || !serverArg.isEmpty {
            throw ValidationError("--compare and --server-arg configure a server this command starts: use them with --server")
        }
        if let url, ServerEndpoint(url: url) == nil { throw ValidationError("--url \(url) is not http://HOST:PORT") }
        guard sessions >= 1 else { throw ValidationError("--sessions must be at least 1") }
        guard (active ?? 0) >= 0, (active ?? 0) <= sessions else { throw ValidationError("--active must be 0…--sessions") }
        guard rate > 0, rate <= 200 else { throw ValidationError("--rate must be more than 0 and at most 200 (the server refuses more)") }
        guard seconds > 0, warmup >= 0, grace >= 0, settle >= 0 else {
            throw ValidationError("--seconds must be positive, --warmup, --grace and --settle not negative")
        }
        guard (sources ?? 1) >= 1, (1...64).contains(threads), (1...4_096).contains(concurrency) else {
            throw ValidationError("--sources must be at least 1, --threads 1…64, --concurrency 1…4096")
        }
    }

    /// Runs every configuration asked for and prints the report; exits 1 when none could run.
    public func run() async throws {
        let files = ProcessMemory.raiseFileLimit()
        guard sessions + 64 <= files else {
            throw ValidationError("\(sessions) sockets need \(sessions + 64) open files; this process may open \(files) (ulimit -n)")
        }
        // The composition root: the only place that reads the time of day.
        let time = TimeBase(wall: Date().timeIntervalSince1970, uptime: .now())
        let group = MultiThreadedEventLoopGroup(numberOfThreads: threads)
        let report: LoadReport
        do {
            report = try await measure(time: time, group: group)
        } catch {
            try? await group.shutdownGracefully()
            throw error
        }
        try? await group.shutdownGracefully()
        if json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            print(String(decoding: try encoder.encode(report), as: UTF8.self))
        } else {
            print(LoadReportTable.render(report), terminator: "")
        }
        if report.runs.isEmpty { throw ExitCode.failure }
    }

    /// Every run this invocation asks for, one after the other.
    func measure(time: TimeBase, group: any EventLoopGroup) async throws -> LoadReport {
        let settings = LoadSettings(
            scenario: scenario, sessions: sessions, active: scenario.sendsEvents ? (active ?? sessions) : 0, rate: rate,
            seconds: seconds, warmup: warmup, grace: grace, settle: settle,
            sources: sources ?? SourceAddresses.defaultCount(sessions: sessions), concurrency: concurrency)
        var report = LoadReport()
        if let url, let endpoint = ServerEndpoint(url: url) {
            let run = LoadRun(
                settings: settings, endpoint: endpoint, configuration: "", serverCommand: nil,
                server: .health(endpoint, group: group), group: group, threads: threads, time: time, say: Self.say)
            report.runs.append(try await run.run())
        } else if let server {
            for configuration in compare.isEmpty ? [""] : compare {
                let extra = configuration.split(whereSeparator: \.isWhitespace).map(String.init)
                let arguments = Self.serverArguments(serverArg + extra, sessions: sessions)
                Self.say("starting \(server) \(arguments.joined(separator: " "))")
                let child: ServerChild
                do {
                    child = try await ServerChild(executable: server, arguments: arguments)
                } catch {
                    report.notRun.append(LoadReport.NotRun(configuration: configuration, reason: "\(error)"))
                    Self.say("not run: \(error)")
                    continue
                }
                do {
                    let run = LoadRun(
                        settings: settings, endpoint: child.endpoint, configuration: configuration, serverCommand: child.commandLine,
                        server: .child(child), group: group, threads: threads, time: time, say: Self.say)
                    var result = try await run.run()
                    if !child.isRunning {
                        result.problems.append("the server ended during the run: \(child.child.errorOutput.suffix(300))")
                    }
                    report.runs.append(result)
                } catch {
                    report.notRun.append(LoadReport.NotRun(configuration: configuration, reason: "\(error)"))
                    Self.say("failed: \(error)")
                }
                await child.stop()
            }
        }
        return report
    }

    /// The started server's arguments: `--max-sessions` raised to the run's sessions (and a few
    /// more) when the server's default, 2,000, would replace some, unless given.
    static func serverArguments(_ arguments: [String], sessions: Int) -> [String] {
        guard sessions + 16 > 2_000, !arguments.contains(where: { $0.hasPrefix("--max-sessions") }) else { return arguments }
        return ["--max-sessions", String(sessions + 16)] + arguments
    }

    /// Progress on standard error, so that standard output is the report alone.
    @Sendable static func say(_ line: String) {
        try? FileHandle.standardError.write(contentsOf: Data("exercises-web-load: \(line)\n".utf8))
    }
}
