/// One run of one scenario against one server configuration: what `--json` prints (one per
/// configuration) and the table shows side by side.
struct LoadResult: Codable, Equatable, Sendable {
    /// The server's arguments that set this configuration apart (`--renderer whole`), or empty.
    var configuration: String
    /// The server's command line, when this tool started it.
    var serverCommand: String?
    var scenario: LoadScenario
    var sessions: Int
    var active: Int
    var rate: Double
    var seconds: Double
    var warmup: Double
    /// Loopback source addresses the connections came from (0: the system's choice).
    var sources: Int
    /// Sessions the server opened (`201`), and sockets that got their first screen.
    var sessionsOpened: Int
    var socketsAttached: Int
    /// Sockets closed by the server (or failed) before the run ended, and sessions told `expired`.
    var socketsClosedEarly: Int
    var sessionsExpired: Int
    /// Events (Trivia: question deliveries due, one per session and question).
    var events: EventCounts
    /// Event to acknowledging message (Trivia: the host's broadcast to the session's message
    /// showing the question).
    var latency: LatencySummary
    /// Bytes of every message the sending sessions received after the warm-up, per acknowledged
    /// event (Trivia: every session's, per question shown).
    var bytesPerAcknowledgedEvent: Double?
    /// Bytes every session received after the warm-up, sending or not.
    var bytesReceived: Int
    /// The mean size of the message that acknowledged each step of the round, by its name
    /// (CarFit: "select a day" is the select with the calendar open).
    var bytesPerStep: [StepBytes]
    /// Messages received after the warm-up, per acknowledged event.
    var messagesPerAcknowledgedEvent: Double?
    /// The first message on a socket (the whole screen), on average.
    var firstScreenBytes: Double?
    var memory: MemoryReadings
    var client: ClientReadings
    /// The server's CPU seconds while the events ran, when this tool started it.
    var serverCPUSeconds: Double?
    /// Trivia: the competition timed and its questions.
    var trivia: TriviaRun?
    /// What went wrong, a line each (distinct messages, the first few).
    var problems: [String]

    /// One step of a scenario's round and the size of its acknowledging message.
    struct StepBytes: Codable, Equatable, Sendable {
        var step: String
        var bytes: Double?
    }

    /// Events as the clients counted them.
    struct EventCounts: Codable, Equatable, Sendable {
        var sent: Int
        var acknowledged: Int
        /// Acknowledged with an `error` (refused).
        var refused: Int
        /// Sent and never acknowledged before the run ended.
        var lost: Int
    }

    /// The server's resident memory, in bytes (`nil`: unknown).
    struct MemoryReadings: Codable, Equatable, Sendable {
        var beforeSessions: Int?
        var afterSessionsLoaded: Int?
        var afterSocketsAttached: Int?
        var afterRun: Int?
        /// Growth from before the sessions to after they loaded, per session opened.
        var perSessionLoaded: Double?
        /// Growth from before the sessions to after their sockets attached, per socket attached.
        var perSessionAttached: Double?

        /// Fills in the growth per session from the readings.
        mutating func divide(opened: Int, attached: Int) {
            func growth(to after: Int?, _ sessions: Int) -> Double? {
                guard let beforeSessions, let after, sessions > 0 else { return nil }
                return Double(after - beforeSessions) / Double(sessions)
            }
            perSessionLoaded = growth(to: afterSessionsLoaded, opened)
            perSessionAttached = growth(to: afterSocketsAttached, attached)
        }
    }

    /// This process: was it the bottleneck?
    struct ClientReadings: Codable, Equatable, Sendable {
        /// Event-loop threads.
        var threads: Int
        /// CPU seconds while the events ran, and the wall seconds they took.
        var driveCPUSeconds: Double
        var driveSeconds: Double
        /// CPU seconds for the whole run (opening, attaching, driving, closing).
        var totalCPUSeconds: Double
        /// The latest an event went out after its planned instant, in milliseconds.
        var sendLagMaxMilliseconds: Double
    }

    /// The Trivia competition a run timed.
    struct TriviaRun: Codable, Equatable, Sendable {
        var competition: String
        var questions: Int
        /// Deliveries seen well before their broadcast (sessions seated in another competition).
        var early: Int
    }
}
