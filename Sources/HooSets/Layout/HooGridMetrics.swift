import ScreenKit
import SharedNetworking

/// The design constants of the grid, the disc and its text: one value a SwiftUI view, the
/// terminal and the HTML previews all read, so they cannot drift apart.
///
/// The defaults come from the exercise's artwork: `cell_grid` is 4 × 4 cells of 79 pt (316 pt)
/// inside a 320 pt screen, hence 4 columns, no gaps (each cell image draws its own frame) and
/// 2 pt side insets; `selection_disc` is 70 pt inside a 79 pt cell.
public struct HooGridMetrics: Sendable, Hashable, Codable {
    /// Cells per row (4 in the exercise's design).
    public var columns: Int
    /// Horizontal gap between cells.
    public var itemSpacing: Double
    /// Vertical gap between rows.
    public var lineSpacing: Double
    /// Space left and right of the cells.
    public var horizontalInset: Double
    /// Height of a section's header band (the header artwork is 33 pt tall).
    public var headerHeight: Double
    /// Space between the last row of a section and the next header.
    public var sectionSpacing: Double
    /// The selection disc's diameter as a fraction of the cell (70 / 79 in the artwork).
    public var discRatio: Double
    /// Behind the grid (black in the artwork).
    public var backgroundColor: RGBColor
    /// The 10 % white surround of the grid (`border` artwork), as a colour over the background.
    public var borderColor: RGBColor
    /// The selected Hoo's title on the disc.
    public var discTitleFont: FontSpec
    /// The poem line on the disc.
    public var discPoemFont: FontSpec
    /// A set's title in its header when drawn as text.
    public var setTitleFont: FontSpec
    /// Font of the header title when a set has no header image.
    public var headerFallbackFont: FontSpec
    /// Opacity of secondary text drawn in a set's colour (the count under a header): 0.75 in
    /// the design, 1 for Increase Contrast.
    public var secondaryTextOpacity: Double
    /// Which variant these are; with `increased`, text in a set's colour is drawn in a shade
    /// that reads 4.5:1 on ``backgroundColor`` (``HooSectionState/textColor``).
    public var contrast: ContrastPreference

    /// The design's values unless given others.
    public init(
        columns: Int = 4,
        itemSpacing: Double = 0,
        lineSpacing: Double = 0,
        horizontalInset: Double = 2,
        headerHeight: Double = 49,
        sectionSpacing: Double = 8,
        discRatio: Double = 70.0 / 79.0,
        backgroundColor: RGBColor = RGBColor(red: 0x12, green: 0x12, blue: 0x16),
        borderColor: RGBColor = RGBColor(red: 0x2A, green: 0x2A, blue: 0x2D),
        discTitleFont: FontSpec = HooFonts.medium(size: 28),
        discPoemFont: FontSpec = HooFonts.light(size: 17),
        setTitleFont: FontSpec = HooFonts.medium(size: 15),
        headerFallbackFont: FontSpec = HooFonts.medium(size: 28),
        secondaryTextOpacity: Double = 0.75,
        contrast: ContrastPreference = .standard
    ) {
        self.columns = columns
        self.itemSpacing = itemSpacing
        self.lineSpacing = lineSpacing
        self.horizontalInset = horizontalInset
        self.headerHeight = headerHeight
        self.sectionSpacing = sectionSpacing
        self.discRatio = discRatio
        self.backgroundColor = backgroundColor
        self.borderColor = borderColor
        self.discTitleFont = discTitleFont
        self.discPoemFont = discPoemFont
        self.setTitleFont = setTitleFont
        self.headerFallbackFont = headerFallbackFont
        self.secondaryTextOpacity = secondaryTextOpacity
        self.contrast = contrast
    }

    /// The exercise's design: 4 columns, 2 pt insets, no gaps.
    public static let standard = HooGridMetrics()

    /// The design for Increase Contrast: the same grid, the set counts fully opaque (the
    /// design's 75 % puts them at 1.9-4.3:1 on the dark background), and every text in a set's
    /// colour lightened until it reads 4.5:1 (Brown's `#80461F` reads 2.2:1 on `#121216`).
    public static let highContrast = HooGridMetrics(secondaryTextOpacity: 1, contrast: .increased)

    /// ``standard``, or ``highContrast`` when the person asked for more contrast.
    public static func resolved(for contrast: ContrastPreference) -> HooGridMetrics {
        contrast == .increased ? highContrast : standard
    }

    /// The colour to draw text of a set whose colour is `color` in: the colour itself in the
    /// design, with Increase Contrast a shade reading at least 4.5:1 on ``borderColor``, the
    /// lightest surface such text is drawn on (the words panel is the background at 92 % over
    /// whatever is under it, never lighter than the surround).
    public func textColor(for color: RGBColor) -> RGBColor {
        contrast == .increased ? color.adjusted(toContrast: WCAGContrast.text, against: borderColor) : color
    }
}
