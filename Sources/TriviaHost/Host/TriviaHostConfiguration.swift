import Foundation
import Trivia

/// How the host runs a competition. Times are host time (its injected clock).
public struct TriviaHostConfiguration: Sendable, Hashable {
    /// The competition this host runs; `join` must name it.
    public var competition: CompetitionID
    /// The competition's name, sent in `welcome`.
    public var title: String
    /// When the first question is sent.
    public var startsAt: Date
    /// How long a question accepts answers.
    public var answerWindow: Duration
    /// How long a result stays on screen before the next question; wild-cards for the question
    /// just closed are accepted during this window.
    public var reviewWindow: Duration
    /// Stream messages kept per user for resuming after a reconnect.
    public var logLimit: Int
    /// Malformed messages in a row after which the host closes the connection.
    public var maxConsecutiveErrors: Int
    /// Wild-cards of a user the ledger does not list.
    public var defaultBalance: Int
    /// The most winners `finish` lists by name (`summary.winnerCount` counts them all), so the
    /// last message of a big competition stays small: it goes to every user.
    public var listedWinners: Int

    /// A configuration; only the competition, title, start and the two windows are required.
    public init(
        competition: CompetitionID,
        title: String,
        startsAt: Date,
        answerWindow: Duration = .seconds(10),
        reviewWindow: Duration = .seconds(6),
        logLimit: Int = 256,
        maxConsecutiveErrors: Int = 10,
        defaultBalance: Int = 0,
        listedWinners: Int = 100
    ) {
        self.competition = competition
        self.title = title
        self.startsAt = startsAt
        self.answerWindow = answerWindow
        self.reviewWindow = reviewWindow
        self.logLimit = max(1, logLimit)
        self.maxConsecutiveErrors = max(1, maxConsecutiveErrors)
        self.defaultBalance = max(0, defaultBalance)
        self.listedWinners = max(1, listedWinners)
    }

    /// A configuration for `set`, competing under the set's id and title.
    public init(questionSet set: TriviaQuestionSet, startsAt: Date) {
        self.init(competition: set.id, title: set.title, startsAt: startsAt)
    }
}
