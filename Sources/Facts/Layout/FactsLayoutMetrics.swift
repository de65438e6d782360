import ScreenKit
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
    /// Which variant these are: the design's, or the one for Increase Contrast (``highContrast``).
    public var contrast: ContrastPreference

    /// The largest image slot a row draws, in pixels at `scale` (2 or 3 on a phone): the
    /// ``ImageLoadingPolicy/decodeTarget`` that decodes no pixel the screen cannot show.
    public func largestImageSlot(scale: Double) -> PixelSize {
        PixelSize(width: Int((imageMaxWidth * scale).rounded(.up)), height: Int((imageMaxHeight * scale).rounded(.up)))
    }

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
        backgroundColor: RGBColor = .white,
        contrast: ContrastPreference = .standard
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
        self.contrast = contrast
    }

    /// The design for Increase Contrast. The design's text already reads 17:1 (titles) and
    /// 10.9:1 (descriptions) on white, so only what is drawn faintly changes: the hairline
    /// between rows, `#C6C6C8` at 1.7:1, becomes `#8A8A8E` (3.4:1), and the placeholder slot
    /// `#E5E5EA` becomes `#D1D1D6` so its edge shows on white.
    public static let highContrast = FactsLayoutMetrics(
        placeholderColor: RGBColor(red: 0xD1, green: 0xD1, blue: 0xD6), separatorColor: RGBColor(red: 0x8A, green: 0x8A, blue: 0x8E),
        contrast: .increased)

    /// The design's metrics, or ``highContrast`` when the person asked for more contrast.
    public static func resolved(for contrast: ContrastPreference) -> FactsLayoutMetrics {
        contrast == .increased ? highContrast : FactsLayoutMetrics()
    }

    /// iPhone and iPad widths in points, portrait and landscape, that the layout is tested at.
    public static let deviceWidths: [Double] = [320, 375, 414, 768, 1024, 1366]
}
