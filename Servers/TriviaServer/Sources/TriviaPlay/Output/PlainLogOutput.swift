import Foundation
import SharedNetworking
import TerminalScreens
import Trivia
import TriviaHost

/// The game as a plain log, for output that is not a terminal (a file, a pipe, a CI log): each
/// screen once when it changes (a countdown ticking is not a change), stamped with the time
/// since the start, the same text as `exercises trivia` prints, and no escape codes.
///
/// Keys still work when standard input has them: a line with `2`, `b`, `w`, `n` or `q`.
@MainActor
public final class PlainLogOutput: PlayOutput {
    private let write: @Sendable (String) -> Void
    private let clock: any AppClock
    private let width: Int
    private let start: Date
    private var last: TriviaViewState?

    /// A log written with `write`, timed by `clock`, `width` cells wide.
    public init(width: Int = 80, clock: any AppClock, write: @escaping @Sendable (String) -> Void) {
        self.write = write
        self.clock = clock
        self.width = width
        self.start = clock.now
    }

    /// A log ends with the game.
    public var waitsForKeyAtEnd: Bool { false }

    /// Says how to play from a line-by-line input.
    public func begin() {
        write("trivia-play: type 1, 2, 3… (or a, b, c…) and Enter to answer, w or n for a wild-card offer, q to leave.\n\n")
    }

    /// Logs `screen` if it changed other than by a countdown.
    public func show(_ screen: TriviaViewState, keys: String) {
        guard screen.withoutTimers != last?.withoutTimers else { return }
        last = screen
        let lines = TriviaScreenText(width: width).render(screen, elapsed: clock.now.timeIntervalSince(start))
        write(lines.joined(separator: "\n") + "\n\n")
    }

    /// A log has no window.
    public func resize() {}

    /// The last screen is already in the log; says how it ended unless the game finished.
    public func end(_ outcome: PlayOutcome, screen: TriviaViewState) {
        switch outcome {
        case .finished: break
        case .left: write("You left the game.\n")
        case .interrupted: write("Interrupted: you left the game.\n")
        case .ended(let message): write(message + "\n")
        }
    }
}
