import SharedNetworking

/// The colours of a state badge, from the exercise's `Colors.swift`.
public struct VisitStateAppearance: Sendable, Hashable {
    /// The badge's background: the state's colour.
    public let color: RGBColor
    /// White or near-black, whichever reads better on ``color`` (WCAG contrast).
    public let textColor: RGBColor

    /// The colours for `state`; an unknown state is neutral grey.
    public init(state: VisitState) {
        // Five badges, so their text colours are worked out once, not per card.
        switch state {
        case .todo: self = Self.todoBadge
        case .inProgress: self = Self.inProgressBadge
        case .done: self = Self.doneBadge
        case .rejected: self = Self.rejectedBadge
        case .unknown: self = Self.unknownBadge
        }
    }

    private init(color: RGBColor) {
        self.color = color
        let darkText = RGBColor(red: 0x1C, green: 0x1C, blue: 0x1E)
        textColor = Self.contrast(color, .white) >= Self.contrast(color, darkText) ? .white : darkText
    }

    private static let todoBadge = VisitStateAppearance(color: todo)
    private static let inProgressBadge = VisitStateAppearance(color: inProgress)
    private static let doneBadge = VisitStateAppearance(color: done)
    private static let rejectedBadge = VisitStateAppearance(color: rejected)
    private static let unknownBadge = VisitStateAppearance(color: unknown)

    /// `ToDo`'s blue.
    public static let todo = RGBColor(red: 0x4E, green: 0x77, blue: 0xD6)
    /// `InProgress`'s yellow.
    public static let inProgress = RGBColor(red: 0xF5, green: 0xC7, blue: 0x09)
    /// `Done`'s green.
    public static let done = RGBColor(red: 0x25, green: 0xA8, blue: 0x7B)
    /// `Rejected`'s red.
    public static let rejected = RGBColor(red: 0xEF, green: 0x65, blue: 0x65)
    /// A state the app does not know: a neutral grey that claims nothing.
    public static let unknown = RGBColor(red: 0x8E, green: 0x8E, blue: 0x93)

    static func color(for state: VisitState) -> RGBColor {
        switch state {
        case .todo: todo
        case .inProgress: inProgress
        case .done: done
        case .rejected: rejected
        case .unknown: unknown
        }
    }

    /// WCAG 2 contrast ratio between two colours (1…21).
    static func contrast(_ a: RGBColor, _ b: RGBColor) -> Double {
        let (lighter, darker) =
            a.relativeLuminance > b.relativeLuminance
            ? (a.relativeLuminance, b.relativeLuminance) : (b.relativeLuminance, a.relativeLuminance)
        return (lighter + 0.05) / (darker + 0.05)
    }
}
