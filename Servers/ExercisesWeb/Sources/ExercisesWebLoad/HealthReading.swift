/// What the load tool reads from `GET /health` (Docs/Web.md, "Routes"): the server's resident
/// memory, when it reports it, and its in-process Trivia competitions.
struct HealthReading: Decodable, Equatable, Sendable {
    var sessions: Int?
    var rssBytes: Int?
    var trivia: [TriviaCompetition]?
}

/// An in-process Trivia competition's schedule, as `/health` reports it.
///
/// The host (`TriviaHostCore+Schedule.swift` in the TriviaHost module) opens the first question
/// at `startsAt`; a question closes `answerSeconds` after it opened, its result stays
/// `reviewSeconds`, and the next opens when that review ends, every step stamped with the
/// instant it was due. So question k (0-based) is broadcast at
/// `startsAt + k × (answerSeconds + reviewSeconds)`, or as soon after it as the host's timer wakes:
/// a late timer is part of the latency measured from that instant.
struct TriviaCompetition: Codable, Equatable, Sendable {
    var competition: String
    /// Seconds since 1970.
    var startsAt: Double
    var answerSeconds: Double
    var reviewSeconds: Double
    var questions: Int

    /// When the host broadcasts question `index` (0-based), in seconds since 1970.
    func broadcast(_ index: Int) -> Double {
        startsAt + Double(index) * (answerSeconds + reviewSeconds)
    }
}
