import TerminalScreens

/// One full-screen frame: the screen's text lines at the top, the line of keys at the bottom,
/// every row cleared to its end, as one string to write at once.
///
/// Rows are drawn over the previous frame in place (home, text, clear to the end of the line)
/// rather than after clearing the screen, so a redraw every second does not flicker. Lines are
/// cut to the width (the renderer wraps prose; this is the guard for narrow windows), and when
/// the screen has more lines than the window, the last visible one says "…".
public struct ScreenFrame: Sendable, Hashable {
    /// The text rows, already cut to the window: `size.rows` of them, the keys line last.
    public let rows: [String]

    /// The frame of `lines` with `keys` on the bottom row of a window of `size`.
    public init(lines: [String], keys: String, size: WindowSize) {
        let width = size.columns
        let bodyRows = max(0, size.rows - 1)
        var body = lines.map { TerminalText.truncate($0, to: width) }
        if body.count > bodyRows {
            body = Array(body.prefix(max(0, bodyRows - 1))) + (bodyRows > 0 ? ["  …"] : [])
        }
        body += Array(repeating: "", count: bodyRows - body.count)
        rows = body + [TerminalText.truncate(keys, to: width)]
    }

    /// What to write: every row in place, the keys line in inverse video.
    public var text: String {
        var text = TerminalControl.home
        for (index, row) in rows.enumerated() {
            let isLast = index == rows.count - 1
            if isLast {
                text += TerminalControl.inverse + row + TerminalControl.resetStyle + TerminalControl.clearToEndOfLine
            } else {
                text += row + TerminalControl.clearToEndOfLine + "\r\n"
            }
        }
        return text
    }
}
