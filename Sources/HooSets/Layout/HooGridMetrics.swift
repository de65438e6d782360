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
        discTitleFont: FontSpec = FontSpec(size: 28, weight: .medium),
        discPoemFont: FontSpec = FontSpec(size: 17, weight: .light),
        setTitleFont: FontSpec = FontSpec(size: 15, weight: .medium),
        headerFallbackFont: FontSpec = FontSpec(size: 28, weight: .bold)
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
    }

    /// The exercise's design: 4 columns, 2 pt insets, no gaps.
    public static let standard = HooGridMetrics()
}
