import ScreenKit
import SharedNetworking

/// A franchise's identity as the navigation bar needs it: who it is and its two brand colours.
public struct NFLTeam: Sendable, Hashable, Codable {
    /// The league's tricode (`GB`), as the feed sends it in `TriCode`.
    public var triCode: String
    /// `Green Bay Packers`.
    public var fullName: String
    /// The dominant brand colour: the navigation bar's background.
    public var primary: RGBColor
    /// The accent colour: the navigation bar's title when it reads well on `primary`.
    public var secondary: RGBColor

    /// A team's identity from its parts (``NFLTeams`` holds the 32 clubs).
    public init(triCode: String, fullName: String, primary: RGBColor, secondary: RGBColor) {
        self.triCode = triCode
        self.fullName = fullName
        self.primary = primary
        self.secondary = secondary
    }
}
