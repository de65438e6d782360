import Foundation
import Logging
import NIOCore
import SharedNetworking
import Trivia
import TriviaHost
import TriviaServer
import TriviaWebSocketClient

/// The simulated players of one in-process competition, so that a tab never plays alone: the
/// counts, "players remain" and the winners are the host's own numbers, over a field of
/// ``TriviaBotPlayer``s seated as tabs are (a `TriviaSeats` seat each, claimed before any tab's)
/// and playing as the `exercises trivia` simulation's bots play (`TriviaSimulationSettings.bots`):
/// its names, accuracies, think times (a few slower than the answer window), skipped questions
/// and wild-card habits, all drawn from the competition's seed.
struct TriviaBotField: Sendable {
    /// The players, in seat order.
    let players: [TriviaBotPlayer]
    private let games: [Task<Void, Never>]

    /// The answer window the simulation's think times are made for: a competition's bots think
    /// in proportion to its own window.
    static let simulationAnswerWindow: Duration = .seconds(10)

    /// Seats `count` bots in `seats` now (before the competition is offered to any tab, so they
    /// are seated when its lobby opens) and starts them playing on `server`. `seed` makes every
    /// bot's strategy and every choice it draws.
    static func seat(
        _ count: Int, seed: UInt64, in seats: TriviaSeats, server: URL, schedule: TriviaLobby.Competition, questions: [TriviaQuestion],
        clock: any AppClock, eventLoopGroup: any EventLoopGroup, http: any HTTPClient, logger: Logger
    ) -> TriviaBotField {
        guard count > 0, let socket = WebSocketTriviaTransport.socketURL(base: server, competition: schedule.competition) else {
            return TriviaBotField(players: [], games: [])
        }
        let answers = Dictionary(questions.map { ($0.id, $0.answer) }, uniquingKeysWith: { first, _ in first })
        let pace = schedule.answerWindow / simulationAnswerWindow
        let draws = SeededRandom(seed: seed)
        var players: [TriviaBotPlayer] = []
        for (index, var bot) in TriviaSimulationSettings.bots(count: count, seed: seed).enumerated() {
            guard let account = seats.claim(displayName: bot.identity.displayName) else { break }
            bot.identity = TriviaIdentity(user: account.user, displayName: account.displayName)
            bot.token = account.token
            bot.thinkTime = (bot.thinkTime.lowerBound * pace)...(bot.thinkTime.upperBound * pace)
            let configuration = TriviaClientConfiguration(
                user: account.user, token: account.token, competition: schedule.competition,
                clientInstance: "bot-\(account.user)", jitterSeed: draws.derived(UInt64(index) &+ 0x5EED).state)
            players.append(
                TriviaBotPlayer(
                    bot: bot, configuration: configuration, answers: answers,
                    transport: WebSocketTriviaTransport(url: socket, clock: clock, eventLoopGroup: eventLoopGroup, logger: logger),
                    balances: WildcardBalanceClient(baseURL: server, client: http), clock: clock,
                    random: draws.derived(UInt64(index) &+ 1)))
        }
        return TriviaBotField(players: players, games: players.map { player in Task { await player.play() } })
    }

    /// Stops every bot (each closes its socket) and returns once they have.
    func stop() async {
        for game in games { game.cancel() }
        for game in games { await game.value }
    }
}
