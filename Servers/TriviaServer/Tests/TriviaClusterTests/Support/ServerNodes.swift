import Foundation
import Logging
import NIOPosix
import SharedNetworking
import Trivia
import TriviaHost
import TriviaServer
import TriviaServerTestSupport
import TriviaWebSocketClient

@testable import TriviaCluster
@testable import TriviaClusterServer

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The demo accounts (`ada`/`t-ada`, …) every server of these tests uses.
var demoAccounts: TriviaAccounts {
    get throws { try TriviaAccounts.demo() }
}

/// The test competition with the demo accounts' ledger (the servers' balance endpoint and
/// tokens come from those accounts).
var serverGenesis: CompetitionGenesis {
    get throws {
        CompetitionGenesis(configuration: testGenesis.configuration, questions: testQuestions, balances: try demoAccounts.balances)
    }
}

/// A ``TriviaServer`` listening on 127.0.0.1 (port chosen by the system) until ``stop()``.
struct RunningServer: Sendable {
    let server: TriviaServer
    let port: Int
    private let running: Task<Void, any Error>

    /// Runs `server` and returns once it listens.
    static func start(_ server: TriviaServer) async throws -> RunningServer {
        let listening = try await ListeningServer.start(server)
        return RunningServer(server: server, port: listening.port, running: listening.running)
    }

    func socketURL() throws -> URL { try loopbackURL("ws", port: port, path: SocketPath.path(for: server.competition)) }

    func baseURL() throws -> URL { try loopbackURL("http", port: port, path: "") }

    /// Closes every socket (1001) and waits for the server to finish.
    func stop() async throws {
        await server.shutdown()
        try await running.value
    }
}

/// Logging for the servers under test: only what would explain a failure.
let serverLogger: Logger = {
    var logger = Logger(label: "trivia-server-test")
    logger.logLevel = quietLogger.logLevel
    return logger
}()

/// A single-process server for ``serverGenesis`` on `clock`.
func startSingleProcessServer(clock: ManualClock) async throws -> RunningServer {
    let genesis = try serverGenesis
    return try await RunningServer.start(
        TriviaServer(
            hostConfiguration: genesis.configuration, questions: genesis.questions, accounts: try demoAccounts,
            configuration: TriviaServerConfiguration(host: "127.0.0.1", port: 0, limits: TriviaServerLimits(idleTimeout: .seconds(3600))),
            clock: clock, eventLoopGroup: MultiThreadedEventLoopGroup.singleton, logger: serverLogger))
}

/// `count` cluster nodes in this process, each a ``TriviaServer`` in cluster mode on its own
/// port, all on one PostgreSQL and one manual clock. Each node's log (notices and up) is kept
/// for the test's failure report.
struct InProcessCluster: Sendable {
    let nodes: [ClusterNode]
    let servers: [RunningServer]

    static func start(on postgres: PostgresServer, count: Int, clock: ManualClock) async throws -> InProcessCluster {
        var nodes: [ClusterNode] = []
        var servers: [RunningServer] = []
        let genesis = try serverGenesis
        let accounts = try demoAccounts
        for index in 0..<count {
            let lines = RecordingLogHandler.Lines()
            let logger = RecordingLogHandler.logger("node\(index)", into: lines, level: .notice)
            FailureReport.current?.add("node\(index) log") { lines.text }
            let node = try await ClusterNode.join(
                ClusterNode.Configuration(
                    name: "node\(index)", database: postgres.database, lease: testLease, batchWindow: .milliseconds(2)),
                genesis: genesis, authenticator: accounts.authenticator, clock: clock, logger: logger)
            nodes.append(node)
            servers.append(
                try await RunningServer.start(
                    TriviaServer(
                        backend: ClusterBackend(node: node, logger: logger), hostConfiguration: node.genesis.configuration,
                        accounts: accounts,
                        configuration: TriviaServerConfiguration(
                            host: "127.0.0.1", port: 0, limits: TriviaServerLimits(idleTimeout: .seconds(3600))),
                        clock: clock, eventLoopGroup: MultiThreadedEventLoopGroup.singleton, logger: logger)))
        }
        return InProcessCluster(nodes: nodes, servers: servers)
    }

    /// Waits until a node owns the competition and has announced itself.
    func waitForOwner() async -> Bool {
        await eventually(within: .seconds(30)) { await nodes.asyncContains { await $0.owner.hostSnapshot != nil } }
    }

    func stop() async throws {
        for server in servers { try await server.stop() }
        for node in nodes { await node.stop() }
    }
}

/// What `GET /health` says, as far as these tests read it.
struct HealthView: Decodable, Sendable {
    var phase: String
    var question: Int?
    var cluster: TriviaClusterStatus?
}

/// `GET /health` of the server at `base`.
func health(_ base: URL) async throws -> HealthView {
    let client = URLSessionHTTPClient(configuration: .ephemeral)
    let response = try await client.send(HTTPRequest(url: base.appendingPathComponent("health"), timeout: .seconds(5)))
    return try JSONDecoder().decode(HealthView.self, from: response.body)
}

/// The real app view-model for demo user `user` in `competition`, over `transport`, fetching its balance from
/// `base` over real HTTP.
@MainActor
func makeViewModel(
    user: UserID, competition: CompetitionID = testGenesis.competition, transport: any TriviaTransport, base: URL, clock: any AppClock,
    seed: UInt64
) -> TriviaViewModel {
    let configuration = TriviaClientConfiguration(
        user: user, token: "t-\(user)", competition: competition, clientInstance: "\(user)-test",
        reconnectBaseDelay: .milliseconds(200), reconnectMaxDelay: .seconds(1), jitterSeed: seed)
    let balances = WildcardBalanceClient(baseURL: base, client: URLSessionHTTPClient(configuration: .ephemeral))
    // What this player's app saw goes into the test's failure report.
    let recording = RecordingTransport(transport, name: user.rawValue)
    let model = TriviaViewModel(
        configuration: configuration, transport: recording, balances: balances, clock: clock, locale: Locale(identifier: "en_US"),
        timeZone: TimeZone(identifier: "UTC") ?? .gmt)
    FailureReport.current?.add("player \(user)") { await model.diagnosticSummary + "\n" + recording.log }
    return model
}

extension TriviaViewModel {
    /// Whether the answer to the question on screen was acknowledged.
    var isConfirmed: Bool {
        if case .confirmed = questionRound?.answer { true } else { false }
    }
}
