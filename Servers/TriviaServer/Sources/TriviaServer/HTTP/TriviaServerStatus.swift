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
    }

    private enum CodingKeys: String, CodingKey {
        case status, competition, phase, question, startsAt, connections, joined, cluster
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
    }
}
