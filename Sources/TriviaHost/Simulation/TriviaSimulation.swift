import Foundation
import SharedNetworking
import Trivia

/// A whole competition in virtual time: the real ``TriviaHostCore`` and one real
/// ``/Trivia/TriviaClientState`` machine per bot, exchanging frames encoded by ``/Trivia/TriviaCodec`` over a
/// simulated network with random delays and dropped connections.
///
/// Single-threaded discrete-event simulation: events run in (time, insertion) order on a
/// ``/SharedNetworking/ManualClock`` that jumps from one to the next, so 100 players finish in milliseconds and
/// the same seed reproduces the same run, byte for byte.
public struct TriviaSimulation {
    enum Event {
        case launch(Int)
        case hostTick
        case connectEstablished(Int)
        case frameToHost(ConnectionID, Data)
        case frameToClient(Int, ConnectionID, Data)
        case closedByHost(Int, ConnectionID)
        case timer(Int, TriviaTimer, token: Int)
        case balance(Int, Result<Int, WildcardBalanceError>)
        case tap(Int, Tap)
        case drop(Int)
    }

    enum Tap {
        case choice(Int, QuestionID)
        case wildcard(use: Bool, QuestionID)
    }

    struct Client {
        var bot: TriviaBot
        var state: TriviaClientState
        var random: SeededRandom
        var connection: ConnectionID?
        var timers: [TriviaTimer: Int] = [:]
        var results: [ResultPayload] = []
        var toHostFree: Date = .distantPast
    }

    /// What the run depends on.
    public let settings: TriviaSimulationSettings
    /// The simulated time: it jumps from one event to the next.
    public let clock: ManualClock
    var host: TriviaHostCore
    var clients: [Client]
    var queue = EventQueue<Event>()
    var random: SeededRandom
    var owners: [ConnectionID: Int] = [:]
    var toClientFree: [ConnectionID: Date] = [:]
    var nextConnection: UInt64 = 0
    var scheduledTick: Date?
    var timerTokens = 0
    var frames = 0
    var reconnects = 0
    var digest: UInt64 = 0xCBF2_9CE4_8422_2325
    let codec = TriviaCodec()

    /// A simulation of `settings`, not started.
    public init(settings: TriviaSimulationSettings) {
        self.settings = settings
        let start = settings.startsAt.addingTimeInterval(-settings.lobby.timeInterval)
        self.clock = ManualClock(now: start)
        self.random = SeededRandom(seed: settings.seed)
        let configuration = TriviaHostConfiguration(
            competition: settings.questionSet.id, title: settings.questionSet.title, startsAt: settings.startsAt,
            answerWindow: settings.answerWindow, reviewWindow: settings.reviewWindow)
        var identities: [String: TriviaIdentity] = [:]
        var balances: [UserID: Int] = [:]
        for bot in settings.bots {
            identities[bot.token] = bot.identity
            balances[bot.identity.user] = bot.balance
        }
        self.host = TriviaHostCore(
            configuration: configuration, questions: settings.questionSet.questions,
            authenticator: StaticTokenAuthenticator(identities), balances: balances)
        let seedSource = SeededRandom(seed: settings.seed)
        self.clients = settings.bots.enumerated().map { index, bot in
            var configuration = settings.clientTemplate
            configuration.user = bot.identity.user
            configuration.token = bot.token
            configuration.competition = settings.questionSet.id
            configuration.clientInstance = "sim\(index + 1)"
            configuration.jitterSeed = seedSource.derived(UInt64(index) &+ 0x5EED).state
            return Client(bot: bot, state: TriviaClientState(configuration: configuration), random: seedSource.derived(UInt64(index) &+ 1))
        }
    }

    /// Runs to the end and reports. `observe` sees every message and state change.
    public mutating func run(observe: (TriviaSimulationObservation) -> Void = { _ in }) -> TriviaSimulationReport {
        let start = clock.now
        scheduleArrivals()
        scheduleTick()
        var events = 0
        while events < settings.maxEvents, let (time, event) = queue.next() {
            clock.advance(to: time)
            events += 1
            process(event, observe: observe)
            scheduleTick()
        }
        return TriviaSimulationReport(
            clients: clients.map(\.state), results: clients.map(\.results), standings: host.standings, winners: host.winners,
            hostFinished: host.isFinished, events: events, frames: frames, reconnects: reconnects, startedAt: start,
            endedAt: clock.now, digest: digest)
    }

    var now: Date { clock.now }

    mutating func latency() -> Double {
        random.double(in: settings.latency)
    }

    /// Bots join at random moments of the lobby; connection drops are planned up front.
    mutating func scheduleArrivals() {
        let lobby = settings.lobby.timeInterval
        let round = settings.answerWindow.timeInterval + settings.reviewWindow.timeInterval
        for index in clients.indices {
            queue.schedule(.launch(index), at: now.addingTimeInterval(random.double(in: 0...(lobby * 0.8))))
            guard settings.disconnectRate > 0 else { continue }
            for question in settings.questionSet.questions.indices where random.unit() < settings.disconnectRate {
                let at = settings.startsAt.addingTimeInterval(Double(question) * round + random.double(in: 0...round))
                queue.schedule(.drop(index), at: at)
            }
        }
    }

    mutating func scheduleTick() {
        guard let next = host.nextDeadline, scheduledTick != next else { return }
        scheduledTick = next
        queue.schedule(.hostTick, at: next)
    }
}
