import Trivia

/// What an edge's socket layer must do, in order.
public enum EdgeEvent: Sendable, Hashable {
    /// Write `bytes` (one text frame) to `connection`.
    case frame(ConnectionID, [UInt8])
    /// Close `connection` with the close code that goes with `reason`.
    case close(ConnectionID, reason: TriviaErrorCode)
    /// A node became the owner with lease `epoch`: inputs sent before may have been lost, so
    /// a `join` still waiting for its `welcome` should be sent again (answers and wild-cards
    /// are resent by the clients themselves, with the same request id).
    case ownerChanged(epoch: Int64)
    /// Outputs for this edge may have been lost (the bus reconnected, or a sequence gap):
    /// the socket layer closes its connections with a code that makes clients reconnect and
    /// resume by `seq`, which replays exactly what they missed.
    case resynchronize(reason: String)
}
