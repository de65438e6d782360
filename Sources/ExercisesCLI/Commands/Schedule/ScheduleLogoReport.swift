import Schedule
import ScreenKit
import SharedNetworking
import TerminalScreens

/// What `exercises schedule --logos` adds under the screen: where each team's logo came from.
enum ScheduleLogoReport {
    /// The `--logos` report: a summary line, then one line per distinct logo in row order.
    ///
    /// ```
    /// LOGOS  14 shown · 1 placeholder
    /// fetched: 14 from the network, 0 from the disk cache
    /// ═══════════════════════════════════
    /// ▣ GB    96×96 px png · network
    /// ✕ MIN   HTTP 404 …
    /// ```
    /// A disk copy the server confirmed with a 304 counts as from the disk cache (its line says
    /// `revalidated`), and the summary says how many there were. The words are the screen's
    /// (``/Schedule/ScheduleWrittenText`` in `language`); where a logo came from (`network`,
    /// `disk`) and why it failed are the pipeline's own terms and messages, as in `--json`.
    static func text(_ logos: [ScheduleLogoLine], language: SpokenLanguage, width terminalWidth: Int) -> String {
        let width = ScheduleScreenText.width(terminalWidth)
        let written = ScheduleWrittenText(language: language)
        let shown = logos.filter { $0.state == .loaded }.count
        let placeholders = logos.count - shown
        let network = logos.filter { $0.origin == .network }.count
        let revalidated = logos.filter { $0.origin == .revalidated }.count
        let disk = logos.filter { $0.origin == .disk }.count + revalidated
        var lines = [
            "",
            written.logosShown(shown, placeholders: placeholders),
            written.logosFetched(network: network, disk: disk, revalidated: revalidated),
            TerminalText.rule(width, "═"),
        ]
        for logo in logos {
            let code = logo.placeholder.padding(toLength: max(5, logo.placeholder.count), withPad: " ", startingAt: 0)
            let detail: String
            switch logo.state {
            case .loaded:
                let size = logo.pixelSize.map { "\($0) px" } ?? written.sizeUnknown
                detail = "▣ \(code) \(size) \(logo.format?.rawValue ?? "")" + (logo.origin.map { " · \($0.rawValue)" } ?? "")
            case .placeholder:
                // The URL is the tricode's; the reason is what the line has room for.
                var reason = logo.reason ?? written.placeholder
                if let url = logo.url, reason.hasPrefix(url.absoluteString + ": ") {
                    reason.removeFirst(url.absoluteString.count + 2)
                }
                detail = "✕ \(code) \(reason)"
            }
            lines.append(TerminalText.truncate(detail, to: width))
        }
        return lines.map(TerminalText.trimmingTrailingSpaces).joined(separator: "\n") + "\n"
    }
}
