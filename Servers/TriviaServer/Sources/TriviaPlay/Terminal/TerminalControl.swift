/// The escape sequences `trivia-play` writes: the VT100/xterm subset every terminal in use
/// understands. Named here once, so the output and the tests that read it agree.
public enum TerminalControl {
    /// Switches to the alternate screen (the shell's screen comes back on leaving).
    public static let enterAlternateScreen = "\u{1B}[?1049h"
    /// Back to the normal screen, as it was before ``enterAlternateScreen``.
    public static let leaveAlternateScreen = "\u{1B}[?1049l"
    /// Hides the cursor while the game draws.
    public static let hideCursor = "\u{1B}[?25l"
    /// Shows the cursor again.
    public static let showCursor = "\u{1B}[?25h"
    /// Moves the cursor to the top left corner.
    public static let home = "\u{1B}[H"
    /// Clears the whole screen.
    public static let clearScreen = "\u{1B}[2J"
    /// Clears from the cursor to the end of the line.
    public static let clearToEndOfLine = "\u{1B}[K"
    /// Inverse video, for the line of keys at the bottom.
    public static let inverse = "\u{1B}[7m"
    /// Plain text again.
    public static let resetStyle = "\u{1B}[0m"
}
