import ScreenKit
import SharedNetworking

/// The colours of the trivia screens by role: the design's (``standard``, the values of
/// ``TriviaTheme``) and those for Increase Contrast (``highContrast``).
///
/// The builder draws with the design's colours and, for Increase Contrast, swaps each one for
/// its counterpart here (``recolor(_:)``), so the two variants can never disagree about which
/// element has which role.
public struct TriviaPalette: Sendable, Hashable, Codable {
    /// Behind both screens.
    public var background: RGBColor
    /// Behind the cards.
    public var card: RGBColor
    /// Main text.
    public var ink: RGBColor
    /// Secondary text.
    public var mutedInk: RGBColor
    /// A choice that may be tapped.
    public var choice: RGBColor
    /// A choice that may not be tapped.
    public var disabledChoice: RGBColor
    /// The user's pick, the countdown, the primary button.
    public var selected: RGBColor
    /// A right answer; the player badge; a winner's headline.
    public var correct: RGBColor
    /// A wrong answer; the last seconds of the countdown.
    public var incorrect: RGBColor
    /// Connection trouble and the "At risk" badge.
    public var warning: RGBColor
    /// The viewer badge and results, notices.
    public var viewer: RGBColor
    /// The locked overlay's scrim.
    public var overlay: RGBColor

    /// The design: ``TriviaTheme``'s colours.
    public static let standard = TriviaPalette(
        background: TriviaTheme.background, card: TriviaTheme.card, ink: TriviaTheme.ink, mutedInk: TriviaTheme.mutedInk,
        choice: TriviaTheme.choice, disabledChoice: TriviaTheme.disabledChoice, selected: TriviaTheme.selected,
        correct: TriviaTheme.correct, incorrect: TriviaTheme.incorrect, warning: TriviaTheme.warning, viewer: TriviaTheme.viewer,
        overlay: TriviaTheme.overlay)

    /// Increase Contrast: white text on the pick, right and wrong colours reads 4.5:1 (the
    /// design's green `#2EAD68` reads 2.88:1, its red 4.04:1, its blue 4.26:1), and secondary
    /// text reads 4.5:1 on the dimmed choice it is drawn on (`#8A90A6` reads 2.71:1 there).
    /// Each colour is the design's, darkened only as far as that takes.
    public static let highContrast: TriviaPalette = {
        var palette = standard
        palette.selected = standard.selected.adjusted(toContrast: WCAGContrast.text, against: .white)
        palette.correct = standard.correct.adjusted(toContrast: WCAGContrast.text, against: .white)
        palette.incorrect = standard.incorrect.adjusted(toContrast: WCAGContrast.text, against: .white)
        palette.viewer = standard.viewer.adjusted(toContrast: WCAGContrast.text, against: .white)
        palette.mutedInk = standard.mutedInk.adjusted(toContrast: WCAGContrast.text, against: standard.disabledChoice)
        return palette
    }()

    /// ``standard``, or ``highContrast`` when the person asked for more contrast.
    public static func resolved(for contrast: ContrastPreference) -> TriviaPalette {
        contrast == .increased ? highContrast : standard
    }

    /// The colour playing `color`'s role in ``standard``, in this palette; a colour no role has
    /// (white text) stays.
    public func recolor(_ color: RGBColor) -> RGBColor {
        let base = TriviaPalette.standard
        let roles: [(KeyPath<TriviaPalette, RGBColor>)] = [
            \.background, \.card, \.ink, \.mutedInk, \.choice, \.disabledChoice, \.selected, \.correct, \.incorrect, \.warning,
            \.viewer, \.overlay,
        ]
        guard let role = roles.first(where: { base[keyPath: $0] == color }) else { return color }
        return self[keyPath: role]
    }
}
