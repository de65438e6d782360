import Trivia
import TriviaHost

/// Connection ids that are unique across the cluster and across restarts: the high 32 bits
/// are the incarnation of the node that accepted the socket (`trivia_nodes.incarnation`, new
/// at every process start), the low 32 bits count that process's sockets.
///
/// The owner finds the edge of a connection from its id alone, and a restarted node can
/// never be handed the outputs of a connection its previous incarnation held.
public enum ClusterConnection {
    /// The id of the `local`-th socket of node incarnation `incarnation`.
    public static func id(incarnation: Int64, local: UInt32) -> ConnectionID {
        ConnectionID(UInt64(truncatingIfNeeded: incarnation) << 32 | UInt64(local))
    }

    /// The incarnation of the node that holds `connection`.
    public static func incarnation(of connection: ConnectionID) -> Int64 {
        Int64(connection.rawValue >> 32)
    }
}
