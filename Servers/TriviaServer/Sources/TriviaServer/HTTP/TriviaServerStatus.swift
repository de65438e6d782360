import Foundation
import Trivia

/// `GET /health`: enough for a load balancer, a dashboard or a test to see the server is up
/// and where the competition is.
public struct TriviaServerStatus: Sendable, Hashable, Codable {
    /// `ok` while the server answers.
    public var status: String
    /// The competition served.
    public var competition: CompetitionID
    /// `lobby`, `open`, `reviewing`, `finished`, or `unknown` (a cluster node that does not know
    /// yet).
    public var phase: String
    /// The 0-based question on screen, `null` in the lobby, after the finish and when unknown.
    public var question: Int?
    /// When the first question opens.
    public var startsAt: Date
    /// Open sockets.
    public var connections: Int
    /// Sockets that joined.
    public var joined: Int
    /// In cluster mode, this node's name and whether it owns the competition (`null` for a
    /// single process).
    public var cluster: TriviaClusterStatus?
    /// Whether the server runs on the bundled demo accounts, whose tokens are public: anyone can
    /// play as any of them. `false` with `--accounts FILE` (or seats handed out at run time).
    public var demoAccounts: Bool

    /// A status without cluster details.
    public init(
        status: String, competition: CompetitionID, phase: String, question: Int?, startsAt: Date, connections: Int, joined: Int
    ) {
        self.status = status
        self.competition = competition
        self.phase = phase
        self.question = question
        self.startsAt = startsAt
        self.connections = connections
        self.joined = joined
        cluster = nil
        demoAccounts = false
    }

    private enum CodingKeys: String, CodingKey {
        case status, competition, phase, question, startsAt, connections, joined, cluster, demoAccounts
    }

    /// Reads a status; `demoAccounts` is `false` when absent (an older server).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        status = try container.decode(String.self, forKey: .status)
        competition = try container.decode(CompetitionID.self, forKey: .competition)
        phase = try container.decode(String.self, forKey: .phase)
        question = try container.decodeIfPresent(Int.self, forKey: .question)
        startsAt = try container.decode(Date.self, forKey: .startsAt)
        connections = try container.decode(Int.self, forKey: .connections)
        joined = try container.decode(Int.self, forKey: .joined)
        cluster = try container.decodeIfPresent(TriviaClusterStatus.self, forKey: .cluster)
        demoAccounts = try container.decodeIfPresent(Bool.self, forKey: .demoAccounts) ?? false
    }

    /// Every field is written, `null` where it does not apply (as in the protocol's messages):
    /// a synthesized encoder would leave `question` and `cluster` out.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(status, forKey: .status)
        try container.encode(competition, forKey: .competition)
        try container.encode(phase, forKey: .phase)
        try container.encode(question, forKey: .question)
        try container.encode(startsAt, forKey: .startsAt)
        try container.encode(connections, forKey: .connections)
        try container.encode(joined, forKey: .joined)
        try container.encode(cluster, forKey: .cluster)
        try container.encode(demoAccounts, forKey: .demoAccounts)
    }
}
