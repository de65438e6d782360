import Foundation
import Trivia

/// Trivia screens as the real builder draws them from the real client state, driven here by the
/// host's messages: what `exercises trivia` and `trivia-play` render. One competition, "Test
/// Cup", of three questions (`One?`, `Two?`, `Three?`, choices a, b, c; B is right), the user
/// `ada`; question n opens at 10 + 16n seconds and closes 10 s later.
struct TriviaScreens {
    /// 2020-09-10T08:00:00Z, where every test's clock starts.
    static let start = Date(timeIntervalSince1970: 1_599_724_800)

    static func at(_ seconds: Double) -> Date { start.addingTimeInterval(seconds) }

    var state = TriviaClientState(
        configuration: TriviaClientConfiguration(
            user: "ada", token: "t-ada", competition: "test-cup", clientInstance: "ios", ackTimeout: .seconds(2), maxSends: 3,
            balanceAttempts: 3, balanceRetryDelay: .seconds(2), reconnectBaseDelay: .milliseconds(500),
            reconnectMaxDelay: .seconds(8), heartbeatInterval: .seconds(15), deadlineMargin: .zero, jitterSeed: 1))
    let builder: TriviaViewStateBuilder
    private var now = at(0)
    private var seq = 0

    /// Screens in `language` (dates and numbers in `locale`, in UTC).
    init(locale: Locale = Locale(identifier: "en_US"), language: Locale? = nil) {
        builder = TriviaViewStateBuilder(locale: locale, timeZone: TimeZone(identifier: "UTC") ?? .gmt, language: language)
    }

    /// The screen at `seconds` after the start.
    func screen(at seconds: Double) -> TriviaViewState {
        builder.screen(for: state, at: Self.at(seconds))
    }

    /// Launched, the balance loaded, connected and welcomed as a player.
    mutating func online(balance: Int = 1) {
        send(.launched)
        send(.balanceLoaded(balance))
        send(.connected)
        receive(
            .welcome(
                WelcomePayload(
                    user: "ada", displayName: "Ada",
                    competition: CompetitionInfo(id: "test-cup", title: "Test Cup", questionCount: 3, startsAt: Self.at(10)),
                    role: .player, balance: balance, usedWildcard: false, correctAnswers: 0, serverTime: now, lastSeq: 0, resumed: true)
            ))
    }

    /// The first question opens.
    mutating func firstQuestion() {
        receive(
            .question(
                QuestionPayload(
                    questionId: "q1", index: 0, total: 3, text: "One?", choices: ["a", "b", "c"], openedAt: Self.at(10),
                    deadline: Self.at(20), role: .player)))
    }

    /// What the app tells the client: `.choiceSelected(0)` (A picked), `.disconnected(nil)`…
    mutating func send(_ event: TriviaClientEvent) {
        _ = state.handle(event, at: now)
    }

    /// The first question's result at 20 s, one answer for each choice, with the wild-card
    /// window open until 26 s.
    mutating func firstResult(yourChoice: Int) {
        now = Self.at(20)
        receive(
            .result(
                ResultPayload(
                    questionId: "q1", correctChoice: 1, yourChoice: yourChoice, correct: yourChoice == 1,
                    role: yourChoice == 1 ? .player : .viewer, wildcardDeadline: Self.at(26), answerCounts: [1, 1, 1],
                    playersRemaining: 5)))
    }

    /// A host message; stream messages get the next sequence number.
    mutating func receive(_ message: ServerMessage) {
        var number = 0
        if message.isStreamMessage {
            seq += 1
            number = seq
        }
        send(.received(ServerEnvelope(id: MessageID("s\(number)"), seq: number, message: message)))
    }
}
