import ArgumentParser
import Foundation
import Logging
import NIOPosix
import ServerSupport
import SharedNetworking
import Trivia
import TriviaCluster
import TriviaClusterServer
import TriviaHost
import TriviaServer

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `trivia-server`: one competition over HTTP and WebSockets (see Docs/TriviaServer.md).
@main
struct TriviaServerCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "trivia-server",
        abstract: "Serves one trivia competition over HTTP (wild-card balance) and WebSockets (Docs/Trivia/Protocol.md).",
        discussion: """
            Prints "trivia-server listening on http://HOST:PORT" once listening (the chosen port for --port 0).
            SIGINT/SIGTERM close every socket with 1001 and stop. Demo accounts: ada/t-ada, grace/t-grace, \
            alan/t-alan… (--accounts FILE for your own).
            With --cluster postgres://USER@HOST:PORT/DATABASE the server is one node of a cluster (Docs/TriviaServer.md, \
            "Cluster"): every node accepts sockets, the node holding the competition's lease runs its host, and the \
            competition survives the loss of any node. Without it (the default) no database is used.
            """)

    @Option(help: "Address to bind (127.0.0.1 serves this machine only).")
    var host = "127.0.0.1"

    @Option(help: "Port to listen on; 0 lets the system choose and prints it.")
    var port = 8080

    @Option(help: "A question set (JSON, the format of the bundled questions.json). Default: the bundled set.")
    var questions: String?

    @Option(help: "The competition's id (default: the question set's). A cluster keeps each competition's log: a new id starts a new game.")
    var competition: String?

    @Option(help: "Play only the first N questions.")
    var questionCount: Int?

    @Option(help: "Seconds each question accepts answers.")
    var questionSeconds: Double = 10

    @Option(help: "Seconds a result stays on screen (the wild-card window) before the next question.")
    var reviewSeconds: Double = 6

    @Option(help: "Seconds from start-up until the first question opens.")
    var startDelay: Double = 30

    @Option(help: "Accounts (JSON: {\"accounts\": [{user, displayName, token, balance}]}). Default: the bundled demo users.")
    var accounts: String?

    @Option(help: "Messages a connection may send per second (sustained).")
    var messagesPerSecond: Double = 10

    @Option(help: "Seconds of silence after which a connection is closed (clients ping every 15 s).")
    var idleSeconds: Double = 45

    @Option(help: "Pending TCP connections the kernel may queue.")
    var backlog = 1024

    @OptionGroup(title: "Connections")
    var connections: ConnectionOptions

    @Option(
        help:
            "An origin whose pages may open the socket besides this server's own names (repeatable), such as http://127.0.0.1:8080. Clients that send no Origin are not browsers and are never refused."
    )
    var allowedOrigin: [String] = []

    @Option(help: "Wrong tokens from one address (balance endpoint, join) before its attempts are slowed.")
    var failuresBeforeSlowing = 5

    @Option(help: "Wrong tokens from one address before its attempts are refused (429, or error tooManyAttempts and close 4429).")
    var failuresBeforeRefusing = 10

    @Option(help: "Seconds after which one wrong token of an address is forgiven.")
    var forgiveFailureSeconds: Double = 6

    @Option(help: "Log level: trace, debug, info, notice, warning, error, critical.")
    var logLevel = "notice"

    @Option(help: "Join a cluster over this PostgreSQL (postgres://USER@HOST:PORT/DATABASE) instead of running alone.")
    var cluster: String?

    @Option(help: "This node's name in the cluster (default: the host name and process id).")
    var node: String?

    @Flag(help: "Print every claim of the competition's lease (acquired, extended, lost, released) on standard output.")
    var printLease = false

    func validate() throws {
        guard (0...65_535).contains(port) else { throw ValidationError("--port must be 0…65535") }
        guard questionSeconds >= 1, reviewSeconds >= 1 else {
            throw ValidationError("--question-seconds and --review-seconds must be at least 1")
        }
        guard startDelay >= 0 else { throw ValidationError("--start-delay must be 0 or more") }
        guard questionCount.map({ $0 >= 1 }) ?? true else { throw ValidationError("--question-count must be at least 1") }
        guard Logger.Level(rawValue: logLevel) != nil else { throw ValidationError("--log-level \(logLevel) is not a level") }
        guard cluster != nil || (node == nil && !printLease) else { throw ValidationError("--node and --print-lease need --cluster") }
        guard forgiveFailureSeconds > 0 else { throw ValidationError("--forgive-failure-seconds must be more than 0") }
        guard failuresBeforeRefusing >= 1, (0...failuresBeforeRefusing).contains(failuresBeforeSlowing) else {
            throw ValidationError("--failures-before-refusing must be at least 1, and --failures-before-slowing 0 up to it")
        }
    }

    func run() async throws {
        var logger = Logger(label: "trivia-server")
        logger.logLevel = Logger.Level(rawValue: logLevel) ?? .notice
        let clock = SystemClock()
        let set = try await loadQuestions(logger: logger)
        let accounts = try loadAccounts()
        var hostConfiguration = TriviaHostConfiguration(questionSet: set, startsAt: clock.now.addingTimeInterval(startDelay))
        hostConfiguration.answerWindow = .seconds(questionSeconds)
        hostConfiguration.reviewWindow = .seconds(reviewSeconds)
        if let competition { hostConfiguration.competition = CompetitionID(competition) }
        let limits = TriviaServerLimits(messagesPerSecond: messagesPerSecond, idleTimeout: .seconds(idleSeconds))
        let serverConfiguration = TriviaServerConfiguration(
            host: host, port: port, backlog: backlog, limits: limits,
            guardLimits: connections.limits, publicHosts: connections.publicHost, allowedOrigins: allowedOrigin,
            failureThrottle: FailureThrottle.Policy(
                slowAfter: failuresBeforeSlowing, refuseAfter: failuresBeforeRefusing, forgiveOneEvery: .seconds(forgiveFailureSeconds)))

        let server: TriviaServer
        let node: ClusterNode?
        if let cluster {
            let joined = try await joinCluster(
                cluster,
                genesis: CompetitionGenesis(configuration: hostConfiguration, questions: set.questions, balances: accounts.balances),
                accounts: accounts, clock: clock, logger: logger)
            node = joined
            hostConfiguration = joined.genesis.configuration
            server = TriviaServer(
                backend: ClusterBackend(node: joined, logger: logger), hostConfiguration: hostConfiguration, accounts: accounts,
                configuration: serverConfiguration, clock: clock, eventLoopGroup: MultiThreadedEventLoopGroup.singleton, logger: logger)
        } else {
            node = nil
            server = TriviaServer(
                hostConfiguration: hostConfiguration, questions: set.questions, accounts: accounts, configuration: serverConfiguration,
                clock: clock, eventLoopGroup: MultiThreadedEventLoopGroup.singleton, logger: logger)
        }
        let host = self.host
        let summary =
            "competition \(hostConfiguration.competition) (\(set.questions.count) questions, \(Int(questionSeconds)) s each), "
            + "first question at \(TriviaDates.string(from: hostConfiguration.startsAt)), \(accounts.accounts.count) accounts"
            + (node.map { ", cluster node \($0.name) (#\($0.incarnation))" } ?? "")
        try await ProcessSignals.run {
            try await server.run { port in
                Self.say("trivia-server listening on http://\(host):\(port)\n\(summary)\n")
                if accounts.isBundledDemo { Self.warnOfDemoAccounts() }
            }
        } stop: {
            await server.shutdown()
        } onSignal: { signal in
            Self.say("trivia-server: \(signal), closing connections\n")
        }
        // Gives the lease up, so a standby takes over at once instead of after its expiry.
        await node?.stop()
    }

    /// Joins the cluster at `url` for the competition `genesis` describes, or prints why not
    /// (PostgreSQL unreachable, a newer schema, another configuration for the competition) as
    /// one line on standard error and exits 1, having created nothing.
    func joinCluster(
        _ url: String, genesis: CompetitionGenesis, accounts: TriviaAccounts, clock: any AppClock, logger: Logger
    ) async throws -> ClusterNode {
        let name = node ?? "\(ProcessInfo.processInfo.hostName)-\(ProcessInfo.processInfo.processIdentifier)"
        var observer: (@Sendable (LeaseEvent) -> Void)?
        if printLease {
            observer = { event in
                let line: String = "lease " + event.line + "\n"
                TriviaServerCommand.say(line)
            }
        }
        do {
            let database = try ClusterDatabase(url: url)
            return try await ClusterNode.join(
                ClusterNode.Configuration(name: name, database: database), genesis: genesis, authenticator: accounts.authenticator,
                clock: clock, logger: logger, leaseObserver: observer)
        } catch {
            FileHandle.standardError.write(Data("trivia-server: \(error)\n".utf8))
            throw ExitCode(1)
        }
    }

    /// Says on standard error, once the server listens, that its accounts are the bundled demo
    /// users: their tokens are in the protocol document, so anyone who reaches the server can
    /// play as any of them.
    static func warnOfDemoAccounts() {
        let warning =
            "trivia-server: warning: serving the bundled demo accounts, whose tokens (t-ada, t-grace…) are public: "
            + "anyone who can reach this server can play as any of them. Pass --accounts FILE for real players.\n"
        FileHandle.standardError.write(Data(warning.utf8))
    }

    /// Unbuffered, so a parent process reading the pipe sees the port at once.
    static func say(_ text: String) {
        try? FileHandle.standardOutput.write(contentsOf: Data(text.utf8))  // a closed pipe is not worth a crash
    }

    func loadQuestions(logger: Logger) async throws -> TriviaQuestionSet {
        let loader = FeedLoader(client: URLSessionHTTPClient(configuration: .ephemeral))
        let source = try questions.map { FeedSource.file(URL(fileURLWithPath: $0)) } ?? TriviaSource.bundled()
        let loaded = try await TriviaQuestionSet.load(from: source, loader: loader)
        for diagnostic in loaded.diagnostics {
            FileHandle.standardError.write(Data("\(diagnostic)\n".utf8))
        }
        return questionCount.map { loaded.value.prefix($0) } ?? loaded.value
    }

    func loadAccounts() throws -> TriviaAccounts {
        guard let accounts else { return try TriviaAccounts.demo() }
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: accounts))
        } catch {
            throw TriviaAccountsError("cannot read \(accounts): \(error.localizedDescription)")
        }
        return try TriviaAccounts.decode(data)
    }
}
