import Trivia
import TriviaHost

/// What the end-to-end tests of both test targets read from a view-model's state: the round
/// on screen, and whether it is the one they wait for.
extension TriviaViewModel {
    /// The question on screen, if any.
    public var questionRound: QuestionRound? {
        if case .question(let round) = state.phase { round } else { nil }
    }

    /// The result on screen, if any.
    public var resultRound: ResultRound? {
        if case .result(let round) = state.phase { round } else { nil }
    }

    /// The final standings, once the competition finished.
    public var finish: FinishPayload? {
        if case .finished(let finish) = state.phase { finish } else { nil }
    }

    /// Whether question `id` is on screen.
    public func isShowing(question id: QuestionID) -> Bool { questionRound?.question.questionId == id }

    /// Whether the result of question `id` is on screen.
    public func isShowingResult(of id: QuestionID) -> Bool { resultRound?.result.questionId == id }
}
