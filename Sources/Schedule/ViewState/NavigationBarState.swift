import ScreenKit
import SharedNetworking

/// The navigation bar, in the colours of the schedule's root team (``styled(for:teamName:spoken:contrast:)``
/// chooses them from ``NFLTeams``).
public struct NavigationBarState: Sendable, Hashable, Codable {
    /// `SCHEDULE`.
    public var title: String
    /// `Green Bay Packers` (the feed's `FullName`, else the table's name); may be empty.
    public var teamName: String
    /// `GB`; empty when unknown.
    public var triCode: String
    /// The team's primary colour.
    public var background: RGBColor
    /// The title's colour: the team's secondary colour when it contrasts enough with the
    /// background (WCAG 3:1, the large-text threshold), otherwise white or black.
    public var titleColor: RGBColor
    /// The team's secondary colour, for bar buttons and accents.
    public var accent: RGBColor
    /// Whether the tricode was found in ``NFLTeams`` (otherwise the neutral style is used).
    public var isKnownTeam: Bool
    /// The title as the screen's level-1 heading: `Schedule, Green Bay Packers`.
    public var accessibility: AccessibilityElement

    /// A bar from its parts, colours as given; ``styled(for:teamName:spoken:contrast:)`` is the
    /// one that chooses them for a team.
    public init(
        title: String, teamName: String, triCode: String, background: RGBColor, titleColor: RGBColor, accent: RGBColor, isKnownTeam: Bool,
        accessibility: AccessibilityElement
    ) {
        self.title = title
        self.teamName = teamName
        self.triCode = triCode
        self.background = background
        self.titleColor = titleColor
        self.accent = accent
        self.isKnownTeam = isKnownTeam
        self.accessibility = accessibility
    }

    /// The bar for the team whose tricode is `triCode` (the feed's `Team.TriCode`; old tricodes
    /// resolve to today's clubs), with `teamName` under the title (the table's full name when
    /// `nil`). An unknown or missing tricode gets the neutral style. With Increase Contrast the
    /// title must reach 4.5:1 (WCAG's ratio for text of its 17 pt) instead of 3:1.
    public static func styled(
        for triCode: String?, teamName: String?, spoken: ScheduleSpokenText = ScheduleSpokenText(language: .english),
        contrast: ContrastPreference = .standard
    ) -> NavigationBarState {
        let known = triCode.flatMap(NFLTeams.team(forTriCode:))
        let team = known ?? NFLTeams.neutral
        let name = teamName ?? known?.fullName ?? ""
        return NavigationBarState(
            title: ScheduleWrittenText(language: spoken.language).title,
            teamName: name,
            triCode: known?.triCode ?? triCode ?? "",
            background: team.primary,
            titleColor: readableColor(
                team.secondary, on: team.primary, minimum: contrast == .increased ? WCAGContrast.text : WCAGContrast.largeText),
            accent: team.secondary,
            isKnownTeam: known != nil,
            accessibility: .heading(spoken.navigationTitle(teamName: name), level: .h1, identifier: "navigation-title")
        )
    }

    /// WCAG 2 contrast ratio of two colours (1…21): ``/ScreenKit/RGBColor/contrastRatio(with:)``.
    public static func contrastRatio(_ a: RGBColor, _ b: RGBColor) -> Double {
        a.contrastRatio(with: b)
    }

    static func readableColor(_ preferred: RGBColor, on background: RGBColor, minimum: Double) -> RGBColor {
        if preferred.contrastRatio(with: background) >= minimum { return preferred }
        return background.blackOrWhiteText
    }
}
