import Trivia
import TriviaHost

/// What the end-to-end tests of both test targets read from a view-model's state: the round
/// on screen, and whether it is the one they wait for.
extension TriviaViewModel {
    /// The question on screen, if any.
    public var questionRound: QuestionRound? {
        if case .question(let round) = client.phase { round } else { nil }
    }

    /// The result on screen, if any.
    public var resultRound: ResultRound? {
        if case .result(let round) = client.phase { round } else { nil }
    }

    /// The final standings, once the competition finished.
    public var finish: FinishPayload? {
        if case .finished(let finish) = client.phase { finish } else { nil }
    }

    /// Whether question `id` is on screen.
    public func isShowing(question id: QuestionID) -> Bool { questionRound?.question.questionId == id }

    /// Whether the result of question `id` is on screen.
    public func isShowingResult(of id: QuestionID) -> Bool { resultRound?.result.questionId == id }
}

extension TriviaViewModel {
    /// One line on where this client is, for a ``FailureReport``.
    public var diagnosticSummary: String {
        let phase: String =
            switch client.phase {
            case .waiting: "waiting"
            case .question(let round): "question \(round.question.questionId) answer \(String(describing: round.answer))"
            case .result(let round): "result of \(round.result.questionId) wildcard \(String(describing: round.wildcard))"
            case .finished: "finished"
            }
        let notice = client.notice.map { " · notice \($0)" } ?? ""
        return "link \(client.link) · \(phase) · balance \(client.balance) · seq \(client.lastSeq)\(notice)"
    }
}
