import ScreenKit
import SharedNetworking

/// The screen's design constants (colours, fonts, metrics) as values, so every renderer (a
/// SwiftUI view, the HTML previews) draws the same screen from the view state plus this theme.
///
/// The state colours come from the exercise's `Colors.swift`; the rest follows the iOS system
/// look the exercise's storyboard uses (grouped background, white cards, system font).
public struct CarFitTheme: Sendable, Hashable, Codable {
    /// Behind the list and the calendar (the system's grouped background).
    public var screenBackground: RGBColor
    /// Behind each visit card.
    public var cardBackground: RGBColor
    /// Client names and titles.
    public var primaryText: RGBColor
    /// Times, addresses, distances and other details.
    public var secondaryText: RGBColor
    /// The selected-day disc and the today ring in the calendar.
    public var accent: RGBColor
    /// Numbers of the adjacent months' days in the grid.
    public var outsideMonthText: RGBColor
    /// The dot under a day that has visits.
    public var visitMarker: RGBColor

    /// The navigation title's font.
    public var titleFont: FontSpec
    /// A day section's title.
    public var sectionTitleFont: FontSpec
    /// The client's name on a card.
    public var clientNameFont: FontSpec
    /// The card's task list.
    public var tasksFont: FontSpec
    /// Time, address and distance lines.
    public var detailFont: FontSpec
    /// The state badge's label.
    public var badgeFont: FontSpec
    /// A day number in the calendar.
    public var calendarDayFont: FontSpec

    /// Points.
    public var cardCornerRadius: Double
    /// Space between a card's edge and its content.
    public var cardPadding: Double
    /// Space between cards.
    public var cardSpacing: Double
    /// The state badge's corner radius.
    public var badgeCornerRadius: Double
    /// The side of a calendar day cell: 44 pt, the smallest target the Human Interface Guidelines
    /// allow a finger (a week of them is 308 pt wide).
    public var calendarCellSize: Double
    /// Which variant this is: the design's (``standard``) or the one for Increase Contrast
    /// (``highContrast``).
    public var contrast: ContrastPreference

    /// The look of the exercise's storyboard.
    public static let standard = CarFitTheme(
        screenBackground: RGBColor(red: 0xF2, green: 0xF2, blue: 0xF7),
        cardBackground: .white,
        primaryText: RGBColor(red: 0x1C, green: 0x1C, blue: 0x1E),
        secondaryText: RGBColor(red: 0x6C, green: 0x6C, blue: 0x70),
        accent: VisitStateAppearance.todo,
        outsideMonthText: RGBColor(red: 0xC7, green: 0xC7, blue: 0xCC),
        visitMarker: VisitStateAppearance.done,
        titleFont: FontSpec(size: 28, weight: .bold),
        sectionTitleFont: FontSpec(size: 15, weight: .semibold),
        clientNameFont: FontSpec(size: 17, weight: .semibold),
        tasksFont: FontSpec(size: 14, weight: .regular),
        detailFont: FontSpec(size: 13, weight: .regular),
        badgeFont: FontSpec(size: 11, weight: .bold),
        calendarDayFont: FontSpec(size: 16, weight: .regular),
        cardCornerRadius: 10,
        cardPadding: 14,
        cardSpacing: 12,
        badgeCornerRadius: 4,
        calendarCellSize: 44,
        contrast: .standard
    )

    /// The look for Increase Contrast (`--contrast high`): every text at least 4.5:1 and every
    /// state indicator at least 3:1 (WCAG 2.2 AA). Where the design falls short: the selected
    /// day's white number on the Todo blue reads 4.26:1 (the blue becomes `#4C73CF`, 4.51:1);
    /// the adjacent months' day numbers, `#C7C7CC` on white, read 1.68:1 (`#6C6C70`, 5.23:1);
    /// the has-visits dot, Done green on white, reads 3.01:1, barely the 3:1 an indicator needs
    /// (`#1E8662`, 4.52:1, for a margin); secondary text becomes `#545458` (7.5:1 on white, 6.7:1
    /// on the grouped background), also for a margin. The Todo badge darkens too
    /// (``VisitStateAppearance/init(state:contrast:)``).
    public static let highContrast: CarFitTheme = {
        var theme = standard
        theme.accent = VisitStateAppearance.todo.adjusted(toContrast: WCAGContrast.text, against: .white)
        theme.outsideMonthText = RGBColor(red: 0x6C, green: 0x6C, blue: 0x70)
        theme.secondaryText = RGBColor(red: 0x54, green: 0x54, blue: 0x58)
        theme.visitMarker = VisitStateAppearance.done.adjusted(toContrast: WCAGContrast.text, against: .white)
        theme.contrast = .increased
        return theme
    }()

    /// ``standard``, or ``highContrast`` when the person asked for more contrast.
    public static func resolved(for contrast: ContrastPreference) -> CarFitTheme {
        contrast == .increased ? highContrast : standard
    }
}
