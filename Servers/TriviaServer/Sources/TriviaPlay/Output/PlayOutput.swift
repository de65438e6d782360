import Trivia
import TriviaHost

/// Where the game is shown: the full screen of a terminal, or a plain log of screens.
@MainActor
public protocol PlayOutput: AnyObject {
    /// Whether the final screen waits for a key (a person is looking at it) or the program
    /// ends with the game (a log).
    var waitsForKeyAtEnd: Bool { get }
    /// Called once, before the first screen.
    func begin() throws(TerminalError)
    /// Shows `screen` with `keys`, the line of keys that work now.
    func show(_ screen: TriviaViewState, keys: String)
    /// The window changed size: draw the last screen again to fit it.
    func resize()
    /// The game is over for this terminal: put the terminal back and say how it ended.
    func end(_ outcome: PlayOutcome, screen: TriviaViewState)
}
