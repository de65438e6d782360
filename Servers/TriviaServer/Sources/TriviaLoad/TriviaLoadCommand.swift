import ArgumentParser
import ChildProcesses
import Foundation
import NIOPosix
import SharedNetworking
import Synchronization
import Trivia
import TriviaHost
import TriviaServer

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `trivia-load`: starts `trivia-server` on 127.0.0.1 and plays one competition with N bots,
/// bounded in count and time; reports fan-out latency, lost acknowledgements and memory per
/// connection. Several `--clients` values step up the load, one fresh server each.
public struct TriviaLoadCommand: AsyncParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "trivia-load",
        abstract: "Loopback load test of trivia-server: N concurrent bots play one competition.",
        discussion: "Exits 1 if a run fails (not everyone joined and finished, or an acknowledgement was lost).")

    @Option(
        help:
            "Clients per run, comma-separated to step up (e.g. 1000,4000,10000,20000). At most 20000, and at most the open-file limit less 64 (each client is an open socket in this process and in the server)."
    )
    var clients = "1000"

    @Option(help: "Questions per competition.")
    var questions = 3

    @Option(help: "Seconds each question accepts answers.")
    var questionSeconds = 3.0

    @Option(help: "Seconds of review (wild-card window) between questions.")
    var reviewSeconds = 2.0

    @Option(help: "Seconds from server start to the first question (default: 3 + clients/400).")
    var startDelay: Double?

    @Option(help: "Probability that a bot answers right.")
    var accuracy = 0.8

    @Option(help: "Probability that a bot offered a wild-card uses it.")
    var wildcardRate = 0.5

    @Option(help: "Connections opening at once.")
    var connectConcurrency = 64

    @Option(help: "Upper bound on one run, in seconds.")
    var maxSeconds = 300.0

    @Option(help: "The trivia-server executable (default: next to this one).")
    var server: String?

    @Flag(help: "Print the reports as JSON.")
    var json = false

    @Option(help: "The servers' --log-level (their log goes to standard error): warning shows a cluster's changes of owner.")
    var serverLogLevel = "error"

    @Option(
        help:
            "Run the server as a cluster over this PostgreSQL (postgres://USER@HOST:PORT/DATABASE): --nodes trivia-server nodes, the clients spread over them round-robin, a fresh competition id per run."
    )
    var cluster: String?

    @Option(help: "Nodes of the cluster (with --cluster).")
    var nodes = 3

    @Option(
        help:
            "With --cluster: SIGKILL the node that owns the competition this many seconds after the run starts; its bots reconnect to the other nodes and resume (the report shows the pause they saw)."
    )
    var killOwnerAt: Double?

    /// Files a process holds besides its sockets: standard streams, the event loops' epoll, event
    /// and timer descriptors, the pipe to the server, the accounts file.
    static let reservedFiles = 64

    var counts: [Int] {
        clients.split(separator: ",").compactMap { Int($0.trimmingCharacters(in: .whitespaces)) }
    }

    /// A command with every option at its default (ArgumentParser fills them in).
    public init() {}

    public func validate() throws {
        guard !counts.isEmpty, counts.allSatisfy({ (1...20_000).contains($0) }) else {
            throw ValidationError("--clients must be 1…20000 (comma-separated to step up)")
        }
        guard (1...20).contains(questions) else { throw ValidationError("--questions must be 1…20") }
        guard questionSeconds >= 1, reviewSeconds >= 1 else {
            throw ValidationError("--question-seconds and --review-seconds must be at least 1")
        }
        guard (1.0...3600.0).contains(maxSeconds) else { throw ValidationError("--max-seconds must be 1…3600") }
        guard (1...8).contains(nodes) else { throw ValidationError("--nodes must be 1…8") }
        guard ["trace", "debug", "info", "notice", "warning", "error", "critical"].contains(serverLogLevel) else {
            throw ValidationError(
                "--server-log-level \(serverLogLevel) is not a level (trace, debug, info, notice, warning, error, critical)")
        }
        guard killOwnerAt == nil || (cluster != nil && nodes >= 2) else {
            throw ValidationError("--kill-owner-at needs --cluster and 2 nodes or more")
        }
    }

    public func run() async throws {
        let fileLimit = ProcessMemory.raiseFileLimit()
        guard let largest = counts.max(), largest + Self.reservedFiles <= fileLimit else {
            throw LoadError(
                "\(counts.max() ?? 0) clients need \(Self.reservedFiles) more open files than that in this process and in the server, "
                    + "and the hard open-file limit here is \(fileLimit) (raising it needs CAP_SYS_RESOURCE): at most \(fileLimit - Self.reservedFiles) clients"
            )
        }
        let executable =
            server.map { URL(fileURLWithPath: $0) }
            ?? Bundle.main.executableURL?.deletingLastPathComponent().appendingPathComponent("trivia-server")
        guard let executable, FileManager.default.isExecutableFile(atPath: executable.path) else {
            throw LoadError("trivia-server not found (build it, or pass --server PATH)")
        }
        let workDirectory = URL(fileURLWithPath: NSTemporaryDirectory())
        let loader = FeedLoader(client: URLSessionHTTPClient(configuration: .ephemeral))
        let set = try await TriviaQuestionSet.load(from: TriviaSource.bundled(), loader: loader).value.prefix(questions)

        var reports: [LoadReport] = []
        for count in counts {
            let run = LoadRun(
                clients: count, questionSet: set, questionSeconds: questionSeconds, reviewSeconds: reviewSeconds,
                startDelay: startDelay ?? (3 + Double(count) / 400), accuracy: accuracy, wildcardRate: wildcardRate,
                connectConcurrency: max(1, connectConcurrency), maxSeconds: maxSeconds, executable: executable,
                workDirectory: workDirectory, clock: SystemClock(), cluster: cluster, nodes: cluster == nil ? 1 : nodes,
                killOwnerAt: killOwnerAt, serverLogLevel: serverLogLevel)
            let report = try await run.run()
            reports.append(report)
            if !json { print(report.text + "\n") }
        }
        if json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            print(String(decoding: try encoder.encode(reports), as: UTF8.self))
        } else if reports.count > 1 {
            print("clients  joined  q-p50   q-p99   r-p99   lost  KiB/conn  verdict")
            for report in reports {
                print(
                    String(
                        format: "%7d  %6d  %6.0f  %6.0f  %6.0f  %4d  %8d  %@", report.clients, report.joined,
                        report.questionFanOut.p50 * 1000, report.questionFanOut.p99 * 1000, report.resultFanOut.p99 * 1000,
                        report.acknowledgementsLost, report.bytesPerConnection / 1024, report.passed ? "PASS" : "FAIL"))
            }
        }
        if reports.contains(where: { !$0.passed }) { throw ExitCode(1) }
    }
}

