import Trivia
import TriviaHost

/// What an edge's socket layer must do, in order.
public enum EdgeEvent: Sendable, Hashable {
    /// One of the owner's host outputs for connections on this edge (a frame to send, a
    /// broadcast to this edge's recipients, a connection to close), to route exactly as the
    /// single-process server routes its host's outputs.
    case output(HostOutput)
    /// A node became the owner with lease `epoch`: inputs sent before may have been lost, so
    /// a `join` still waiting for its `welcome` should be sent again (answers and wild-cards
    /// are resent by the clients themselves, with the same request id).
    case ownerChanged(epoch: Int64)
    /// Outputs for this edge may have been lost (the bus reconnected, or a sequence gap):
    /// the socket layer closes its connections with a code that makes clients reconnect and
    /// resume by `seq`, which replays exactly what they missed.
    case resynchronize(reason: String)
}
