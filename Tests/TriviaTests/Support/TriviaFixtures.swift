import Foundation
import SharedNetworking
import TestSupport

@testable import Trivia
@testable import TriviaHost

/// 2020-09-10T08:00:00Z, the instant every test starts from.
let epoch = Date(timeIntervalSince1970: 1_599_724_800)

func at(_ seconds: Double) -> Date { epoch.addingTimeInterval(seconds) }

/// Three questions: answers 1, 0, 2.
let threeQuestions = TriviaQuestionSet(
    id: "test-cup", title: "Test Cup",
    questions: [
        TriviaQuestion(id: "q1", text: "One?", choices: ["a", "b", "c"], answer: 1),
        TriviaQuestion(id: "q2", text: "Two?", choices: ["a", "b", "c"], answer: 0),
        TriviaQuestion(id: "q3", text: "Three?", choices: ["a", "b", "c", "d"], answer: 2),
    ])

let ada = TriviaIdentity(user: "ada", displayName: "Ada")
/// `ada`, for scopes where a local variable shadows it.
let adaUser = ada
let alan = TriviaIdentity(user: "alan", displayName: "Alan")
let grace = TriviaIdentity(user: "grace", displayName: "Grace")

let testAuthenticator = StaticTokenAuthenticator([
    "t-ada": ada, "t-alan": alan, "t-grace": grace,
])

/// The host schedule used by most tests: first question at +10 s, 10 s to answer, 6 s of
/// review. Question n (0-based) opens at 10 + 16n and closes at 20 + 16n.
func makeHost(
    questions: TriviaQuestionSet = threeQuestions, balances: [UserID: Int] = ["ada": 1, "alan": 0, "grace": 2],
    logLimit: Int = 256
) -> TriviaHostCore {
    TriviaHostCore(
        configuration: TriviaHostConfiguration(
            competition: questions.id, title: questions.title, startsAt: at(10), answerWindow: .seconds(10),
            reviewWindow: .seconds(6), logLimit: logLimit),
        questions: questions.questions, authenticator: testAuthenticator, balances: balances)
}

func opens(_ index: Int) -> Double { 10 + 16 * Double(index) }
func closes(_ index: Int) -> Double { 20 + 16 * Double(index) }

extension TriviaHostCore {
    /// Joins `identity` on a new connection `id`, returning the outputs.
    mutating func join(_ identity: TriviaIdentity, connection id: UInt64, resumeFrom: Int? = nil, at time: Date = at(0)) -> [HostOutput] {
        var outputs = connect(ConnectionID(id), at: time)
        outputs += receive(
            client(
                .join(
                    JoinPayload(
                        user: identity.user, token: "t-\(identity.user)", competition: configuration.competition, resumeFrom: resumeFrom))),
            from: ConnectionID(id), at: time)
        return outputs
    }
}

let clientMessageCounter = Locked(0)

/// A client envelope with a fresh id.
func client(_ message: ClientMessage, seq: Int = 1) -> ClientEnvelope {
    let number = clientMessageCounter.withLock { value -> Int in
        value += 1
        return value
    }
    return ClientEnvelope(id: MessageID("test-\(number)"), seq: seq, message: message)
}

func answer(_ question: QuestionID, _ choice: Int, request: RequestID) -> ClientEnvelope {
    client(.answer(AnswerPayload(requestId: request, questionId: question, choice: choice)))
}

func wildcard(_ question: QuestionID, request: RequestID) -> ClientEnvelope {
    client(.useWildcard(UseWildcardPayload(requestId: request, questionId: question)))
}

extension [HostOutput] {
    /// Messages sent on `connection`, in order.
    func messages(to connection: UInt64) -> [ServerEnvelope] {
        flatMap(\.envelopes).filter { $0.connection == ConnectionID(connection) }.map(\.envelope)
    }

    func closes(_ connection: UInt64) -> Bool {
        contains { output in
            if case .close(let target, _) = output { return target == ConnectionID(connection) }
            return false
        }
    }
}

extension ServerEnvelope {
    var welcome: WelcomePayload? { if case .welcome(let p) = message { p } else { nil } }
    var question: QuestionPayload? { if case .question(let p) = message { p } else { nil } }
    var ack: AnswerAckPayload? { if case .answerAck(let p) = message { p } else { nil } }
    var result: ResultPayload? { if case .result(let p) = message { p } else { nil } }
    var wildcardResult: WildcardResultPayload? { if case .wildcardResult(let p) = message { p } else { nil } }
    var finish: FinishPayload? { if case .finish(let p) = message { p } else { nil } }
    var error: ErrorPayload? { if case .error(let p) = message { p } else { nil } }
}

/// The package root: the nearest folder above this test file that holds `Package.swift`.
func packageRoot(_ file: String = #filePath) -> URL {
    var directory = URL(fileURLWithPath: file).deletingLastPathComponent()
    while directory.path != "/" {
        if FileManager.default.fileExists(atPath: directory.appendingPathComponent("Package.swift").path) { return directory }
        directory = directory.deletingLastPathComponent()
    }
    return directory
}

/// Moves `clock` forward in `step`s until `condition` holds: a timer task may not have started
/// sleeping yet when the test first advances, so one jump is not enough.
@MainActor
func advance(_ clock: ManualClock, by step: Duration, until condition: () -> Bool, maxSteps: Int = 20) async -> Bool {
    for _ in 0..<maxSteps {
        if await eventually(within: .milliseconds(20), condition) { return true }
        clock.advance(by: step)
    }
    return await eventually(condition)
}
