import Foundation
import Logging
import NIOCore
import SharedNetworking
import Trivia
import TriviaHost
import TriviaServer

/// Where the Trivia tabs play: an external Trivia server (`--trivia URL`), or Trivia servers
/// run in this process, a new competition every ``TriviaRounds/interval`` so that whoever
/// arrives can play the next one.
///
/// Each tab gets a seat: the server, the competition and an account of its own, so two tabs are
/// two players of one game. In-process competitions have generated guest accounts (one wild
/// card each); on an external server the demo accounts are handed out in turn.
public actor TriviaLobby {
    /// A place in a competition for one tab.
    public struct Seat: Sendable, Equatable {
        /// The Trivia server's base URL (`http://127.0.0.1:PORT`).
        public var server: URL
        /// The competition it runs.
        public var competition: CompetitionID
        /// The account this tab plays as.
        public var user: UserID
        /// Its token.
        public var token: String
    }

    /// An in-process competition's schedule, as its host runs it (`/health` reports them, so a
    /// load client knows when each question is broadcast).
    public struct Competition: Sendable, Equatable {
        /// The competition.
        public var competition: CompetitionID
        /// When its first question opens.
        public var startsAt: Date
        /// How long each question accepts answers.
        public var answerWindow: Duration
        /// How long each result stays before the next question.
        public var reviewWindow: Duration
        /// How many questions it asks.
        public var questionCount: Int
    }

    private struct Round {
        var server: TriviaServer
        var url: URL
        var schedule: Competition
        var task: Task<Void, Never>
        var competition: CompetitionID { schedule.competition }
    }

    private let external: URL?
    private let rounds: TriviaRounds
    private let clock: any AppClock
    private let eventLoopGroup: any EventLoopGroup
    private let logger: Logger
    private let http: any HTTPClient
    private var current: [Round] = []
    private var waiting: [CheckedContinuation<Void, Never>] = []
    private var handedOut = 0
    private var number = 0
    private var stopped = false
    private let guestCount = 500

    /// A lobby on `external`, or on in-process servers when it is `nil`.
    public init(
        external: URL?, rounds: TriviaRounds, clock: any AppClock, eventLoopGroup: any EventLoopGroup, http: any HTTPClient, logger: Logger
    ) {
        self.external = external
        self.rounds = rounds
        self.clock = clock
        self.eventLoopGroup = eventLoopGroup
        self.http = http
        self.logger = logger
    }

    /// Starts a competition every interval until ``shutdown()`` (returns at once for an external server).
    public func run() async {
        guard external == nil else { return }
        let questions: TriviaQuestionSet
        do {
            questions = try await TriviaQuestionSet.load(from: TriviaSource.bundled(), loader: FeedLoader(client: http)).value
                .prefix(rounds.questionCount)
        } catch {
            logger.error("trivia: the bundled questions could not be loaded: \(error)")
            return
        }
        while !stopped && !Task.isCancelled {
            await startRound(questions)
            do {
                try await clock.sleep(for: rounds.interval)
            } catch {
                break
            }
        }
    }

    /// Stops every in-process competition.
    public func shutdown() async {
        stopped = true
        let rounds = current
        current = []
        for round in rounds {
            await round.server.shutdown()
            // Awaited, never cancelled: a cancelled server logs errors for a normal stop.
            await round.task.value
        }
        for waiter in waiting { waiter.resume() }
        waiting = []
    }

    /// The in-process competitions kept now, oldest first (the last is the one new tabs join);
    /// none on an external server, whose schedule this process does not know.
    public func competitions() -> [Competition] {
        current.map(\.schedule)
    }

    /// A seat in the newest competition: with a lobby as long as the interval it has not started
    /// yet (with a shorter one, the host makes a late arrival a viewer).
    public func seat() async throws(TriviaLobbyError) -> Seat {
        handedOut += 1
        if let external {
            let competition = try await competition(at: external)
            let accounts: [TriviaAccount]
            do {
                accounts = try TriviaAccounts.demo().accounts
            } catch {
                throw .unavailable("the demo accounts could not be read: \(error)")
            }
            guard !accounts.isEmpty else { throw .unavailable("no demo accounts") }
            let account = accounts[(handedOut - 1) % accounts.count]
            return Seat(server: external, competition: competition, user: account.user, token: account.token)
        }
        while current.isEmpty && !stopped {
            await withCheckedContinuation { waiting.append($0) }
        }
        guard let round = current.last else { throw .unavailable("the Trivia server is stopping") }
        let guest = (handedOut - 1) % guestCount + 1
        return Seat(server: round.url, competition: round.competition, user: UserID("guest-\(guest)"), token: "t-guest-\(guest)")
    }

    private func startRound(_ questions: TriviaQuestionSet) async {
        number += 1
        var configuration = TriviaHostConfiguration(
            questionSet: questions, startsAt: clock.now.addingTimeInterval(rounds.lobby.timeInterval))
        configuration.competition = CompetitionID("web-\(number)")
        configuration.title = "\(questions.title) #\(number)"
        configuration.answerWindow = rounds.answerWindow
        configuration.reviewWindow = rounds.reviewWindow
        let accounts: TriviaAccounts
        do {
            accounts = try TriviaAccounts(
                (1...guestCount).map {
                    TriviaAccount(user: UserID("guest-\($0)"), displayName: "Guest \($0)", token: "t-guest-\($0)", balance: 1)
                })
        } catch {
            logger.error("trivia: \(error)")
            return
        }
        let server = TriviaServer(
            hostConfiguration: configuration, questions: questions.questions, accounts: accounts,
            configuration: TriviaServerConfiguration(host: "127.0.0.1", port: 0), clock: clock, eventLoopGroup: eventLoopGroup,
            logger: logger)
        let port = AsyncStream<Int>.makeStream()
        let task = Task {
            do {
                try await server.run { port.continuation.yield($0) }
            } catch {
                self.logger.error("trivia: competition \(configuration.competition) stopped: \(error)")
            }
            port.continuation.finish()
        }
        var iterator = port.stream.makeAsyncIterator()
        guard let bound = await iterator.next(), let url = URL(string: "http://127.0.0.1:\(bound)") else { return }
        let schedule = Competition(
            competition: configuration.competition, startsAt: configuration.startsAt, answerWindow: configuration.answerWindow,
            reviewWindow: configuration.reviewWindow, questionCount: questions.questions.count)
        current.append(Round(server: server, url: url, schedule: schedule, task: task))
        // Competitions overlap (a new one is announced while the last is played); the oldest kept
        // ones may still be on their final screens.
        while current.count > 4 {
            let old = current.removeFirst()
            Task {
                await old.server.shutdown()
                await old.task.value
            }
        }
        for waiter in waiting { waiter.resume() }
        waiting = []
    }

    private func competition(at server: URL) async throws(TriviaLobbyError) -> CompetitionID {
        struct Health: Decodable { var competition: CompetitionID }
        guard let url = URL(string: "health", relativeTo: server.absoluteString.hasSuffix("/") ? server : server.appendingPathComponent(""))
        else { throw .unavailable("\(server) is not a server URL") }
        do {
            let response = try await http.send(
                HTTPRequest(url: url.absoluteURL, headers: ["Accept": "application/json"], timeout: .seconds(5)))
            return try JSONDecoder().decode(Health.self, from: response.body).competition
        } catch {
            throw .unavailable("the Trivia server at \(server) did not say which competition it runs (\(error))")
        }
    }
}

/// Why a Trivia tab could not get a seat.
public enum TriviaLobbyError: Error, Sendable, Equatable, CustomStringConvertible {
    /// No competition can be joined now; the message says why.
    case unavailable(String)

    public var description: String {
        switch self {
        case .unavailable(let why): why
        }
    }
}
