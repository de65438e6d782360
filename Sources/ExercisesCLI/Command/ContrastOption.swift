import SharedNetworking

/// `--contrast high|standard`: the command's Increase Contrast. Every exercise (and `all`)
/// accepts it; `high` draws the screen, its `--json` colours and its `--html` page with the
/// module's high-contrast theme (`Docs/Accessibility.md`), `standard` (the default) with the
/// design's colours.
public enum ContrastOption {
    /// The option as the parser and `--help` know it.
    public static let spec = OptionSpec.value(
        "--contrast", "high|standard",
        help: "Colours for Increase Contrast (high: WCAG 2.2 AA everywhere) or the design's (standard, the default).")

    /// The preference `options` ask for; `standard` when `--contrast` is absent.
    public static func preference(_ options: ParsedOptions) throws(CLIError) -> ContrastPreference {
        try options.value("--contrast", as: "high or standard", preference(parsing:)) ?? .standard
    }

    /// `--contrast`'s value as every front-end reads it: `high` (or `increased`) is Increase
    /// Contrast, `standard` the design's colours, in any case; anything else is `nil`.
    public static func preference(parsing text: String) -> ContrastPreference? {
        switch text.lowercased() {
        case "high", "increased": .increased
        case "standard": .standard
        default: nil
        }
    }
}
