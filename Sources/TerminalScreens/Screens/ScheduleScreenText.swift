import Schedule
import ScreenKit

/// Draws ``/Schedule/ScheduleViewState`` as terminal text, laid out like the exercise's screenshot:
///
/// ```
/// REGULAR SEASON
/// PACKERS                                   VIKINGS
/// 43                    @                        34
/// Sun, Sep 13         Week 1                  FINAL
/// ```
/// Everything shown comes from the view state, and the few words it adds (the bar's colours,
/// where the list opens) from ``/Schedule/ScheduleWrittenText`` in the state's language; nothing
/// is formatted here.
public enum ScheduleScreenText {
    /// The widest the screen gets, however wide the terminal: a phone is narrow.
    public static let maximumWidth = 60

    /// The screen's width in a terminal of `terminalWidth` columns.
    public static func width(_ terminalWidth: Int) -> Int {
        max(30, min(terminalWidth, maximumWidth))
    }

    /// The screen in a terminal `terminalWidth` columns wide (at most ``maximumWidth`` are used),
    /// with `notice` (a saved copy, a retry) under the navigation bar.
    public static func render(_ state: ScheduleViewState, notice: NetworkNotice? = nil, width terminalWidth: Int) -> String {
        let width = width(terminalWidth)
        let written = ScheduleWrittenText(language: state.language)
        var lines = navigationBar(state.navigationBar, written: written, width: width)
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
            lines += ["", written.opensAt(label(of: row, written: written))]
        }
        return lines.map(TerminalText.trimmingTrailingSpaces).joined(separator: "\n") + "\n"
    }

    static func navigationBar(_ bar: NavigationBarState, written: ScheduleWrittenText, width: Int) -> [String] {
        var lines = [TerminalText.pad(bar.title, to: width, .center)]
        if !bar.teamName.isEmpty {
            lines.append(TerminalText.pad(bar.teamName, to: width, .center))
        }
        let colours = written.barColours(background: bar.background.hex, title: bar.titleColor.hex, isKnownTeam: bar.isKnownTeam)
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

    static func label(of row: ScheduleRow, written: ScheduleWrittenText) -> String {
        switch row {
        case .bye(let bye): written.byeWeek(bye.weekText)
        case .game(let game): written.game(week: game.weekText, away: game.left.name, home: game.right.name)
        }
    }
}