/// Counters the bots bump while the orchestrator watches.
final class LoadProgress: Sendable {
    private let counts = Mutex((settled: 0, welcomed: 0))

    func settled() { counts.withLock { $0.settled += 1 } }
    func welcomed() { counts.withLock { $0.welcomed += 1 } }
    var snapshot: (settled: Int, welcomed: Int) { counts.withLock { $0 } }
}

/// One run: a fresh server, N bots, one competition.
struct LoadRun: Sendable {
    let clients: Int
    let questionSet: TriviaQuestionSet
    let questionSeconds: Double
    let reviewSeconds: Double
    let startDelay: Double
    let accuracy: Double
    let wildcardRate: Double
    let connectConcurrency: Int
    let maxSeconds: Double
    let executable: URL
    let workDirectory: URL
    let clock: any AppClock
    /// The cluster's PostgreSQL, or `nil` for one single-process server.
    let cluster: String?
    /// Server processes (cluster nodes); 1 without a cluster.
    let nodes: Int
    /// Seconds after the start at which the owner node is killed, if at all.
    let killOwnerAt: Double?
    /// The servers' `--log-level`.
    let serverLogLevel: String

    func run() async throws -> LoadReport {
        var generator = SystemRandomNumberGenerator()
        let accounts = try TriviaAccounts(
            (1...clients).map { index in
                TriviaAccount(
                    user: UserID(String(format: "load-%05d", index)), displayName: "Bot \(index)",
                    token: String(generator.next(), radix: 36) + String(generator.next(), radix: 36), balance: index % 3)
            })
        let accountsFile = workDirectory.appendingPathComponent("trivia-load-accounts-\(getpid())-\(clients).json")
        try accounts.encoded().write(to: accountsFile)
        defer { try? FileManager.default.removeItem(at: accountsFile) }

        // A cluster keeps every competition's log: each run plays a competition of its own.
        let competition = cluster == nil ? questionSet.id : CompetitionID("load-\(getpid())-\(clients)")
        var started: [ServerProcess] = []
        do {
            for index in 0..<nodes {
                let clusterArguments =
                    cluster.map { ["--cluster", $0, "--node", "load-\(index + 1)", "--competition", competition.rawValue] } ?? []
                started.append(
                    try await ServerProcess(
                        executable: executable,
                        arguments: [
                            "--accounts", accountsFile.path, "--question-count", "\(questionSet.questions.count)",
                            "--question-seconds", "\(questionSeconds)", "--review-seconds", "\(reviewSeconds)",
                            "--start-delay", "\(startDelay)", "--backlog", "4096", "--log-level", serverLogLevel,
                            // Every bot is one client address here (127.0.0.1): the per-client cap
                            // that holds off one attacker would refuse the load itself, and the
                            // total cap's reserve is already checked against the descriptor limit.
                            "--max-connections-per-client", "\(clients + 64)", "--max-connections", "\(clients + 64)",
                        ] + clusterArguments,
                        timeout: 30))
            }
            let report = try await play(on: started, competition: competition, accounts: accounts)
            for server in started { await server.stop() }
            return report
        } catch {
            // Nothing is left running, whatever failed.
            for server in started { await server.stop() }
            throw error
        }
    }

