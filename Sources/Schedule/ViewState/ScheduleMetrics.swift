import ScreenKit
import SharedNetworking

/// A font and a colour: how one kind of label is drawn.
public struct ScheduleTextStyle: Sendable, Hashable, Codable {
    /// The system font at the style's size and weight.
    public var font: FontSpec
    /// The text colour.
    public var color: RGBColor

    /// A style from the spec's size in points, weight and colour.
    public init(_ size: Double, _ weight: FontSpec.Weight, _ color: RGBColor) {
        self.font = FontSpec(size: size, weight: weight)
        self.color = color
    }
}

/// Every design metric of the schedule screen, in points, in one place.
///
/// Values marked *spec* are the exercise's design annotations ("The attached design metrics are
/// in points... should be used as is"); values marked *decision* fill a gap the spec leaves and
/// are explained in `Docs/Schedule.md` ("Metrics"). The view state carries one of these (``standard``) so a
/// renderer never needs a constant of its own.
public struct ScheduleMetrics: Sendable, Hashable, Codable {
    /// *Spec*: "#F3F3F2 30 pt" section header.
    public var sectionHeaderHeight: Double
    /// *Spec*: the section header's background, `#F3F3F2`.
    public var sectionHeaderBackground: RGBColor
    /// *Spec*: "#999999 14 pt semibold vertically centered in container".
    public var sectionHeaderText: ScheduleTextStyle
    /// *Spec*: "140 pt container, H/V centered" game row.
    public var gameRowHeight: Double
    /// *Spec*: "Bye specs: ... H&V centered 100 pt total container height".
    public var byeRowHeight: Double
    /// *Spec*: "4pt between rows".
    public var rowSpacing: Double
    /// *Spec*: "10 pt padding" inside a row.
    public var rowPadding: Double
    /// *Spec*: "#999999 1pt tall": a hairline; drawn at the top of the gap under each row
    /// (*decision*: the spec gives its size and colour, not its place).
    public var separatorHeight: Double
    /// *Spec*: the hairline's colour, `#999999`.
    public var separatorColor: RGBColor
    /// *Spec*: team names, "#999999 16 pt semibold".
    public var teamName: ScheduleTextStyle
    /// *Spec*: scores (and records before kick-off), "#999999 45 pt medium".
    public var score: ScheduleTextStyle
    /// *Spec*: the `@` between the teams, "#999999 18 pt regular".
    public var versus: ScheduleTextStyle
    /// *Spec*: date (lower left) and week (centre), "Black 14 pt regular".
    public var dateAndWeek: ScheduleTextStyle
    /// *Spec*: the game state or kick-off time (lower right), "#999999 16 pt bold", "V centered".
    public var status: ScheduleTextStyle
    /// *Decision*: `BYE` uses the team-name style (the spec only sizes the bye container).
    public var byeLabel: ScheduleTextStyle
    /// *Decision*: rows are white cards on the header's `#F3F3F2`, which shows in the 4 pt gaps.
    public var rowBackground: RGBColor
    /// *Decision*: the list background seen between rows.
    public var listBackground: RGBColor
    /// *Decision*: logos are 40 pt squares beside the team name (the spec shows no logo size;
    /// 40 pt fits name, score and date within 140 − 2 × 10 pt).
    public var logoSide: Double
    /// Which variant these are: the design's (``standard``) or the one for Increase Contrast
    /// (``highContrast``).
    public var contrast: ContrastPreference

    /// The exercise's metrics.
    public static let standard = ScheduleMetrics(
        sectionHeaderHeight: 30,
        sectionHeaderBackground: RGBColor(packed: 0xF3F3F2),
        sectionHeaderText: ScheduleTextStyle(14, .semibold, grey),
        gameRowHeight: 140,
        byeRowHeight: 100,
        rowSpacing: 4,
        rowPadding: 10,
        separatorHeight: 1,
        separatorColor: grey,
        teamName: ScheduleTextStyle(16, .semibold, grey),
        score: ScheduleTextStyle(45, .medium, grey),
        versus: ScheduleTextStyle(18, .regular, grey),
        dateAndWeek: ScheduleTextStyle(14, .regular, .black),
        status: ScheduleTextStyle(16, .bold, grey),
        byeLabel: ScheduleTextStyle(16, .semibold, grey),
        rowBackground: .white,
        listBackground: RGBColor(packed: 0xF3F3F2),
        logoSide: 40,
        contrast: .standard
    )

    /// *Decision*: the design for Increase Contrast (`--contrast high`). The spec's `#999999`
    /// reads 2.85:1 on the white rows and 2.57:1 on the `#F3F3F2` headers, under WCAG AA's
    /// 4.5:1 for text and even its 3:1 for the 45 pt scores; here every grey label and the
    /// hairline are `#595959` (7.0:1 on white, 6.3:1 on the headers). Sizes, fonts and the
    /// other colours are the design's.
    public static let highContrast: ScheduleMetrics = {
        var metrics = standard
        let grey = RGBColor(packed: 0x595959)
        metrics.sectionHeaderText.color = grey
        metrics.separatorColor = grey
        metrics.teamName.color = grey
        metrics.score.color = grey
        metrics.versus.color = grey
        metrics.status.color = grey
        metrics.byeLabel.color = grey
        metrics.contrast = .increased
        return metrics
    }()

    /// ``standard``, or ``highContrast`` when the person asked for more contrast.
    public static func resolved(for contrast: ContrastPreference) -> ScheduleMetrics {
        contrast == .increased ? highContrast : standard
    }

    /// *Spec*: `#999999`, the grey of every secondary label.
    private static let grey = RGBColor(packed: 0x999999)
}
