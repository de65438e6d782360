import SharedNetworking

/// The navigation bar, in the colours of the schedule's root team (``styled(for:teamName:)``
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

    /// A bar from its parts, colours as given; ``styled(for:teamName:)`` is the one that
    /// chooses them for a team.
    public init(
        title: String, teamName: String, triCode: String, background: RGBColor, titleColor: RGBColor, accent: RGBColor, isKnownTeam: Bool
    ) {
        self.title = title
        self.teamName = teamName
        self.triCode = triCode
        self.background = background
        self.titleColor = titleColor
        self.accent = accent
        self.isKnownTeam = isKnownTeam
    }

    /// The bar for the team whose tricode is `triCode` (the feed's `Team.TriCode`; old tricodes
    /// resolve to today's clubs), with `teamName` under the title (the table's full name when
    /// `nil`). An unknown or missing tricode gets the neutral style.
    public static func styled(for triCode: String?, teamName: String?) -> NavigationBarState {
        let known = triCode.flatMap(NFLTeams.team(forTriCode:))
        let team = known ?? NFLTeams.neutral
        return NavigationBarState(
            title: ScheduleText.title,
            teamName: teamName ?? known?.fullName ?? "",
            triCode: known?.triCode ?? triCode ?? "",
            background: team.primary,
            titleColor: readableColor(team.secondary, on: team.primary),
            accent: team.secondary,
            isKnownTeam: known != nil
        )
    }

    /// WCAG 2 contrast ratio of two colours (1…21).
    public static func contrastRatio(_ a: RGBColor, _ b: RGBColor) -> Double {
        let (light, dark) = (max(a.relativeLuminance, b.relativeLuminance), min(a.relativeLuminance, b.relativeLuminance))
        return (light + 0.05) / (dark + 0.05)
    }

    static func readableColor(_ preferred: RGBColor, on background: RGBColor) -> RGBColor {
        if contrastRatio(preferred, background) >= 3 { return preferred }
        return contrastRatio(.white, background) >= contrastRatio(.black, background) ? .white : .black
    }
}
