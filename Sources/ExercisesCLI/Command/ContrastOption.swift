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
        try options.value("--contrast", as: "high or standard") { text -> ContrastPreference? in
            switch text.lowercased() {
            case "high", "increased": .increased
            case "standard": .standard
            default: nil
            }
        } ?? .standard
    }
}
