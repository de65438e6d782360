/// Whether the person asked for more contrast: iOS's Increase Contrast (SwiftUI's
/// `colorSchemeContrast == .increased`), the `exercises` command's `--contrast high`.
///
/// Each exercise's theme has a variant for each case; ``standard`` keeps the seeds' design
/// colours, ``increased`` meets WCAG 2.2 AA everywhere (ScreenKit's `RGBColor.contrastRatio(with:)`
/// and `WCAGContrast` check it). A view reads the environment and passes it on; nothing here
/// reads the system.
///
/// A setting of the environment a screen runs in, like its locale, so it lives here beside
/// ``AppEnvironment`` rather than with the view layer (ScreenKit): a server or a command that
/// only configures screens (a web server's `--contrast`) reads it without the view vocabulary.
public enum ContrastPreference: String, Sendable, Hashable, Codable, CaseIterable {
    /// The design's colours.
    case standard
    /// Colours that meet 4.5:1 for text and 3:1 for large text and for the parts of controls.
    case increased
}
