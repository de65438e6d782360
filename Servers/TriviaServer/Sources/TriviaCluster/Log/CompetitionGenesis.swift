import Foundation
import Trivia
import TriviaHost

/// Everything a host needs besides its inputs: the configuration, the questions and the
/// starting ledger of a competition, stored once when the competition is first started.
///
/// Every owner builds its `TriviaHostCore` from the stored genesis, never from its own
/// command line, so a node started with another question set cannot replay the log into a
/// different game: ``mismatch(with:)`` names the first difference and the node refuses to
/// join (``ClusterError/competitionMismatch(competition:reason:)``).
public struct CompetitionGenesis: Sendable, Hashable, Codable {
    /// The competition this genesis starts.
    public var competition: CompetitionID
    /// Its name, sent in `welcome`.
    public var title: String
    /// `startsAt` as the bits of its `timeIntervalSinceReferenceDate`: a replay must see the
    /// very same `Date`, and JSON numbers do not promise that.
    var startsAtBits: UInt64
    /// The same instant for people reading the row (not read back).
    var startsAtText: String
    var answerWindow: DurationValue
    var reviewWindow: DurationValue
    var logLimit: Int
    var maxConsecutiveErrors: Int
    var defaultBalance: Int
    var listedWinners: Int
    /// The questions, in order.
    public var questions: [TriviaQuestion]
    /// The wild-card ledger at the start, by user.
    public var balances: [UserID: Int]

    /// Records `configuration`, `questions` and `balances` as a competition's genesis.
    public init(configuration: TriviaHostConfiguration, questions: [TriviaQuestion], balances: [UserID: Int]) {
        competition = configuration.competition
        title = configuration.title
        startsAtBits = configuration.startsAt.timeIntervalSinceReferenceDate.bitPattern
        startsAtText = configuration.startsAt.formatted(.iso8601)
        answerWindow = DurationValue(configuration.answerWindow)
        reviewWindow = DurationValue(configuration.reviewWindow)
        logLimit = configuration.logLimit
        maxConsecutiveErrors = configuration.maxConsecutiveErrors
        defaultBalance = configuration.defaultBalance
        listedWinners = configuration.listedWinners
        self.questions = questions
        self.balances = balances
    }

    /// The host configuration this genesis recorded.
    public var configuration: TriviaHostConfiguration {
        TriviaHostConfiguration(
            competition: competition, title: title,
            startsAt: Date(timeIntervalSinceReferenceDate: Double(bitPattern: startsAtBits)),
            answerWindow: answerWindow.duration, reviewWindow: reviewWindow.duration, logLimit: logLimit,
            maxConsecutiveErrors: maxConsecutiveErrors, defaultBalance: defaultBalance, listedWinners: listedWinners)
    }

    /// A fresh core for this competition, checking tokens with `authenticator`.
    public func makeCore(authenticator: any TriviaAuthenticator) -> TriviaHostCore {
        TriviaHostCore(configuration: configuration, questions: questions, authenticator: authenticator, balances: balances)
    }

    /// The first difference between this (stored) genesis and `other` (a joining node's)
    /// that would change the game, or `nil` when they describe the same competition. The start
    /// time is not compared: nodes compute it from their own start-up (`--start-delay`), so the
    /// first node to open the competition fixes it and the others adopt the stored one.
    public func mismatch(with other: CompetitionGenesis) -> String? {
        if competition != other.competition { return "this node's competition is \(other.competition), not \(competition)" }
        if title != other.title { return "this node's title is \"\(other.title)\", the competition's \"\(title)\"" }
        if answerWindow != other.answerWindow || reviewWindow != other.reviewWindow {
            return "this node's windows are \(other.answerWindow.duration) and \(other.reviewWindow.duration), "
                + "the competition's \(answerWindow.duration) and \(reviewWindow.duration)"
        }
        if logLimit != other.logLimit || maxConsecutiveErrors != other.maxConsecutiveErrors || listedWinners != other.listedWinners {
            return
                "this node's host limits differ (log \(other.logLimit), errors \(other.maxConsecutiveErrors), winners \(other.listedWinners))"
        }
        if questions != other.questions {
            let index =
                zip(questions, other.questions).enumerated().first { $0.element.0 != $0.element.1 }?.offset
                ?? min(questions.count, other.questions.count)
            return "this node's question set differs from question \(index + 1) on "
                + "(\(other.questions.count) questions; the competition has \(questions.count))"
        }
        if balances != other.balances || defaultBalance != other.defaultBalance {
            let users = Set(balances.keys).union(other.balances.keys).sorted()
            let user = users.first { balances[$0] != other.balances[$0] }
            return "this node's wild-card ledger differs" + (user.map { " (\($0))" } ?? " (default balance)")
        }
        return nil
    }

    /// The stored form: JSON with sorted keys.
    public func encoded() throws(ClusterError) -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        do {
            return try encoder.encode(self)
        } catch {
            throw .database("the competition's genesis cannot be encoded: \(error)")
        }
    }

    /// Reads a stored genesis.
    public static func decode(_ data: Data) throws(ClusterError) -> CompetitionGenesis {
        do {
            return try JSONDecoder().decode(CompetitionGenesis.self, from: data)
        } catch {
            throw .corruptLogEntry(position: 0, reason: "the competition's genesis cannot be read: \(error)")
        }
    }
}

/// A `Duration` stored exactly (seconds and attoseconds).
struct DurationValue: Sendable, Hashable, Codable {
    var seconds: Int64
    var attoseconds: Int64

    init(_ duration: Duration) {
        (seconds, attoseconds) = duration.components
    }

    var duration: Duration { Duration(secondsComponent: seconds, attosecondsComponent: attoseconds) }
}
