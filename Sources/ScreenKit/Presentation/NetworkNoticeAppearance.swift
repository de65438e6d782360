import SharedNetworking
/// How a feed screen draws its ``NetworkNotice`` banner: one line of text on a light panel under
/// the title, the same on the Schedule, CarFit and Facts screens.
///
/// None of the exercises' seeds has a banner, so this is the package's own design, after iOS's
/// grouped panels (`secondarySystemBackground` with `label`-coloured text); it meets WCAG 2.2
/// AA in both variants, the design's included (``standard``: 9.8:1; ``highContrast``: black
/// text, 18.8:1, and an edge that reads 3:1 against a white or light grey list). A SwiftUI view
/// picks the variant with ``resolved(for:)`` from `colorSchemeContrast`, the HTML previews from
/// the screen's own theme.
public struct NetworkNoticeAppearance: Sendable, Hashable, Codable {
    /// The line's font.
    public var font: FontSpec
    /// The line's colour.
    public var text: RGBColor
    /// The panel.
    public var background: RGBColor
    /// The panel's 1 pt edge (decorative: the text alone carries the notice).
    public var border: RGBColor
    /// Space between the panel's edge and the text, in points.
    public var padding: Double
    /// Which variant this is.
    public var contrast: ContrastPreference

    /// An appearance from its parts.
    public init(
        font: FontSpec, text: RGBColor, background: RGBColor, border: RGBColor, padding: Double, contrast: ContrastPreference
    ) {
        self.font = font
        self.text = text
        self.background = background
        self.border = border
        self.padding = padding
        self.contrast = contrast
    }

    /// The design: 15 pt regular, `#3C3C43` on `#F2F2F7`.
    public static let standard = NetworkNoticeAppearance(
        font: FontSpec(size: 15, weight: .regular), text: RGBColor(red: 0x3C, green: 0x3C, blue: 0x43),
        background: RGBColor(red: 0xF2, green: 0xF2, blue: 0xF7), border: RGBColor(red: 0xC6, green: 0xC6, blue: 0xC8), padding: 10,
        contrast: .standard)

    /// Increase Contrast: black on the same panel, its edge darkened to read 3:1 on the lists
    /// around it (3.4:1 on white, 3.1:1 on the schedule's `#F3F3F2`).
    public static let highContrast = NetworkNoticeAppearance(
        font: FontSpec(size: 15, weight: .regular), text: .black, background: RGBColor(red: 0xF2, green: 0xF2, blue: 0xF7),
        border: RGBColor(red: 0x8A, green: 0x8A, blue: 0x8E), padding: 10, contrast: .increased)

    /// ``standard`` or ``highContrast``.
    public static func resolved(for contrast: ContrastPreference) -> NetworkNoticeAppearance {
        contrast == .increased ? .highContrast : .standard
    }
}
