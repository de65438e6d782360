import SharedNetworking

/// The design constants of a fact row, carried in view state so every renderer (SwiftUI, the
/// terminal, the HTML previews) draws the same thing.
public struct FactsLayoutMetrics: Sendable, Hashable, Codable {
    /// Space between the row's edges and its content, left/right and top/bottom.
    public var horizontalInset: Double
    /// Space above and below the content.
    public var verticalInset: Double
    /// Between the image column and the text column (or below a stacked image).
    public var imageSpacing: Double
    /// Between the title and the description.
    public var titleSpacing: Double
    /// The title's font (17 pt semibold).
    public var titleFont: FontSpec
    /// The description's font.
    public var descriptionFont: FontSpec

    /// The image column is this fraction of the content width, within the bounds below.
    public var imageColumnFraction: Double
    /// The narrowest the image column gets.
    public var imageMinWidth: Double
    /// The widest the image column gets.
    public var imageMaxWidth: Double
    /// The image slot's height follows the image's aspect ratio within these bounds; an image
    /// that would be taller is scaled down to fit, one that would be flatter is letterboxed.
    public var imageMinHeight: Double
    /// The tallest an image slot gets.
    public var imageMaxHeight: Double
    /// Height ÷ width of the slot while the image's real size is unknown (loading, failed).
    public var placeholderAspectRatio: Double
    /// Below this text width the image goes above the text instead of beside it.
    public var minimumTextWidth: Double

    /// The title's colour.
    public var titleColor: RGBColor
    /// The description's colour.
    public var descriptionColor: RGBColor
    /// The image slot's background while the image loads or after it failed.
    public var placeholderColor: RGBColor
    /// The hairline between rows.
    public var separatorColor: RGBColor
    /// The row's background.
    public var backgroundColor: RGBColor

    /// The design's values unless given others.
    public init(
        horizontalInset: Double = 16,
        verticalInset: Double = 12,
        imageSpacing: Double = 12,
        titleSpacing: Double = 4,
        titleFont: FontSpec = FontSpec(size: 17, weight: .semibold),
        descriptionFont: FontSpec = FontSpec(size: 15, weight: .regular),
        imageColumnFraction: Double = 0.28,
        imageMinWidth: Double = 64,
        imageMaxWidth: Double = 180,
        imageMinHeight: Double = 44,
        imageMaxHeight: Double = 220,
        placeholderAspectRatio: Double = 0.75,
        minimumTextWidth: Double = 120,
        titleColor: RGBColor = RGBColor(red: 0x1C, green: 0x1C, blue: 0x1E),
        descriptionColor: RGBColor = RGBColor(red: 0x3C, green: 0x3C, blue: 0x43),
        placeholderColor: RGBColor = RGBColor(red: 0xE5, green: 0xE5, blue: 0xEA),
        separatorColor: RGBColor = RGBColor(red: 0xC6, green: 0xC6, blue: 0xC8),
        backgroundColor: RGBColor = .white
    ) {
        self.horizontalInset = horizontalInset
        self.verticalInset = verticalInset
        self.imageSpacing = imageSpacing
        self.titleSpacing = titleSpacing
        self.titleFont = titleFont
        self.descriptionFont = descriptionFont
        self.imageColumnFraction = imageColumnFraction
        self.imageMinWidth = imageMinWidth
        self.imageMaxWidth = imageMaxWidth
        self.imageMinHeight = imageMinHeight
        self.imageMaxHeight = imageMaxHeight
        self.placeholderAspectRatio = placeholderAspectRatio
        self.minimumTextWidth = minimumTextWidth
        self.titleColor = titleColor
        self.descriptionColor = descriptionColor
        self.placeholderColor = placeholderColor
        self.separatorColor = separatorColor
        self.backgroundColor = backgroundColor
    }

    /// iPhone and iPad widths in points, portrait and landscape, that the layout is tested at.
    public static let deviceWidths: [Double] = [320, 375, 414, 768, 1024, 1366]
}
