/// Why a node stopped acting as the competition's owner.
public enum StepDownReason: Sendable, Hashable, CustomStringConvertible {
    /// The lease keeper lost the lease (its reason: a renewal refused, the belief ran out).
    case leaseLost(String)
    /// The lease keeper gave the lease up (the node is stopping).
    case leaseReleased
    /// The lease keeper stopped.
    case keeperStopped
    /// The node is stopping (its tasks were cancelled while it took over).
    case nodeStopping
    /// The lease ended while the host was being rebuilt.
    case leaseEndedWhileTakingOver
    /// The lease's time ran out before a commit.
    case leaseTimeRanOut
    /// A commit at `position` was refused: another node holds a newer epoch.
    case fenced(position: Int64)

    /// Whether the node meant to step down (stopping), as opposed to losing the role while
    /// alive (a stall, PostgreSQL gone, another owner): only the latter is a warning.
    public var isPlanned: Bool {
        switch self {
        case .leaseReleased, .keeperStopped, .nodeStopping: true
        case .leaseLost, .leaseEndedWhileTakingOver, .leaseTimeRanOut, .fenced: false
        }
    }

    /// The reason as the log says it.
    public var description: String {
        switch self {
        case .leaseLost(let reason): "lease lost: \(reason)"
        case .leaseReleased: "lease released"
        case .keeperStopped: "the lease keeper stopped"
        case .nodeStopping: "the node is stopping"
        case .leaseEndedWhileTakingOver: "the lease ended while taking over"
        case .leaseTimeRanOut: "the lease's time ran out"
        case .fenced(let position): "fenced at position \(position)"
        }
    }
}
