import Foundation

@testable import Trivia
@testable import TriviaHost

/// Drives a ``TriviaClientState`` by hand and remembers the last effects.
struct MachineHarness {
    var state: TriviaClientState
    var now = at(0)
    var effects: [TriviaClientEffect] = []
    var serverSeq = 0

    static let configuration = TriviaClientConfiguration(
        user: "ada", token: "t-ada", competition: "test-cup", clientInstance: "ios", ackTimeout: .seconds(2), maxSends: 3,
        balanceAttempts: 3, balanceRetryDelay: .seconds(2), reconnectBaseDelay: .milliseconds(500), reconnectMaxDelay: .seconds(8),
        heartbeatInterval: .seconds(15), deadlineMargin: .zero, jitterSeed: 1)

    init(configuration: TriviaClientConfiguration = MachineHarness.configuration) {
        state = TriviaClientState(configuration: configuration)
    }

    @discardableResult
    mutating func send(_ event: TriviaClientEvent) -> [TriviaClientEffect] {
        effects = state.handle(event, at: now)
        return effects
    }

    /// Delivers a host message; stream messages get the next `seq` unless one is given.
    @discardableResult
    mutating func receive(_ message: ServerMessage, seq: Int? = nil) -> [TriviaClientEffect] {
        let number: Int
        if let seq {
            number = seq
        } else if message.isStreamMessage {
            serverSeq += 1
            number = serverSeq
        } else {
            number = 0
        }
        return send(.received(ServerEnvelope(id: MessageID("s\(number)"), seq: number, message: message)))
    }

    /// Launched, balance loaded, connected and welcomed.
    mutating func online(balance: Int? = 1, welcomeBalance: Int?? = .none, role: TriviaRole = .player) {
        send(.launched)
        if let balance { send(.balanceLoaded(balance)) }
        send(.connected)
        receive(.welcome(welcomePayload(role: role, balance: welcomeBalance ?? balance)))
    }

    func welcomePayload(role: TriviaRole = .player, balance: Int? = 1, lastSeq: Int = 0) -> WelcomePayload {
        WelcomePayload(
            user: "ada", displayName: "Ada",
            competition: CompetitionInfo(id: "test-cup", title: "Test Cup", questionCount: 3, startsAt: at(10)),
            role: role, balance: balance, usedWildcard: false, correctAnswers: 0, serverTime: now, lastSeq: lastSeq, resumed: true)
    }

    /// Online with `balance` wild-cards, the first question answered wrong (A; B is right)
    /// and its result received at 20 s: the wild-card offer is open until 26 s.
    static func wrongFirstAnswer(balance: Int = 2) -> MachineHarness {
        var machine = MachineHarness()
        machine.online(balance: balance)
        machine.receive(questionMessage(0))
        machine.send(.choiceSelected(0))
        machine.now = at(20)
        machine.receive(resultMessage(0, yourChoice: 0))
        return machine
    }

    /// The messages among the last effects.
    var sent: [ClientMessage] {
        effects.compactMap { if case .send(let envelope) = $0 { envelope.message } else { nil } }
    }

    var round: QuestionRound? {
        if case .question(let round) = state.phase { round } else { nil }
    }

    var resultRound: ResultRound? {
        if case .result(let round) = state.phase { round } else { nil }
    }
}

/// Question `index` of ``threeQuestions`` as the host sends it (opens at 10 + 16n, 10 s).
func questionMessage(_ index: Int, role: TriviaRole = .player) -> ServerMessage {
    let question = threeQuestions.questions[index]
    return .question(
        QuestionPayload(
            questionId: question.id, index: index, total: 3, text: question.text, choices: question.choices,
            openedAt: at(opens(index)), deadline: at(closes(index)), role: role))
}

func resultMessage(_ index: Int, yourChoice: Int?, role: TriviaRole? = nil, last: Bool = false) -> ServerMessage {
    let question = threeQuestions.questions[index]
    let correct = yourChoice == question.answer
    return .result(
        ResultPayload(
            questionId: question.id, correctChoice: question.answer, yourChoice: yourChoice, correct: correct,
            role: role ?? (correct ? .player : .viewer), wildcardDeadline: last ? nil : at(closes(index) + 6),
            answerCounts: Array(repeating: 1, count: question.choices.count), playersRemaining: 5))
}
