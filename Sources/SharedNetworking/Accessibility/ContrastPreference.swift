/// Whether the person asked for more contrast: iOS's Increase Contrast (SwiftUI's
/// `colorSchemeContrast == .increased`), the `exercises` command's `--contrast high`.
///
/// Each exercise's theme has a variant for each case; ``standard`` keeps the seeds' design
/// colours, ``increased`` meets WCAG 2.2 AA everywhere (``RGBColor/contrastRatio(with:)``,
/// ``WCAGContrast``). A view reads the environment and passes it on; nothing here reads the
/// system.
public enum ContrastPreference: String, Sendable, Hashable, Codable, CaseIterable {
    /// The design's colours.
    case standard
    /// Colours that meet 4.5:1 for text and 3:1 for large text and for the parts of controls.
    case increased
}