    /// The bots' game against `servers`, which already listen.
    private func play(on servers: [ServerProcess], competition: CompetitionID, accounts: TriviaAccounts) async throws -> LoadReport {
        let startedAt = ContinuousClock.now
        let firstQuestion = clock.now.addingTimeInterval(startDelay)
        try await clock.sleep(for: .milliseconds(200))  // let the server settle before the baseline
        let serverBaseline = servers.reduce(0) { $0 + $1.memory().rss }
        let clientBaseline = ProcessMemory.read(pid: getpid()).rss

        let path = SocketPath.path(for: competition)
        let answers = Dictionary(uniqueKeysWithValues: questionSet.questions.map { ($0.id, (right: $0.answer, choices: $0.choices.count)) })
        let progress = LoadProgress()
        let loops = try await BotLoops(group: MultiThreadedEventLoopGroup.singleton)
        let thinkTime = 0.1...max(0.2, min(questionSeconds - 0.5, 2.5))

        let outcome = await withTaskGroup(of: RunEvent.self) {
            group -> (metrics: [BotMetrics], joined: (server: Int, client: Int, seconds: Double), timedOut: Bool, killed: Int?) in
            group.addTask {
                try? await clock.sleep(for: .seconds(maxSeconds))
                return .timedOut
            }
            if let killOwnerAt {
                group.addTask {
                    try? await clock.sleep(for: .seconds(killOwnerAt))
                    for (index, server) in servers.enumerated() where await NodeReport.clusterStatus(port: server.port)?.owner == true {
                        server.kill()
                        return .killed(index)
                    }
                    return .killed(nil)
                }
            }
            group.addTask {
                // Memory with everyone joined, just before the first question.
                while progress.snapshot.welcomed < clients, clock.now < firstQuestion.addingTimeInterval(-0.3) {
                    try? await clock.sleep(for: .milliseconds(20))
                }
                let seconds = (ContinuousClock.now - startedAt).timeInterval
                return .joined(
                    server: servers.reduce(0) { $0 + $1.memory().rss }, client: ProcessMemory.read(pid: getpid()).rss, seconds: seconds)
            }
            group.addTask {
                await withTaskGroup(of: BotMetrics.self) { bots -> RunEvent in
                    for index in 0..<clients {
                        while index - progress.snapshot.settled >= connectConcurrency {
                            try? await clock.sleep(for: .milliseconds(1))
                        }
                        let account = accounts.accounts[index]
                        let bot = LoadBot(
                            user: account.user, token: account.token, competition: competition, answers: answers,
                            accuracy: accuracy, wildcardRate: wildcardRate, thinkTime: thinkTime, seed: UInt64(index + 1), clock: clock)
                        let (loop, timers) = loops.loop(for: index)
                        bots.addTask {
                            await bot.run(
                                ports: servers.map(\.port), first: index % servers.count, path: path, loop: loop, timers: timers,
                                progress: progress)
                        }
                    }
                    var all: [BotMetrics] = []
                    for await metrics in bots { all.append(metrics) }
                    return .finished(all)
                }
            }
            var metrics: [BotMetrics] = []
            var joined = (server: 0, client: 0, seconds: 0.0)
            var timedOut = false
            var killed: Int?
            for await event in group {
                switch event {
                case .killed(let node):
                    killed = node
                case .timedOut:
                    timedOut = true
                    group.cancelAll()
                case .joined(let server, let client, let seconds):
                    joined = (server, client, seconds)
                case .finished(let all):
                    metrics = all
                    group.cancelAll()
                }
                if !metrics.isEmpty || timedOut, joined.server > 0 || timedOut { break }
            }
            return (metrics, joined, timedOut, killed)
        }
        let peak = servers.reduce(0) { $0 + $1.memory().peak }
        let cpu = servers.reduce(0) { $0 + $1.cpuSeconds() }
        var report = LoadReport(
            metrics: outcome.metrics, run: self, joined: outcome.joined, serverBaseline: serverBaseline,
            clientBaseline: clientBaseline, serverPeak: peak, serverCPU: cpu, wallSeconds: (ContinuousClock.now - startedAt).timeInterval,
            timedOut: outcome.timedOut)
        if cluster != nil {
            var nodes: [NodeReport] = []
            for (index, server) in servers.enumerated() {
                nodes.append(
                    await NodeReport(
                        server: server, index: index, clients: (0..<clients).count { $0 % servers.count == index },
                        questions: questionSet.questions.count, killed: outcome.killed == index))
            }
            report.nodes = nodes
        }
        return report
    }
}

