import Foundation
import Trivia
import TriviaHost

/// What a server's sockets talk to: the competition's host in this process
/// (``LocalTriviaBackend``, the default) or a cluster node's edge, which relays inputs to
/// whichever node owns the competition and hands back its outputs (`TriviaClusterServer`).
///
/// The server owns the sockets and their limits; the backend decides nothing about them. It
/// gets inputs through ``openConnection()``, ``receive(_:from:)`` and ``disconnect(_:)``, and
/// acts on the sockets only through the ``TriviaSockets`` that ``run(sockets:)`` is given, so
/// both modes write the very same frames through the same writer.
public protocol TriviaServerBackend: Sendable {
    /// A socket was accepted: the id its inputs and outputs carry.
    func openConnection() async -> ConnectionID
    /// A whole message arrived on `connection` (within the server's limits).
    func receive(_ frame: Data, from connection: ConnectionID) async
    /// `connection`'s socket is gone.
    func disconnect(_ connection: ConnectionID) async
    /// Runs until the calling task is cancelled, routing everything the competition produces
    /// to `sockets`.
    func run(sockets: TriviaSockets) async
    /// Where the competition is, for `GET /health`; `nil` while this process does not know yet.
    func phase() async -> HostPhase?
    /// Wild-cards `user` owns now (`GET /v1/users/{user}/wildcards`).
    func balance(of user: UserID) async -> Int
    /// This node's place in a cluster, for `GET /health`; `nil` for a single process.
    func clusterStatus() async -> TriviaClusterStatus?
}

/// A cluster node as `GET /health` reports it.
public struct TriviaClusterStatus: Sendable, Hashable, Codable {
    /// The node's name (`--node`).
    public var node: String
    /// Whether this node holds the competition's lease and runs its host.
    public var owner: Bool
    /// The lease epoch this node owns under, when it is the owner.
    public var epoch: Int64?
    /// What this node sent and received through PostgreSQL so far.
    public var bus: TriviaBusTraffic?

    /// A node named `node`, owning the competition under `epoch` when `owner`, whose bus
    /// carried `bus`.
    public init(node: String, owner: Bool, epoch: Int64?, bus: TriviaBusTraffic? = nil) {
        self.node = node
        self.owner = owner
        self.epoch = epoch
        self.bus = bus
    }

    private enum CodingKeys: String, CodingKey {
        case node, owner, epoch, bus
    }

    /// Every field written, `null` where it does not apply (`epoch` on a node that does not own
    /// the competition).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(node, forKey: .node)
        try container.encode(owner, forKey: .owner)
        try container.encode(epoch, forKey: .epoch)
        try container.encode(bus, forKey: .bus)
    }
}

/// A cluster node's bus traffic through PostgreSQL since it started, as `GET /health` reports
/// it (so `trivia-load --cluster` can count messages and bytes per question).
public struct TriviaBusTraffic: Sendable, Hashable, Codable {
    /// Notifications this node published (input batches from its edge; output batches and
    /// announcements when it owns the competition).
    public var messagesOut: Int
    /// Their bytes as they crossed PostgreSQL.
    public var bytesOut: Int
    /// Notifications this node received.
    public var messagesIn: Int
    /// Their bytes as they crossed PostgreSQL.
    public var bytesIn: Int
    /// Log entries this node committed as owner.
    public var logEntries: Int
    /// Inputs in those entries.
    public var loggedInputs: Int

    /// Counts as named.
    public init(messagesOut: Int, bytesOut: Int, messagesIn: Int, bytesIn: Int, logEntries: Int, loggedInputs: Int) {
        self.messagesOut = messagesOut
        self.bytesOut = bytesOut
        self.messagesIn = messagesIn
        self.bytesIn = bytesIn
        self.logEntries = logEntries
        self.loggedInputs = loggedInputs
    }
}
