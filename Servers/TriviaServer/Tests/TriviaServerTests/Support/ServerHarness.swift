import Foundation
import Logging
import NIOPosix
import ServerSupport
import SharedNetworking
import Synchronization
import Trivia
import TriviaHost
import TriviaServer
import TriviaServerTestSupport
import TriviaWebSocketClient

/// 2020-09-10T08:00:00Z: every test's clock starts here.
let epoch = Date(timeIntervalSince1970: 1_599_724_800)

/// Three questions; answers 1, 0, 2.
let testQuestions = [
    TriviaQuestion(id: "q1", text: "One?", choices: ["a", "b", "c"], answer: 1),
    TriviaQuestion(id: "q2", text: "Two?", choices: ["a", "b", "c"], answer: 0),
    TriviaQuestion(id: "q3", text: "Three?", choices: ["a", "b", "c", "d"], answer: 2),
]

/// Limits for tests: no idle closing unless a test asks for it.
let relaxedLimits = TriviaServerLimits(idleTimeout: .seconds(3600))

/// Failed tokens refused from the 10th, never slowed: a slowed attempt waits on the server's
/// clock, which is manual here.
let unslowedThrottle = FailureThrottle.Policy(slowAfter: 10, refuseAfter: 10)

/// A ``TriviaServer`` on 127.0.0.1 with a port chosen by the system, its host on a
/// ``ManualClock``: the first question opens at +10 s, answers take 10 s, reviews 6 s.
struct ServerHarness: Sendable {
    let server: TriviaServer
    /// The server's host (single-process mode).
    let host: TriviaHost
    let clock: ManualClock
    /// The same time, for the apps under test (their timers can be waited for).
    let appClock: AppTimerClock
    let port: Int
    private let running: Task<Void, any Error>

    static let competition: CompetitionID = "test-cup"

    static func start(
        clock: ManualClock = ManualClock(now: epoch), startsIn: Double = 10, limits: TriviaServerLimits = relaxedLimits,
        accounts: TriviaAccounts? = nil, port: Int = 0, questions: [TriviaQuestion] = testQuestions,
        configure: @Sendable (inout TriviaServerConfiguration) -> Void = { _ in }
    ) async throws -> ServerHarness {
        let hostConfiguration = TriviaHostConfiguration(
            competition: competition, title: "Test Cup", startsAt: clock.now.addingTimeInterval(startsIn),
            answerWindow: .seconds(10), reviewWindow: .seconds(6))
        var logger = Logger(label: "trivia-server-test")
        logger.logLevel = .critical
        var configuration = TriviaServerConfiguration(host: "127.0.0.1", port: port, limits: limits, failureThrottle: unslowedThrottle)
        configure(&configuration)
        let server = TriviaServer(
            hostConfiguration: hostConfiguration, questions: questions, accounts: try accounts ?? TriviaAccounts.demo(),
            configuration: configuration,
            clock: clock, eventLoopGroup: MultiThreadedEventLoopGroup.singleton, logger: logger)
        guard let host = server.host else { throw HarnessError("a single-process server has its host") }
        let listening = try await ListeningServer.start(server)
        return ServerHarness(
            server: server, host: host, clock: clock, appClock: AppTimerClock(clock), port: listening.port, running: listening.running)
    }

    var baseURL: URL { URL(string: "http://127.0.0.1:\(port)")! }

    var socketURL: URL { URL(string: "ws://127.0.0.1:\(port)\(SocketPath.path(for: Self.competition))")! }

    func transport(url: URL? = nil) -> WebSocketTriviaTransport {
        var logger = Logger(label: "trivia-client-test")
        logger.logLevel = .critical
        return WebSocketTriviaTransport(
            url: url ?? socketURL, clock: SystemClock(), eventLoopGroup: MultiThreadedEventLoopGroup.singleton, logger: logger)
    }

    /// Stops the server (clients get 1001) and waits for it to finish.
    func stop() async throws {
        await server.shutdown()
        try await running.value
    }

    /// Moves the clock and lets the host's schedule run.
    func advance(by seconds: Double) {
        clock.advance(by: .seconds(seconds))
    }

    /// Moves the clock to `seconds` after ``epoch`` (the first question opens at +10 s).
    func advance(to seconds: Double) {
        clock.advance(to: epoch.addingTimeInterval(seconds))
    }

    /// Seconds since ``epoch`` on the clock.
    var elapsed: Double { clock.now.timeIntervalSince(epoch) }
}

struct HarnessError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
