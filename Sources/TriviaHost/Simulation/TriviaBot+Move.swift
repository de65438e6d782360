import Foundation
import SharedNetworking
import Trivia

extension TriviaBot {
    /// A tap the bot decides to make, and how long it waits before making it: what a simulated
    /// player does, whichever clock it plays on (``TriviaSimulation``'s virtual one, or a real
    /// one against a real server).
    public enum Move: Sendable, Hashable {
        /// Tap choice `choice` of question `question` after `delay` seconds.
        case choose(choice: Int, question: QuestionID, delay: Double)
        /// Use (or decline) the wild-card offered after question `question`, after `delay` seconds.
        case wildcard(use: Bool, question: QuestionID, delay: Double)
    }

    /// What the bot does now that its client's state went from `before` to `after`: a new
    /// question it may answer gets a choice (by its ``strategy``, `correctChoice` telling it the
    /// answer) after a think time; a new wild-card offer gets its decision after a moment;
    /// anything else, nothing (`nil`, also for a question it lets run out). Draws from `random`
    /// in a fixed order, so the same seed makes the same moves.
    public func move(
        from before: TriviaClientState, to after: TriviaClientState, correctChoice: (QuestionID) -> Int?, random: inout SeededRandom
    ) -> Move? {
        switch after.phase {
        case .question(let round):
            if case .question(let previous) = before.phase, previous.question.questionId == round.question.questionId { return nil }
            guard after.role == .player, round.answer == .none else { return nil }
            let question = round.question
            let choice = choice(
                forQuestion: question.index, correct: correctChoice(question.questionId) ?? 0, choices: question.choices.count,
                random: &random)
            let think = random.double(in: thinkTime)
            return choice.map { .choose(choice: $0, question: question.questionId, delay: think) }
        case .result(let round):
            guard case .offered = round.wildcard else { return nil }
            if case .result(let previous) = before.phase, previous.result.questionId == round.result.questionId,
                case .offered = previous.wildcard
            {
                return nil
            }
            return .wildcard(use: usesWildcard, question: round.result.questionId, delay: random.double(in: 0.5...2))
        default:
            return nil
        }
    }
}
