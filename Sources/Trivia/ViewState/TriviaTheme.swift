import ScreenKit
import SharedNetworking

/// The design values of the two screens. View state carries the resolved colours; fonts and
/// sizes are here, referenced by ``TriviaViewState/style``.
public enum TriviaTheme {
    /// Behind both screens (navy).
    public static let background = RGBColor(red: 0x1B, green: 0x1F, blue: 0x3B)
    /// Behind the question and the final card.
    public static let card = RGBColor(red: 0xFF, green: 0xFF, blue: 0xFF)
    /// Main text.
    public static let ink = RGBColor(red: 0x1B, green: 0x1F, blue: 0x3B)
    /// Secondary text.
    public static let mutedInk = RGBColor(red: 0x8A, green: 0x90, blue: 0xA6)
    /// A choice that may be tapped.
    public static let choice = RGBColor(red: 0xF4, green: 0xF5, blue: 0xFA)
    /// A choice that may not be tapped.
    public static let disabledChoice = RGBColor(red: 0xEC, green: 0xED, blue: 0xF2)
    /// The user's pick.
    public static let selected = RGBColor(red: 0x4E, green: 0x77, blue: 0xD6)
    /// A right answer.
    public static let correct = RGBColor(red: 0x2E, green: 0xAD, blue: 0x68)
    /// A wrong answer.
    public static let incorrect = RGBColor(red: 0xE0, green: 0x49, blue: 0x3E)
    /// The connection-trouble banner and the "At risk" badge.
    public static let warning = RGBColor(red: 0xF2, green: 0xA1, blue: 0x2C)
    /// The viewer badge, a viewer's result, the notice banner and the headline of a user who did not win.
    public static let viewer = RGBColor(red: 0x6B, green: 0x72, blue: 0x8E)
    /// The locked overlay's scrim.
    public static let overlay = RGBColor(red: 0x0E, green: 0x11, blue: 0x24)

    /// The style the screens are drawn in.
    public static let style = TriviaStyle(
        titleFont: FontSpec(size: 17, weight: .semibold),
        questionFont: FontSpec(size: 22, weight: .bold),
        choiceFont: FontSpec(size: 17, weight: .medium),
        countdownFont: FontSpec(size: 28, weight: .bold),
        bodyFont: FontSpec(size: 15, weight: .regular),
        headlineFont: FontSpec(size: 30, weight: .bold),
        choiceHeight: 52,
        cornerRadius: 14,
        spacing: 12,
        overlayOpacity: 0.55,
        background: background,
        card: card,
        ink: ink,
        mutedInk: mutedInk,
        choice: choice,
        accent: selected,
        overlay: overlay,
        contrast: .standard)

    /// The style for Increase Contrast: the design's fonts and sizes in
    /// ``TriviaPalette/highContrast``'s colours.
    public static let highContrastStyle: TriviaStyle = {
        var style = TriviaTheme.style
        let palette = TriviaPalette.highContrast
        style.mutedInk = palette.mutedInk
        style.accent = palette.selected
        style.contrast = .increased
        return style
    }()
}

/// Fonts, sizes and base colours shared by every element of the trivia screens.
public struct TriviaStyle: Sendable, Hashable, Codable {
    /// The title bar.
    public var titleFont: FontSpec
    /// The question's text.
    public var questionFont: FontSpec
    /// A choice's text.
    public var choiceFont: FontSpec
    /// The countdown's number.
    public var countdownFont: FontSpec
    /// Explanations and details.
    public var bodyFont: FontSpec
    /// The result and final headlines.
    public var headlineFont: FontSpec
    /// Points.
    public var choiceHeight: Double
    /// Corner radius of cards and buttons, in points.
    public var cornerRadius: Double
    /// Space between elements, in points.
    public var spacing: Double
    /// Opacity of the locked overlay's scrim (0…1).
    public var overlayOpacity: Double
    /// Behind both screens.
    public var background: RGBColor
    /// Behind the cards.
    public var card: RGBColor
    /// Main text.
    public var ink: RGBColor
    /// Secondary text.
    public var mutedInk: RGBColor
    /// Behind a choice that may be tapped, the countdown ring's track, the statistics and the
    /// secondary button.
    public var choice: RGBColor
    /// The primary button and the user's pick.
    public var accent: RGBColor
    /// The locked overlay's scrim (drawn at ``overlayOpacity``).
    public var overlay: RGBColor
    /// Which variant this is: the design's or the one for Increase Contrast.
    public var contrast: ContrastPreference
}
