import Foundation
import Trivia
import TriviaHost

/// The `exercises trivia` options, validated against the question set.
struct TriviaRunOptions: Sendable {
    static let answers = OptionSpec.value(
        "--answers", "LIST",
        help:
            "Your answers, one per question, comma-separated: a choice number (1 = first), 'x' to let the time run out, '?' for random. Missing entries are random."
    )
    static let wildcards = OptionSpec.value("--wildcards", "N", help: "Wild-cards you own at launch (0-99, default 1).")
    static let declineWildcard = OptionSpec.flag("--decline-wildcard", help: "Watch instead of using a wild-card when one is offered.")
    static let players = OptionSpec.value("--players", "N", help: "Bot players besides you (0-1000, default 5).")
    static let questions = OptionSpec.value("--questions", "N", help: "Play only the first N questions.")
    static let seed = OptionSpec.value(
        "--seed", "N", help: "Seed for the bots and the network (default 1): the same seed gives the same run.")

    static let all = [answers, wildcards, declineWildcard, players, questions, seed]

    var answers: [TriviaBot.ScriptedAnswer] = []
    var wildcards = 1
    var declineWildcard = false
    var players = 5
    var questionLimit: Int?
    var seed: UInt64 = 1

    init(_ options: ParsedOptions) throws(CLIError) {
        if let text = options.value("--answers") {
            answers = try Self.parseAnswers(text)
        }
        wildcards =
            try options.value("--wildcards", as: "a number from 0 to 99") { Int($0).flatMap { (0...99).contains($0) ? $0 : nil } } ?? 1
        declineWildcard = options.has("--decline-wildcard")
        players =
            try options.value("--players", as: "a number from 0 to 1000") { Int($0).flatMap { (0...1000).contains($0) ? $0 : nil } } ?? 5
        questionLimit = try options.value("--questions", as: "a number of 1 or more") { Int($0).flatMap { $0 >= 1 ? $0 : nil } }
        seed = try options.value("--seed", as: "a whole number of 0 or more") { UInt64($0) } ?? 1
    }

    static func parseAnswers(_ text: String) throws(CLIError) -> [TriviaBot.ScriptedAnswer] {
        var answers: [TriviaBot.ScriptedAnswer] = []
        for (position, raw) in text.split(separator: ",", omittingEmptySubsequences: false).enumerated() {
            let entry = raw.trimmingCharacters(in: .whitespaces).lowercased()
            switch entry {
            case "x", "-", "skip": answers.append(.skip)
            case "?", "r", "random", "": answers.append(.random)
            default:
                guard let number = Int(entry), number >= 1 else {
                    throw .usage("--answers: entry \(position + 1) '\(raw)' is not a choice number (1, 2, …), 'x' or '?'")
                }
                answers.append(.choice(number - 1))
            }
        }
        return answers
    }

    /// Checks the answers against the questions actually played.
    func validate(against questions: [TriviaQuestion]) throws(CLIError) {
        if answers.count > questions.count {
            throw .usage("--answers has \(answers.count) entries but the competition has \(questions.count) questions")
        }
        for (index, answer) in answers.enumerated() {
            if case .choice(let choice) = answer, !questions[index].choices.indices.contains(choice) {
                throw .usage(
                    "--answers: choice \(choice + 1) for question \(index + 1) is out of range (1-\(questions[index].choices.count))")
            }
        }
    }
}