enum RunEvent: Sendable {
    case timedOut
    /// `--kill-owner-at` killed this node (`nil`: no node said it was the owner).
    case killed(Int?)
    case joined(server: Int, client: Int, seconds: Double)
    case finished([BotMetrics])
}

extension LoadReport {
    init(
        metrics: [BotMetrics], run: LoadRun, joined: (server: Int, client: Int, seconds: Double), serverBaseline: Int,
        clientBaseline: Int, serverPeak: Int, serverCPU: Double, wallSeconds: Double, timedOut: Bool
    ) {
        let sent = metrics.reduce(0) { $0 + $1.answersSent.count }
        let acknowledged = metrics.reduce(0) { $0 + $1.answersSent.intersection($1.answersAcknowledged).count }
        var errors: [String: Int] = [:]
        for bot in metrics {
            errors.merge(bot.errors, uniquingKeysWith: +)
            if let error = bot.connectError { errors["connect: \(error.prefix(80))", default: 0] += 1 }
        }
        let welcomed = metrics.count { $0.welcomed }
        self.init(
            clients: run.clients, questions: run.questionSet.questions.count, questionSeconds: run.questionSeconds,
            connected: metrics.count { $0.connected }, joined: welcomed, connectFailures: metrics.count { !$0.connected },
            connectSeconds: joined.seconds, serverBaselineBytes: serverBaseline, serverJoinedBytes: joined.server,
            serverPeakBytes: serverPeak,
            bytesPerConnection: max(0, joined.server - serverBaseline) / max(1, run.clients),
            clientBytesPerConnection: max(0, joined.client - clientBaseline) / max(1, run.clients),
            questionFanOut: Percentiles(metrics.flatMap(\.questionLatencies)),
            resultFanOut: Percentiles(metrics.flatMap(\.resultLatencies)),
            answersSent: sent, answersAcknowledged: acknowledged, acknowledgementsLost: sent - acknowledged,
            answersRejected: metrics.reduce(0) { $0 + $1.answersRejected },
            wildcardsRequested: metrics.reduce(0) { $0 + $1.wildcardsRequested },
            wildcardsAccepted: metrics.reduce(0) { $0 + $1.wildcardsAccepted },
            finished: metrics.count { $0.finished }, droppedBeforeFinish: metrics.count { $0.droppedBeforeFinish },
            errors: errors, serverCPUSeconds: serverCPU, wallSeconds: wallSeconds, timedOut: timedOut,
            reconnectGaps: Percentiles(metrics.flatMap(\.reconnectGaps)),
            survivorAcknowledgementWaits: Percentiles(metrics.filter(\.reconnectGaps.isEmpty).flatMap(\.acknowledgementWaits)),
            survivorResultDelays: Percentiles(metrics.filter(\.reconnectGaps.isEmpty).flatMap(\.resultLatencies)))
    }
}
