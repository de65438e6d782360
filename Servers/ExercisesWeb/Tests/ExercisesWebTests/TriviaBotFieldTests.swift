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

/// Nobody plays alone: every in-process competition seats its bots when it starts, and they
/// play it as real clients of its server, so the host's numbers count them.
@Suite("Trivia bots")
struct TriviaBotFieldTests {
    /// A lobby long enough for a loaded machine to start the server and seat the bots in it.
    static let rounds = TriviaRounds(lobby: .seconds(8), questionCount: 2, answerWindow: .seconds(4), reviewWindow: .seconds(2), bots: 6)

    /// The bots have joined the host, as players, before its first question; after it, the host
    /// has more than one player's answer; they stop with their competition.
    @Test(.timeLimit(.minutes(1)))
    func botsAreSeatedBeforeTheFirstQuestionAndTheirAnswersReachTheHost() async throws {
        let lobby = TriviaLobby(
            external: nil, rounds: Self.rounds, clock: SystemClock(), eventLoopGroup: MultiThreadedEventLoopGroup.singleton,
            http: SocketHTTPClient(secure: OfflineHTTPClient()), logger: Logger(label: "test"))
        let running = Task { await lobby.run() }
        defer { running.cancel() }
        let seat = try await lobby.seat(for: lobby.newPlayer())
        let schedule = try #require(await lobby.competitions().last)
        let host = try #require(await lobby.server(of: seat.competition)?.host)
        let bots = try #require(await lobby.bots(of: seat.competition))
        #expect(bots.players.count == 6)

        // Seated, connected and welcomed as players while the lobby counts down.
        #expect(await eventually(within: .seconds(3)) { await host.standings.filter(\.isConnected).count == 6 })
        #expect(Date() < schedule.startsAt, "the bots were not in before the first question")
        let standings = await host.standings
        #expect(standings.allSatisfy { $0.role == .player })
        #expect(!standings.contains { $0.user == seat.user }, "a bot took the tab's seat")
        let names = TriviaSimulationSettings.bots(count: 6, seed: Self.rounds.botSeed(forCompetition: 1)).map(\.identity.displayName)
        #expect(standings.map(\.displayName).sorted() == names.sorted(), "the bots are not the simulation's players")

        // The first question's answers reach the host: more than one player answered it.
        let first = try await #require(
            TriviaQuestionSet.load(from: TriviaSource.bundled(), loader: FeedLoader(client: OfflineHTTPClient())).value.questions.first)
        let closed = schedule.startsAt.addingTimeInterval(schedule.answerWindow.timeInterval + 0.5)
        try await Task.sleep(for: .seconds(max(0, closed.timeIntervalSinceNow)))
        let answered = await host.standings.filter { $0.answers[first.id] != nil }
        #expect(answered.count > 1, "the host has \(answered.count) answers to the first question")

        // They stop with their competition, their sockets closed.
        await lobby.shutdown()
        for player in bots.players {
            #expect(await player.state.link.isClosed)
        }
    }

    /// `--trivia-bots 0`: a competition of tabs only.
    @Test(.timeLimit(.minutes(1)))
    func noBotsWhenThereAreNone() async throws {
        var rounds = Self.rounds
        rounds.bots = 0
        let lobby = TriviaLobby(
            external: nil, rounds: rounds, clock: SystemClock(), eventLoopGroup: MultiThreadedEventLoopGroup.singleton,
            http: SocketHTTPClient(secure: OfflineHTTPClient()), logger: Logger(label: "test"))
        let running = Task { await lobby.run() }
        defer { running.cancel() }
        let seat = try await lobby.seat(for: lobby.newPlayer())
        #expect(await lobby.bots(of: seat.competition)?.players.isEmpty == true)
        #expect(seat.user == UserID("guest-1"))
        await lobby.shutdown()
    }
}
