import Foundation

/// Where a visit stands. The four states of the exercise, plus whatever else a server sends.
///
/// Parsing is case-insensitive and ignores spaces, `_` and `-` (the real feed says `ToDo` where
/// the specification says `Todo`). An unrecognised value is kept as ``unknown(_:)`` so the card
/// still shows (in a neutral colour) instead of the whole visit being dropped.
public enum VisitState: Sendable, Hashable {
    /// `ToDo` (or `Todo`): planned, not started. Blue.
    case todo
    /// `InProgress`: the worker is there. Yellow.
    case inProgress
    /// `Done`: finished. Green.
    case done
    /// `Rejected`: will not happen. Red.
    case rejected
    /// A state this app does not know, with the server's text.
    case unknown(String)

    /// Reads the feed's `visitState`.
    public init(rawValue text: String) {
        let key = text.lowercased().filter { !" _-".contains($0) }
        switch key {
        case "todo": self = .todo
        case "inprogress": self = .inProgress
        case "done": self = .done
        case "rejected": self = .rejected
        default: self = .unknown(text.trimmingCharacters(in: .whitespacesAndNewlines))
        }
    }

    /// The spelling the specification uses (`Todo`, `InProgress`…), or the unknown text.
    public var rawValue: String {
        switch self {
        case .todo: "Todo"
        case .inProgress: "InProgress"
        case .done: "Done"
        case .rejected: "Rejected"
        case .unknown(let text): text
        }
    }

    /// Whether the state is one of the four the app knows (``unknown(_:)`` draws neutral).
    public var isKnown: Bool {
        if case .unknown = self { return false }
        return true
    }
}
