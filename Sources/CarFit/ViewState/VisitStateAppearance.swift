import ScreenKit
import SharedNetworking

/// The colours of a state badge, from the exercise's `Colors.swift`.
public struct VisitStateAppearance: Sendable, Hashable {
    /// The badge's background: the state's colour.
    public let color: RGBColor
    /// White or near-black, whichever reads better on ``color`` (WCAG contrast).
    public let textColor: RGBColor

    /// The colours for `state`; an unknown state is neutral grey. With Increase Contrast
    /// (`contrast == .increased`) a badge whose label would read under 4.5:1 (WCAG AA for its
    /// 11 pt text) is darkened until it does: of the design's, only Todo, whose white label
    /// reads 4.26:1 (`#4C73CF`, 4.51:1); the others carry dark labels that read 5:1 and more.
    public init(state: VisitState, contrast: ContrastPreference = .standard) {
        // Five badges, so their text colours are worked out once, not per card.
        let badges = contrast == .increased ? Self.highContrastBadges : Self.badges
        switch state {
        case .todo: self = badges[0]
        case .inProgress: self = badges[1]
        case .done: self = badges[2]
        case .rejected: self = badges[3]
        case .unknown: self = badges[4]
        }
    }

    private init(color: RGBColor, minimumContrast: Double? = nil) {
        let darkText = RGBColor(red: 0x1C, green: 0x1C, blue: 0x1E)
        let text: RGBColor = color.contrastRatio(with: .white) >= color.contrastRatio(with: darkText) ? .white : darkText
        self.textColor = text
        self.color = minimumContrast.map { color.adjusted(toContrast: $0, against: text) } ?? color
    }

    private static let badges = [todo, inProgress, done, rejected, unknown].map { VisitStateAppearance(color: $0) }
    private static let highContrastBadges = [todo, inProgress, done, rejected, unknown].map {
        VisitStateAppearance(color: $0, minimumContrast: WCAGContrast.text)
    }

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
}
