import ScreenPreviews
import Trivia
import TriviaHost

/// A run shows many screens; the preview keeps one of each kind, the first time it appears:
/// a question still open, a result, the wild-card offer and the final screen. A run without
/// an offer (every answer right, or no wild-card) simply has no offer page.
extension TriviaRunLog: HTMLPreviewable {
    func previewScreens(_ context: PreviewContext) -> [PreviewScreen] {
        TriviaPreviewMoment.allCases.compactMap { moment in
            let preferred = screens.first { moment.matches($0.screen) && moment.isPreferred($0.screen) }
            return (preferred ?? screens.first { moment.matches($0.screen) }).map { frame in
                TriviaPreview.screen(
                    frame.screen, slug: "trivia-\(moment.rawValue)", title: "Trivia: \(moment.title)",
                    caption: "\(moment.caption) \(frame.screen.header.progress ?? frame.screen.header.title), seed \(settings.seed).")
            }
        }
    }
}

/// The moments of a game that get a preview page.
enum TriviaPreviewMoment: String, CaseIterable {
    case question, result, wildcard, final

    var title: String {
        switch self {
        case .question: "question"
        case .result: "result"
        case .wildcard: "wild-card offer"
        case .final: "final screen"
        }
    }

    var caption: String {
        switch self {
        case .question: "A question open for answers, with its countdown:"
        case .result: "The result of a question:"
        case .wildcard: "A wrong answer and the wild-card offer:"
        case .final: "The final screen:"
        }
    }

    /// Among matching screens, the one to show if there is one: a correct answer for the result.
    func isPreferred(_ screen: TriviaViewState) -> Bool {
        self != .result || screen.question?.result?.outcome == .correct
    }

    func matches(_ screen: TriviaViewState) -> Bool {
        switch self {
        case .question:
            guard let question = screen.question else { return false }
            return question.countdown != nil && question.result == nil && question.lockedOverlay == nil && !question.choices.isEmpty
        case .result:
            guard let question = screen.question else { return false }
            return question.result != nil && question.wildcardOffer == nil
        case .wildcard:
            guard let offer = screen.question?.wildcardOffer else { return false }
            return !offer.isSending
        case .final:
            return screen.kind == .final
        }
    }
}
