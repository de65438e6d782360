import Foundation
import SharedNetworking
import Trivia

/// A simulated participant: an account, a wild-card balance and how it plays.
public struct TriviaBot: Sendable, Hashable {
    /// How the bot picks a choice for each question.
    public enum Strategy: Sendable, Hashable {
        /// Uniformly at random.
        case random
        /// The correct choice with this probability, otherwise a wrong one at random.
        case accuracy(Double)
        /// One entry per question in order (missing entries: random).
        case scripted([ScriptedAnswer])
    }

    /// What a scripted bot does for one question.
    public enum ScriptedAnswer: Sendable, Hashable {
        /// This 0-based choice.
        case choice(Int)
        /// Let the time run out.
        case skip
        /// A random choice.
        case random
    }

    /// The account the bot plays as.
    public var identity: TriviaIdentity
    /// The bot's bearer token.
    public var token: String
    /// The bot's wild-cards at the start.
    public var balance: Int
    /// How it picks choices.
    public var strategy: Strategy
    /// Seconds between seeing a question and tapping (drawn uniformly).
    public var thinkTime: ClosedRange<Double>
    /// Probability of not answering at all.
    public var skipRate: Double
    /// Whether the bot takes an offered wild-card.
    public var usesWildcard: Bool

    /// A bot; by default it thinks 1-6 s, always answers and takes an offered wild-card.
    public init(
        identity: TriviaIdentity, token: String, balance: Int, strategy: Strategy,
        thinkTime: ClosedRange<Double> = 1...6, skipRate: Double = 0, usesWildcard: Bool = true
    ) {
        self.identity = identity
        self.token = token
        self.balance = balance
        self.strategy = strategy
        self.thinkTime = thinkTime
        self.skipRate = skipRate
        self.usesWildcard = usesWildcard
    }

    /// The choice for question `index` (nil: no answer), drawing from `random`.
    func choice(forQuestion index: Int, correct: Int, choices: Int, random: inout SeededRandom) -> Int? {
        if case .scripted(let script) = strategy, script.indices.contains(index) {
            switch script[index] {
            case .choice(let choice): return choice
            case .skip: return nil
            case .random: return Int(random.next() % UInt64(max(1, choices)))
            }
        }
        if skipRate > 0, random.unit() < skipRate { return nil }
        switch strategy {
        case .accuracy(let accuracy):
            if random.unit() < accuracy || choices < 2 { return correct }
            let wrong = Int(random.next() % UInt64(choices - 1))
            return wrong >= correct ? wrong + 1 : wrong
        case .random, .scripted:
            return Int(random.next() % UInt64(max(1, choices)))
        }
    }
}
