import Schedule
import ScreenKit
import SharedNetworking

/// Draws ``ScheduleViewState`` as terminal text, laid out like the exercise's screenshot:
///
/// ```
/// REGULAR SEASON
/// PACKERS                                   VIKINGS
/// 43                    @                        34
/// Sun, Sep 13         Week 1                  FINAL
/// ```
/// Everything shown comes from the view state; nothing is formatted here.
enum ScheduleScreenText {
    /// The widest the screen gets, however wide the terminal: a phone is narrow.
    static let maximumWidth = 60

    /// The screen's width in a terminal of `terminalWidth` columns.
    static func width(_ terminalWidth: Int) -> Int {
        max(30, min(terminalWidth, maximumWidth))
    }

    static func render(_ state: ScheduleViewState, notice: NetworkNotice? = nil, width terminalWidth: Int) -> String {
        let width = width(terminalWidth)
        var lines = navigationBar(state.navigationBar, width: width)
        if let notice {
            lines += TerminalText.wrap(notice.text, width: width).map { TerminalText.pad($0, to: width, .center) }
        }
        if let empty = state.emptyMessage {
            lines += ["", TerminalText.pad(empty, to: width, .center)]
        }
        for (sectionIndex, section) in state.sections.enumerated() {
            lines += ["", section.title, TerminalText.rule(width, "═")]
            for (rowIndex, row) in section.rows.enumerated() {
                if rowIndex > 0 { lines.append(TerminalText.rule(width)) }
                let isInitial = state.initialRow == RowPosition(section: sectionIndex, row: rowIndex)
                lines += self.row(row, width: width, isInitial: isInitial)
            }
        }
        if let initial = state.initialRow, let row = state.row(at: initial) {
            lines += ["", "▸ opens at \(label(of: row))"]
        }
        return lines.map { $0.trimmingTrailingSpaces() }.joined(separator: "\n") + "\n"
    }

    static func navigationBar(_ bar: NavigationBarState, width: Int) -> [String] {
        var lines = [TerminalText.pad(bar.title, to: width, .center)]
        if !bar.teamName.isEmpty {
            lines.append(TerminalText.pad(bar.teamName, to: width, .center))
        }
        let colours = "bar \(bar.background.hex), title \(bar.titleColor.hex)" + (bar.isKnownTeam ? "" : " (neutral)")
        lines.append(TerminalText.pad(colours, to: width, .center))
        return lines
    }

    static func row(_ row: ScheduleRow, width: Int, isInitial: Bool) -> [String] {
        switch row {
        case .bye(let bye):
            return [
                TerminalText.pad(bye.text, to: width, .center),
                TerminalText.pad(bye.weekText, to: width, .center),
            ]
        case .game(let game):
            let marker = isInitial ? "▸ " : ""
            let (left, right) = teamNames(marker + game.left.name, game.right.name, width: width)
            return [
                TerminalText.columns(left: left, right: right, width: width),
                TerminalText.columns(left: game.left.value, center: game.centerText, right: game.right.value, width: width),
                TerminalText.columns(left: game.dateText, center: game.weekText, right: game.statusText, width: width),
            ]
        }
    }

    /// Both team names on one line with at least one space between them: a name longer than
    /// its share is cut with "…" (as the CarFit cards cut names), and a short name leaves its
    /// unused share to the other, so neither team hides the other.
    static func teamNames(_ left: String, _ right: String, width: Int) -> (String, String) {
        let share = width / 2
        let leftWidth = TerminalText.displayWidth(left), rightWidth = TerminalText.displayWidth(right)
        return (
            TerminalText.truncate(left, to: max(1, width - 1 - min(rightWidth, share))),
            TerminalText.truncate(right, to: max(1, width - 1 - min(leftWidth, share)))
        )
    }

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
    /// `revalidated`), and the summary says how many there were.
    static func logos(_ logos: [ScheduleLogoLine], width terminalWidth: Int) -> String {
        let width = width(terminalWidth)
        let shown = logos.filter { $0.state == .loaded }.count
        let placeholders = logos.count - shown
        let network = logos.filter { $0.origin == .network }.count
        let revalidated = logos.filter { $0.origin == .revalidated }.count
        let disk = logos.filter { $0.origin == .disk }.count + revalidated
        var lines = [
            "",
            "LOGOS  \(shown) shown · \(placeholders) placeholder\(placeholders == 1 ? "" : "s")",
            "fetched: \(network) from the network, \(disk) from the disk cache"
                + (revalidated > 0 ? " (\(revalidated) confirmed unchanged by the server: HTTP 304)" : ""),
            TerminalText.rule(width, "═"),
        ]
        for logo in logos {
            let code = logo.placeholder.padding(toLength: max(5, logo.placeholder.count), withPad: " ", startingAt: 0)
            let detail: String
            switch logo.state {
            case .loaded:
                let size = logo.pixelSize.map { "\($0) px" } ?? "size unknown"
                detail = "▣ \(code) \(size) \(logo.format?.rawValue ?? "")" + (logo.origin.map { " · \($0.rawValue)" } ?? "")
            case .placeholder:
                // The URL is the tricode's; the reason is what the line has room for.
                var reason = logo.reason ?? "placeholder"
                if let url = logo.url, reason.hasPrefix(url.absoluteString + ": ") {
                    reason.removeFirst(url.absoluteString.count + 2)
                }
                detail = "✕ \(code) \(reason)"
            }
            lines.append(TerminalText.truncate(detail, to: width))
        }
        return lines.map { $0.trimmingTrailingSpaces() }.joined(separator: "\n") + "\n"
    }

    static func label(of row: ScheduleRow) -> String {
        switch row {
        case .bye(let bye): "\(bye.weekText) (bye)"
        case .game(let game): "\(game.weekText): \(game.left.name) @ \(game.right.name)"
        }
    }
}

extension String {
    fileprivate func trimmingTrailingSpaces() -> String {
        var text = Substring(self)
        while text.last == " " { text = text.dropLast() }
        return String(text)
    }
}
