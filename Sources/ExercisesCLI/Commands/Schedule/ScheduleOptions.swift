import Foundation
import Schedule

/// The options only `exercises schedule` has.
enum ScheduleOptions {
    static let logos = OptionSpec.flag(
        "--logos",
        help:
            "Fetch every team's logo through the shared resource pipeline (each distinct logo once, cached on disk under --cache-dir) and list each logo's state and where it came from."
    )

    static let logoBase = OptionSpec.value(
        "--logo-base", "URL",
        help: "With --logos, fetch logos from this directory instead of the exercise's host (a mirror): URL/nfl_<tricode>_light.png."
    )

    /// The catalog `--logo-base` names, or the exercise's own.
    static func catalog(_ options: ParsedOptions) throws(CLIError) -> TeamLogoCatalog {
        if options.has("--logo-base") && !options.has("--logos") {
            throw .usage("--logo-base only makes sense with --logos")
        }
        let base = try options.value("--logo-base", as: "an http(s) URL", CommonOptions.httpURL)
        return base.map(TeamLogoCatalog.init(baseURL:)) ?? .yinzCam
    }
}
