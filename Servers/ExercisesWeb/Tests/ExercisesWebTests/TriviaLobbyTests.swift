import Foundation
import Logging
import NIOPosix
import SharedNetworking
import TestSupport
import Testing
import Trivia
import TriviaHost
import TriviaServer

@testable import ExercisesWeb

/// A seat is a person's: each tab's seat is its own, with a token nobody else has, kept when it
/// asks again, never handed to another tab.
@Suite("Trivia seats")
struct TriviaLobbyTests {
    /// A competition starts when the first tab arrives, and tabs arriving together (before its
    /// first question) play it together; one arriving after it started gets the next one.
    @Test(.timeLimit(.minutes(1)))
    func aCompetitionStartsWhenSomeoneArrives() async throws {
        let lobby = TriviaLobby(
            external: nil, rounds: TriviaRounds(lobby: .seconds(1)), clock: SystemClock(),
            eventLoopGroup: MultiThreadedEventLoopGroup.singleton, http: SocketHTTPClient(secure: OfflineHTTPClient()),
            logger: Logger(label: "test"))
        let running = Task { await lobby.run() }
        defer { running.cancel() }
        let players = (0..<5).map { _ in lobby.newPlayer() }
        let seats = try await withThrowingTaskGroup(of: TriviaLobby.Seat.self) { group in
            for player in players { group.addTask { try await lobby.seat(for: player) } }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(Set(seats.map(\.competition)).count == 1, "tabs arriving together were split")
        try await Task.sleep(for: .seconds(1.5))
        let late = try await lobby.seat(for: lobby.newPlayer())
        #expect(late.competition != seats[0].competition, "a tab arrived in a game that had started")
        await lobby.shutdown()
    }

    /// A machine slower than the lobby (here a lobby of no time at all: every competition has
    /// started by the time its server and bots are ready) still seats the tab, in the one
    /// competition it started, instead of starting competitions for ever (it spun a core and
    /// never returned).
    @Test(.timeLimit(.minutes(1)))
    func aLobbyShorterThanAStartStillSeatsTheTabOnce() async throws {
        let lobby = TriviaLobby(
            external: nil, rounds: TriviaRounds(lobby: .zero, bots: 2), clock: SystemClock(),
            eventLoopGroup: MultiThreadedEventLoopGroup.singleton, http: SocketHTTPClient(secure: OfflineHTTPClient()),
            logger: Logger(label: "test"))
        let running = Task { await lobby.run() }
        defer { running.cancel() }
        let seat = try await lobby.seat(for: lobby.newPlayer())
        #expect(await lobby.competitions().map(\.competition) == [seat.competition], "more than one competition was started")
        await lobby.shutdown()
    }

    static func lobby(external: URL? = nil) -> TriviaLobby {
        TriviaLobby(
            external: external, rounds: TriviaRounds(lobby: .seconds(600)), clock: SystemClock(),
            eventLoopGroup: MultiThreadedEventLoopGroup.singleton, http: SocketHTTPClient(secure: OfflineHTTPClient()),
            logger: Logger(label: "test"), maxSeats: 3)
    }

    @Test(.timeLimit(.minutes(1)))
    func everyTabHasASeatOfItsOwnWithARandomToken() async throws {
        let lobby = Self.lobby()
        let running = Task { await lobby.run() }
        defer { running.cancel() }
        let a = lobby.newPlayer(), b = lobby.newPlayer(), c = lobby.newPlayer(), d = lobby.newPlayer()
        #expect(a.displayName != b.displayName && a.id != b.id)
        let seatA = try await lobby.seat(for: a)
        let seatB = try await lobby.seat(for: b)
        #expect(seatA.competition == seatB.competition)
        #expect(seatA.user != seatB.user)
        #expect(seatA.token != seatB.token)
        #expect(seatA.token.count == 32 && seatA.token.unicodeScalars.allSatisfy(\.properties.isASCIIHexDigit))
        #expect(!seatA.token.contains("guest"), "tokens are not derived from the seat's name")
        // Asking again (a reconnect, a page that asks 499 times) gives the same seat, not another's.
        for _ in 0..<20 { #expect(try await lobby.seat(for: a) == seatA) }
        _ = try await lobby.seat(for: c)
        // The competition has three seats: the fourth tab gets one in a new competition, and nobody
        // loses theirs.
        let seatD = try await lobby.seat(for: d)
        #expect(seatD.competition != seatA.competition)
        #expect(try await lobby.seat(for: b) == seatB)
        await lobby.shutdown()
    }

    @Test(.timeLimit(.minutes(1)))
    func onAnExternalServerNoTwoTabsShareAnAccount() async throws {
        let accounts = try TriviaAccounts.demo()
        let questions = try await TriviaQuestionSet.load(from: TriviaSource.bundled(), loader: FeedLoader(client: OfflineHTTPClient()))
            .value
        let server = TriviaServer(
            hostConfiguration: TriviaHostConfiguration(questionSet: questions, startsAt: Date().addingTimeInterval(600)),
            questions: questions.questions, accounts: accounts, configuration: TriviaServerConfiguration(port: 0), clock: SystemClock(),
            eventLoopGroup: MultiThreadedEventLoopGroup.singleton, logger: Logger(label: "test"))
        let (ports, sink) = AsyncStream<Int>.makeStream()
        let running = Task { try await server.run { sink.yield($0) } }
        var iterator = ports.makeAsyncIterator()
        let port = try #require(await iterator.next())
        let lobby = Self.lobby(external: URL(string: "http://127.0.0.1:\(port)"))
        var users: Set<UserID> = []
        var players: [TriviaLobby.Player] = []
        for _ in accounts.accounts {
            let player = lobby.newPlayer()
            players.append(player)
            users.insert(try await lobby.seat(for: player).user)
        }
        #expect(users.count == accounts.accounts.count, "two tabs were given one account")
        let late = lobby.newPlayer()
        await #expect(throws: TriviaLobbyError.self) { try await lobby.seat(for: late) }
        // A tab that closes gives its account back.
        let freed = try await lobby.seat(for: players[0]).user
        await lobby.release(players[0])
        #expect(try await lobby.seat(for: late).user == freed)
        await server.shutdown()
        try await running.value
    }
}
