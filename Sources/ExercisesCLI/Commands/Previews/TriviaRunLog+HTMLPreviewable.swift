import Foundation
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
                let written = TriviaWrittenText(
                    language: frame.screen.language, numbers: Locale(identifier: frame.screen.language.rawValue))
                return TriviaPreview.screen(
                    frame.screen, slug: "trivia-\(moment.rawValue)", title: written.title(of: moment.moment),
                    caption: written.caption(
                        of: moment.moment, at: frame.screen.header.progress ?? frame.screen.header.title, seed: settings.seed))
            }
        }
    }
}

/// The moments of a game that get a preview page.
enum TriviaPreviewMoment: String, CaseIterable {
    case question, result, wildcard, final

    /// The module's name for the moment, whose words title and caption the page.
    var moment: TriviaWrittenText.Moment {
        switch self {
        case .question: .question
        case .result: .result
        case .wildcard: .wildcardOffer
        case .final: .final
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
