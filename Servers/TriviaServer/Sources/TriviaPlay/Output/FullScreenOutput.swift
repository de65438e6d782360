import TerminalScreens
import Trivia
import TriviaHost

/// The game on the whole terminal: the alternate screen, redrawn in place when the view
/// state changes (every second while a countdown runs) or the window is resized; the keys at
/// the bottom. Leaving restores the terminal and prints the final screen (or why the game
/// ended) on the normal screen, so the result stays in the scrollback.
@MainActor
public final class FullScreenOutput: PlayOutput {
    /// The terminal drawn on.
    public let terminal: FullScreenTerminal
    private var size: WindowSize
    private var last: (screen: TriviaViewState, keys: String)?
    private var lastFrame: ScreenFrame?

    /// Draws on `terminal`.
    public init(terminal: FullScreenTerminal) {
        self.terminal = terminal
        self.size = WindowSize.of(terminal.fileDescriptor) ?? .standard
    }

    /// A person is looking: the final screen stays until a key.
    public var waitsForKeyAtEnd: Bool { true }

    /// Raw mode, alternate screen.
    public func begin() throws(TerminalError) {
        try terminal.enter()
    }

    /// Draws the frame for `screen`, unless it is the frame already on the terminal.
    public func show(_ screen: TriviaViewState, keys: String) {
        last = (screen, keys)
        let frame = ScreenFrame(lines: TriviaScreenText(width: size.columns).render(screen), keys: keys, size: size)
        guard frame != lastFrame else { return }
        lastFrame = frame
        terminal.write(frame.text)
    }

    /// Reads the new size and draws everything again (the terminal may have reflowed or cut
    /// what was there).
    public func resize() {
        size = WindowSize.of(terminal.fileDescriptor) ?? size
        lastFrame = nil
        terminal.write(TerminalControl.clearScreen)
        if let last { show(last.screen, keys: last.keys) }
    }

    /// Restores the terminal, then prints the final screen or why the game ended.
    public func end(_ outcome: PlayOutcome, screen: TriviaViewState) {
        terminal.restore()
        let text = TriviaScreenText(width: size.columns)
        let farewell: [String] =
            switch outcome {
            case .finished: text.render(screen)
            case .left: ["You left the game."]
            case .interrupted: ["Interrupted: you left the game."]
            case .ended(let message): [message]
            }
        terminal.write(farewell.joined(separator: "\n") + "\n")
    }
}
