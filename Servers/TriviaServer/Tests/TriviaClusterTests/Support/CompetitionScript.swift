import Foundation
import Trivia
import TriviaHost

@testable import TriviaCluster

/// 2020-09-10T08:00:00Z: the scripts' times are seconds after this.
let epoch = Date(timeIntervalSince1970: 1_599_724_800)

/// Three questions; answers 1, 0, 2. The first opens at +10 s, answers take 10 s, reviews 6 s.
let testQuestions = [
    TriviaQuestion(id: "q1", text: "One?", choices: ["a", "b", "c"], answer: 1),
    TriviaQuestion(id: "q2", text: "Two?", choices: ["a", "b", "c"], answer: 0),
    TriviaQuestion(id: "q3", text: "Three?", choices: ["a", "b", "c", "d"], answer: 2),
]

let testGenesis = CompetitionGenesis(
    configuration: TriviaHostConfiguration(
        competition: "cluster-cup", title: "Cluster Cup", startsAt: epoch.addingTimeInterval(10), answerWindow: .seconds(10),
        reviewWindow: .seconds(6)),
    questions: testQuestions, balances: ["ada": 2, "grace": 1, "alan": 0, "linus": 1])

let testAuthenticator = StaticTokenAuthenticator([
    "t-ada": TriviaIdentity(user: "ada", displayName: "Ada"),
    "t-grace": TriviaIdentity(user: "grace", displayName: "Grace"),
    "t-alan": TriviaIdentity(user: "alan", displayName: "Alan"),
    "t-linus": TriviaIdentity(user: "linus", displayName: "Linus"),
])

/// One scripted input: at `second` after ``epoch``, on connection slot `slot` (1, 2, ...).
struct ScriptStep: Sendable {
    enum Action: Sendable {
        case connect
        case disconnect
        case send(ClientMessage)
        case raw(String)
    }

    var second: Double
    var slot: Int
    var action: Action

    /// The input for this step, with slots mapped to connection ids by `connection`.
    func input(_ connection: (Int) -> ConnectionID) -> HostInput {
        let id = connection(slot)
        switch action {
        case .connect: return .connect(id)
        case .disconnect: return .disconnect(id)
        case .raw(let text): return .frame(id, Data(text.utf8))
        case .send(let message):
            let envelope = ClientEnvelope(id: MessageID("s\(slot)-\(Int(second * 10))"), seq: 1, message: message)
            return .frame(id, TriviaCodec().encode(envelope))
        }
    }
}

/// A whole competition exercising every kind of input: joins (one with a bad token, one
/// late, one resuming, one replacing another device), answers (correct, wrong, resent, late,
/// a second one, from a viewer), wild-cards (accepted, refused), a ping, a malformed frame,
/// disconnects.
let wholeCompetition: [ScriptStep] = {
    func join(_ user: UserID, _ token: String, resumeFrom: Int? = nil) -> ScriptStep.Action {
        .send(.join(JoinPayload(user: user, token: token, competition: "cluster-cup", resumeFrom: resumeFrom)))
    }
    func answer(_ request: RequestID, _ question: QuestionID, _ choice: Int) -> ScriptStep.Action {
        .send(.answer(AnswerPayload(requestId: request, questionId: question, choice: choice)))
    }
    func wildcard(_ request: RequestID, _ question: QuestionID) -> ScriptStep.Action {
        .send(.useWildcard(UseWildcardPayload(requestId: request, questionId: question)))
    }
    return [
        ScriptStep(second: 1, slot: 1, action: .connect), ScriptStep(second: 1, slot: 1, action: join("ada", "t-ada")),
        ScriptStep(second: 1.5, slot: 2, action: .connect), ScriptStep(second: 1.5, slot: 2, action: join("grace", "t-grace")),
        ScriptStep(second: 2, slot: 3, action: .connect), ScriptStep(second: 2, slot: 3, action: join("alan", "t-alan")),
        ScriptStep(second: 2.5, slot: 4, action: .connect), ScriptStep(second: 2.5, slot: 4, action: join("mallory", "t-nope")),
        ScriptStep(second: 3, slot: 1, action: .send(.ping(PingPayload(nonce: "hb1")))),
        ScriptStep(
            second: 3.5, slot: 2, action: .raw(#"{"type": "answer", "version": 1, "id": "x", "seq": 2, "payload": {"choice": "B"}}"#)),
        ScriptStep(second: 12, slot: 1, action: answer("a1", "q1", 1)),
        ScriptStep(second: 13, slot: 2, action: answer("g1", "q1", 2)),
        ScriptStep(second: 13.5, slot: 2, action: answer("g1", "q1", 2)),
        ScriptStep(second: 14, slot: 3, action: answer("l1", "q1", 1)),
        ScriptStep(second: 15, slot: 1, action: answer("a2", "q1", 0)),
        ScriptStep(second: 20.5, slot: 3, action: answer("l2", "q1", 1)),
        ScriptStep(second: 21, slot: 2, action: wildcard("g2", "q1")),
        ScriptStep(second: 22, slot: 2, action: wildcard("g3", "q1")),
        ScriptStep(second: 23, slot: 5, action: .connect), ScriptStep(second: 23, slot: 5, action: join("linus", "t-linus")),
        ScriptStep(second: 24, slot: 1, action: .disconnect),
        ScriptStep(second: 27, slot: 6, action: .connect), ScriptStep(second: 27, slot: 6, action: join("ada", "t-ada", resumeFrom: 3)),
        ScriptStep(second: 28, slot: 6, action: answer("a3", "q2", 1)),
        ScriptStep(second: 28.5, slot: 2, action: answer("g4", "q2", 0)),
        ScriptStep(second: 29, slot: 3, action: answer("l3", "q2", 0)),
        ScriptStep(second: 30, slot: 5, action: answer("n1", "q2", 0)),
        ScriptStep(second: 37, slot: 6, action: wildcard("a4", "q2")),
        ScriptStep(second: 44, slot: 6, action: answer("a5", "q3", 2)),
        ScriptStep(second: 45, slot: 2, action: answer("g5", "q3", 2)),
        ScriptStep(second: 46, slot: 3, action: answer("l4", "q3", 3)),
        ScriptStep(second: 54, slot: 3, action: wildcard("l5", "q3")),
        ScriptStep(second: 60, slot: 7, action: .connect), ScriptStep(second: 60, slot: 7, action: join("alan", "t-alan")),
    ]
}()

/// A live run of `steps` through `host` as an owner would do it: before each step, every
/// deadline already passed gets its own `advance` input (the owner's timer), then the step's
/// input is read at its time. Ends with the competition finished.
func playLive(
    _ steps: [ScriptStep], on host: inout ReplayableHost, connection: (Int) -> ConnectionID = { ConnectionID(UInt64($0)) }
) -> [(logged: LoggedInput, outputs: [HostOutput])] {
    var record: [(LoggedInput, [HostOutput])] = []
    func tick(until time: Date) {
        while let deadline = host.core.nextDeadline, deadline <= time {
            record.append(host.accept(.advance, at: deadline))
        }
    }
    for step in steps {
        let time = epoch.addingTimeInterval(step.second)
        tick(until: time)
        record.append(host.accept(step.input(connection), at: time))
    }
    tick(until: .distantFuture)
    return record
}
