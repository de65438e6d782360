import Foundation

/// Everything that can go wrong between a node and the cluster's database, as a line a person
/// can act on (`description`), typed so the server can decide what to do: refuse to start,
/// step down as owner, or reconnect.
public enum ClusterError: Error, Sendable, Equatable, CustomStringConvertible {
    /// `--cluster` is not a `postgres://` URL this node can use.
    case invalidURL(String, reason: String)
    /// No PostgreSQL answered at `endpoint` (refused, timed out, authentication failed).
    case unreachable(endpoint: String, reason: String)
    /// The database holds a newer schema than this node knows: an older build must not write
    /// to it.
    case schemaTooNew(found: Int, known: Int)
    /// A table the schema needs is missing or not what the recorded version says.
    case schemaDamaged(String)
    /// The competition was started with another configuration (questions, windows, ledger)
    /// than this node was given: replaying its log with this node's would give other outputs.
    case competitionMismatch(competition: String, reason: String)
    /// This node's lease epoch is no longer the current one: another node owns the
    /// competition, and this node's write was refused.
    case fenced(competition: String, epoch: Int64)
    /// A log entry could not be read back (written by a newer node, or damaged).
    case corruptLogEntry(position: Int64, reason: String)
    /// A bus message could not be read (bad encoding, or its stored payload is gone).
    case corruptBusMessage(String)
    /// The node is stopping: what was asked was not done.
    case stopped(String)
    /// A query failed for a reason other than those above (the connection broke, the server
    /// restarted): the operation may be retried after reconnecting.
    case database(String)

    /// The line a person reads: what failed, and what to do where there is something to do.
    public var description: String {
        switch self {
        case .invalidURL(let url, let reason):
            "invalid cluster URL \(url): \(reason) (expected postgres://USER@HOST:PORT/DATABASE)"
        case .unreachable(let endpoint, let reason):
            "PostgreSQL at \(endpoint) is unreachable: \(reason)"
        case .schemaTooNew(let found, let known):
            "the cluster database has schema version \(found), this node knows versions up to \(known): "
                + "upgrade this node before it joins the cluster"
        case .schemaDamaged(let reason):
            "the cluster database's schema is damaged: \(reason)"
        case .competitionMismatch(let competition, let reason):
            "competition \(competition) was started with another configuration: \(reason); "
                + "start this node with the same question set, windows and accounts, or use another competition id"
        case .fenced(let competition, let epoch):
            "lease epoch \(epoch) of \(competition) is no longer current: another node owns it"
        case .corruptLogEntry(let position, let reason):
            "input log entry \(position) cannot be read: \(reason)"
        case .corruptBusMessage(let reason):
            "bus message cannot be read: \(reason)"
        case .stopped(let reason):
            "the node is stopping: \(reason)"
        case .database(let reason):
            "database error: \(reason)"
        }
    }
}

extension ClusterError {
    /// Runs `body`, passing a ``ClusterError`` through and turning any other error (a broken
    /// connection, a failed statement) into ``database(_:)`` with its reason.
    static func wrapping<T>(_ body: () async throws -> T) async throws(ClusterError) -> T {
        do {
            return try await body()
        } catch let error as ClusterError {
            throw error
        } catch {
            throw .database(ClusterDatabase.reason(error))
        }
    }
}
