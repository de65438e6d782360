import Foundation
import Logging
import NIOCore
import ServerSupport
import SharedNetworking
import Synchronization
import Trivia
import TriviaHost
import TriviaServer

/// Where the Trivia tabs play: an external Trivia server (`--trivia URL`), or Trivia servers
/// run in this process, started when someone arrives: a tab that finds no competition in its
/// lobby starts one whose first question comes ``TriviaRounds/lobby`` later (10 s), and every
/// tab that arrives before then plays it with them, together with ``TriviaRounds/bots``
/// simulated players (``TriviaBotField``) seated when the competition starts.
///
/// **A seat is a person's.** Each tab is a ``Player`` (its session's, with a name kept from one
/// competition to the next) and gets a seat of its own: in-process, a seat of the competition's
/// `TriviaSeats`, whose token is 128 random bits made when it is claimed and handed to no one
/// else (a tab cannot land on another's seat by asking again, nor join as another with a guessed
/// token); on an external server, one of its accounts that no other tab holds, given back when
/// the tab's session ends. Asking again in the same competition gives the same seat.
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

    /// Who asks for seats: one browser tab's session.
    public struct Player: Sendable, Hashable {
        /// Unique to the session (never shown).
        public var id: String
        /// The name other players see, the same in every competition it plays.
        public var displayName: String

        /// A player from its parts.
        public init(id: String, displayName: String) {
            self.id = id
            self.displayName = displayName
        }
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
        var seats: TriviaSeats
        var url: URL
        var task: Task<Void, Never>
        /// Its simulated players.
        var bots: TriviaBotField
        /// When its first question opens.
        var startsAt: Date
        /// When its last result has been shown: the game is over.
        var playedUntil: Date
        /// When it is over and its final screen has been shown a while: it can be stopped.
        var endsAt: Date
        /// The seat each player holds in this competition.
        var seated: [String: Seat] = [:]
        /// Its schedule, as `/health` reports it.
        var schedule: Competition
        /// The competition it runs.
        var competition: CompetitionID { schedule.competition }
    }

    private let external: URL?
    private let rounds: TriviaRounds
    private let clock: any AppClock
    private let eventLoopGroup: any EventLoopGroup
    private let logger: Logger
    private let http: any HTTPClient
    private let maxSeats: Int
    private var current: [Round] = []
    private var questions: TriviaQuestionSet?
    private var starting: Task<Void, Never>?
    private var loadFailed = false
    private var waiting: [CheckedContinuation<Void, Never>] = []
    /// On an external server: which player holds which account (by its index in the list).
    private var heldAccounts: [String: Int] = [:]
    private var number = 0
    private var stopped = false
    private let players = Mutex(0)

    /// A new player for a new session: a name of its own (`Guest 7`), which it keeps in every
    /// competition, and an id no other session has.
    public nonisolated func newPlayer() -> Player {
        let number = players.withLock { count -> Int in
            count += 1
            return count
        }
        return Player(id: UUID().uuidString, displayName: "Guest \(number)")
    }

    /// A lobby on `external`, or on in-process servers when it is `nil`.
    /// `maxSeats` is how many tabs one in-process competition seats (every session could be one),
    /// besides its bots.
    public init(
        external: URL?, rounds: TriviaRounds, clock: any AppClock, eventLoopGroup: any EventLoopGroup, http: any HTTPClient, logger: Logger,
        maxSeats: Int = 2_000
    ) {
        self.maxSeats = max(1, maxSeats)
        self.external = external
        self.rounds = rounds
        self.clock = clock
        self.eventLoopGroup = eventLoopGroup
        self.http = http
        self.logger = logger
    }

    /// Loads the bundled questions, then lets seats be taken until ``shutdown()`` (returns at
    /// once for an external server). Competitions start on demand, in ``seat(for:)``.
    public func run() async {
        guard external == nil else { return }
        do {
            questions = try await TriviaQuestionSet.load(from: TriviaSource.bundled(), loader: FeedLoader(client: http)).value
                .prefix(rounds.questionCount)
        } catch {
            logger.error("trivia: the bundled questions could not be loaded: \(error)")
            loadFailed = true
        }
        for waiter in waiting { waiter.resume() }
        waiting = []
    }

    /// Stops every in-process competition.
    public func shutdown() async {
        stopped = true
        let rounds = current
        current = []
        for round in rounds { await Self.stop(round) }
        for waiter in waiting { waiter.resume() }
        waiting = []
    }

    /// The in-process competitions kept now, oldest first (the last is the one new tabs join);
    /// none on an external server, whose schedule this process does not know.
    public func competitions() -> [Competition] {
        current.map(\.schedule)
    }

    /// `player`'s seat in the newest competition (the same one if it has a seat there already),
    /// starting a new one when the newest has already started: a tab never arrives in the middle
    /// of a game it cannot play.
    public func seat(for player: Player) async throws(TriviaLobbyError) -> Seat {
        if let external {
            return try await externalSeat(for: player, at: external)
        }
        while questions == nil && !loadFailed && !stopped {
            await withCheckedContinuation { waiting.append($0) }
        }
        guard let questions, !stopped else {
            throw .unavailable(stopped ? "the Trivia server is stopping" : "the bundled questions could not be loaded")
        }
        // The newest competition, if it is still in its lobby and has a seat for this player
        // (already theirs, or free); else a new one, whose first question comes a lobby later.
        // A game the player is in and that is not over: the same seat (a reconnect, a reload).
        if let round = current.last(where: { $0.seated[player.id] != nil && clock.now < $0.playedUntil }),
            let seat = round.seated[player.id]
        {
            return seat
        }
        // Each caller starts (or waits for) one competition at most: on a machine so slow that a
        // competition's lobby is over before its server and bots are ready, the tab takes that
        // competition late (it watches, as any late arrival does) instead of starting one after
        // another for ever.
        var started = false
        while needsNewRound(for: player), !started, !Task.isCancelled {
            // One start at a time: tabs arriving together join the same new competition.
            if let starting {
                // Theirs is this tab's too, however late it is ready.
                await starting.value
                started = true
                continue
            }
            let start = Task { await self.startRound(questions) }
            starting = start
            await start.value
            starting = nil
            started = true
            if stopped { break }
        }
        guard let index = current.indices.last, !stopped else { throw .unavailable("the Trivia server is stopping") }
        guard clock.now < current[index].playedUntil else {
            throw .unavailable("no Trivia competition could be started; try again in a moment")
        }
        if let seat = current[index].seated[player.id] { return seat }
        guard let account = current[index].seats.claim(displayName: player.displayName) else {
            throw .unavailable("every seat of \(current[index].competition) is taken; the next competition opens soon")
        }
        let seat = Seat(server: current[index].url, competition: current[index].competition, user: account.user, token: account.token)
        current[index].seated[player.id] = seat
        return seat
    }

    /// Whether `player` needs a new competition: none runs, or the newest has started (or is
    /// full) without them.
    private func needsNewRound(for player: Player) -> Bool {
        guard !stopped else { return false }
        guard let last = current.last else { return true }
        return clock.now >= last.startsAt || last.seats.claimedCount >= last.seats.count
    }

    /// Stops a competition: its bots first (they leave and close their sockets), then its server.
    private static func stop(_ round: Round) async {
        await round.bots.stop()
        await round.server.shutdown()
        // Awaited, never cancelled: a cancelled server logs errors for a normal stop.
        await round.task.value
    }

    /// `player`'s session ended: an external server's account it held is free for another tab.
    /// (An in-process seat stays the player's: its competition ends by itself.)
    public func release(_ player: Player) {
        heldAccounts[player.id] = nil
    }

    /// A demo account of the external server that no other tab holds.
    private func externalSeat(for player: Player, at server: URL) async throws(TriviaLobbyError) -> Seat {
        let competition = try await competition(at: server)
        let accounts: [TriviaAccount]
        do {
            accounts = try TriviaAccounts.demo().accounts
        } catch {
            throw .unavailable("the demo accounts could not be read: \(error)")
        }
        let index: Int
        if let held = heldAccounts[player.id], accounts.indices.contains(held) {
            index = held
        } else {
            let taken = Set(heldAccounts.values)
            guard let free = accounts.indices.first(where: { !taken.contains($0) }) else {
                throw .unavailable("all \(accounts.count) accounts of \(server) are in use by other tabs; close one, or try again later")
            }
            index = free
            heldAccounts[player.id] = free
        }
        let account = accounts[index]
        return Seat(server: server, competition: competition, user: account.user, token: account.token)
    }

    private func startRound(_ questions: TriviaQuestionSet) async {
        number += 1
        var configuration = TriviaHostConfiguration(
            questionSet: questions, startsAt: clock.now.addingTimeInterval(rounds.lobby.timeInterval))
        configuration.competition = CompetitionID("web-\(number)")
        configuration.title = "\(questions.title) #\(number)"
        configuration.answerWindow = rounds.answerWindow
        configuration.reviewWindow = rounds.reviewWindow
        // Seats with random tokens, claimed one per player (the bots' first); the server's socket
        // refuses pages of any origin (only this process connects to it, with no Origin), and
        // lets all of this process's players connect from its one address.
        let seats = TriviaSeats(count: maxSeats + rounds.bots, prefix: "guest", displayName: "Guest", balance: 1)
        let server = TriviaServer(
            hostConfiguration: configuration, questions: questions.questions, seats: seats,
            configuration: TriviaServerConfiguration(
                host: "127.0.0.1", port: 0, guardLimits: ConnectionGuardLimits(maxConnectionsPerClient: maxSeats + rounds.bots + 64)),
            clock: clock, eventLoopGroup: eventLoopGroup, logger: logger)
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
        let questionTime = (rounds.answerWindow + rounds.reviewWindow).timeInterval * Double(questions.questions.count)
        let schedule = Competition(
            competition: configuration.competition, startsAt: configuration.startsAt, answerWindow: configuration.answerWindow,
            reviewWindow: configuration.reviewWindow, questionCount: questions.questions.count)
        // Its bots take their seats before any tab is offered the competition.
        let bots = TriviaBotField.seat(
            rounds.bots, seed: rounds.botSeed(forCompetition: number), in: seats, server: url, schedule: schedule,
            questions: questions.questions, clock: clock, eventLoopGroup: eventLoopGroup, http: http, logger: logger)
        current.append(
            Round(
                server: server, seats: seats, url: url, task: task, bots: bots, startsAt: configuration.startsAt,
                playedUntil: configuration.startsAt.addingTimeInterval(questionTime),
                endsAt: configuration.startsAt.addingTimeInterval(questionTime + Self.finalScreenSeconds), schedule: schedule))
        // Competitions overlap (one is played while the next fills its lobby). One whose final
        // screen has been shown a while is stopped; so is the oldest past a few kept at once.
        let now = clock.now
        while let oldest = current.first, current.count > Self.keptRounds || (current.count > 1 && oldest.endsAt < now) {
            let old = current.removeFirst()
            Task { await Self.stop(old) }
        }
    }

    /// The server running `competition`, while it is kept (the tests read its host).
    func server(of competition: CompetitionID) -> TriviaServer? {
        current.first { $0.competition == competition }?.server
    }

    /// The bots of `competition`, while it is kept.
    func bots(of competition: CompetitionID) -> TriviaBotField? {
        current.first { $0.competition == competition }?.bots
    }

    /// Competitions kept running at once at most.
    static let keptRounds = 4
    /// How long a finished competition's final screen stays before its server stops.
    static let finalScreenSeconds: TimeInterval = 120

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
