import Trivia
import TriviaHost

/// The line of keys at the bottom of the screen: what can be pressed now, from the screen's
/// view state (the same `isInteractive`, choices and wild-card offer a SwiftUI view enables
/// its buttons from).
public enum KeyHelp {
    /// The keys for `screen`; when the game is over (`ended`), any key leaves.
    public static func line(for screen: TriviaViewState, ended: Bool) -> String {
        if ended { return " Press any key to leave. " }
        if let offer = screen.question?.wildcardOffer {
            return offer.isSending ? " Using your wild-card…  ·  q leave " : " w use a wild-card  ·  n watch instead  ·  q leave "
        }
        if let question = screen.question, question.isInteractive, !question.choices.isEmpty {
            // Keys reach the ninth choice (1–9, a–i; PlayAction).
            let count = min(question.choices.count, 9)
            let lastLetter = Character(Unicode.Scalar(UInt8(ascii: "a") + UInt8(count - 1)))
            return count == 1 ? " 1 or a answer  ·  q leave " : " 1–\(count) or a–\(lastLetter) answer  ·  q leave "
        }
        return " q leave "
    }
}
