/// What a ``LeaseKeeper`` tells its node, in order. Each ownership claim is announced with
/// the instant it ends **before** the keeper acts on it, so a recorder of these events knows
/// the latest moment the node could have acted as owner even if it is killed right after.
public enum LeaseEvent: Sendable, Hashable {
    /// The node took the lease with `epoch` at `at`; it believes itself owner until `validUntil`.
    case acquired(epoch: Int64, at: MonotonicInstant, validUntil: MonotonicInstant)
    /// A renewal moved the end of the belief to `validUntil`.
    case extended(epoch: Int64, validUntil: MonotonicInstant)
    /// The node stopped being owner at `at`: PostgreSQL refused a renewal, or the belief ran
    /// out before a renewal got through (`reason` says which).
    case lost(epoch: Int64, at: MonotonicInstant, reason: String)
    /// The node gave the lease up (shutting down) at `at`.
    case released(epoch: Int64, at: MonotonicInstant)
}

extension LeaseEvent {
    /// The event as one line (`acquired EPOCH AT UNTIL`, `extended EPOCH UNTIL`, `lost EPOCH
    /// AT`, `released EPOCH AT`; instants in nanoseconds of `CLOCK_MONOTONIC`, comparable
    /// across processes on one machine): what `trivia-cluster contend` and `trivia-server
    /// --cluster` print, so a test can check from outside that no two processes ever believed
    /// themselves owner at once.
    public var line: String {
        switch self {
        case .acquired(let epoch, let at, let until): "acquired \(epoch) \(at.nanoseconds) \(until.nanoseconds)"
        case .extended(let epoch, let until): "extended \(epoch) \(until.nanoseconds)"
        case .lost(let epoch, let at, _): "lost \(epoch) \(at.nanoseconds)"
        case .released(let epoch, let at): "released \(epoch) \(at.nanoseconds)"
        }
    }
}
