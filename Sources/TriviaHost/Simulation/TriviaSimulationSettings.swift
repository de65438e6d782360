import Foundation
import SharedNetworking
import Trivia

/// Everything a simulated competition depends on. Same settings, same run.
public struct TriviaSimulationSettings: Sendable {
    /// Seeds every random choice of the run (bots, latency, drops).
    public var seed: UInt64
    /// The competition's questions.
    public var questionSet: TriviaQuestionSet
    /// When the first question opens; bots join during the lobby before it.
    public var startsAt: Date
    /// How long before ``startsAt`` the bots join.
    public var lobby: Duration
    /// How long each question accepts answers.
    public var answerWindow: Duration
    /// How long each result stays before the next question.
    public var reviewWindow: Duration
    /// The participants.
    public var bots: [TriviaBot]
    /// One-way message delay in seconds, drawn per message (order per connection is kept,
    /// as on a TCP stream).
    public var latency: ClosedRange<Double>
    /// Probability, per bot and question, that the bot's connection drops at a random moment.
    public var disconnectRate: Double
    /// Probability that a balance fetch fails (transiently).
    public var balanceFailureRate: Double
    /// Client timings (ack timeout, backoff…); user, token and seed are set per bot.
    public var clientTemplate: TriviaClientConfiguration
    /// A safety stop for runaway runs.
    public var maxEvents: Int

    /// Settings; the defaults are a 5 s lobby, 10 s questions, 6 s results and 20-300 ms latency with no failures.
    public init(
        seed: UInt64,
        questionSet: TriviaQuestionSet,
        startsAt: Date,
        bots: [TriviaBot],
        lobby: Duration = .seconds(5),
        answerWindow: Duration = .seconds(10),
        reviewWindow: Duration = .seconds(6),
        latency: ClosedRange<Double> = 0.02...0.3,
        disconnectRate: Double = 0,
        balanceFailureRate: Double = 0,
        clientTemplate: TriviaClientConfiguration? = nil,
        maxEvents: Int = 5_000_000
    ) {
        self.seed = seed
        self.questionSet = questionSet
        self.startsAt = startsAt
        self.bots = bots
        self.lobby = lobby
        self.answerWindow = answerWindow
        self.reviewWindow = reviewWindow
        self.latency = latency
        self.disconnectRate = disconnectRate
        self.balanceFailureRate = balanceFailureRate
        self.clientTemplate =
            clientTemplate
            ?? TriviaClientConfiguration(user: "template", token: "template", competition: questionSet.id, clientInstance: "sim")
        self.maxEvents = maxEvents
    }

    /// `count` bots with seeded names, accuracies between 55 % and 95 %, balances 0–2 and
    /// think times within the answer window (a few slower than it).
    public static func bots(count: Int, seed: UInt64, namePrefix: String = "bot") -> [TriviaBot] {
        var random = SeededRandom(seed: seed ^ 0xB075)
        let names = [
            "Ada", "Grace", "Alan", "Edsger", "Barbara", "Donald", "Margaret", "Ken", "Frances", "Dennis",
            "Radia", "Linus", "Hedy", "Tim", "Katherine", "Niklaus", "Sophie", "Bjarne", "Annie", "Guido",
        ]
        return (0..<count).map { index in
            let name = names[index % names.count] + (index >= names.count ? " \(index / names.count + 1)" : "")
            let user = UserID("\(namePrefix)-\(index + 1)")
            return TriviaBot(
                identity: TriviaIdentity(user: user, displayName: name),
                token: "token-\(user)",
                balance: Int(random.next() % 3),
                strategy: .accuracy(random.double(in: 0.55...0.95)),
                thinkTime: 0.8...random.double(in: 5...10.5),
                skipRate: 0.03,
                usesWildcard: random.unit() < 0.85)
        }
    }
}

/// What the run observed, for a screen or a log.
public enum TriviaSimulationObservation: Sendable {
    /// Client `client` (index into the bots) sent a message.
    case sent(client: Int, ClientEnvelope, at: Date)
    /// Client `client` received a message.
    case received(client: Int, ServerEnvelope, at: Date)
    /// Client `client`'s state changed.
    case stateChanged(client: Int, TriviaClientState, at: Date)
    /// Client `client`'s connection opened or was lost.
    case connection(client: Int, String, at: Date)
}

/// The outcome of a simulated competition.
public struct TriviaSimulationReport: Sendable {
    /// Each bot's final client state, in bot order.
    public var clients: [TriviaClientState]
    /// The results each client processed, in order.
    public var results: [[ResultPayload]]
    /// The host's view of every user.
    public var standings: [HostUserSnapshot]
    /// The winners, as `finish` lists them.
    public var winners: [TriviaWinner]
    /// Whether the host reached the end of the competition.
    public var hostFinished: Bool
    /// How many simulated events ran.
    public var events: Int
    /// How many frames crossed the simulated network.
    public var frames: Int
    /// How many times clients reconnected.
    public var reconnects: Int
    /// The simulated time the run started.
    public var startedAt: Date
    /// The simulated time the run ended.
    public var endedAt: Date
    /// FNV-1a over every frame and its time: equal digests mean identical runs.
    public var digest: UInt64
}
