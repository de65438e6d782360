import Foundation
import SharedNetworking
import Synchronization
import Trivia
import TriviaWebSocketClient

/// What one bot saw, merged into the run's report.
struct BotMetrics: Sendable {
    var connected = false
    var welcomed = false
    var connectError: String?
    /// Seconds from a question's `openedAt` (host time) to its arrival here.
    var questionLatencies: [Double] = []
    /// Seconds from a question's `deadline` (when the host sends results) to the result's arrival.
    var resultLatencies: [Double] = []
    var answersSent: Set<RequestID> = []
    var answersAcknowledged: Set<RequestID> = []
    var answersRejected = 0
    var wildcardsRequested = 0
    var wildcardsAccepted = 0
    var finished = false
    var droppedBeforeFinish = false
    var errors: [String: Int] = [:]
}

/// One simulated player: joins, pings every 15 s, answers every question it may (right with
/// probability `accuracy`, after a random think time), asks for its wild-card when offered,
/// stops at `finish` (after the acknowledgements still owed, or 5 s). Speaks the protocol
/// directly (no view-model, no screen), so thousands fit in one process; timestamps come from
/// the injected clock.
struct LoadBot: Sendable {
    let user: UserID
    let token: String
    let competition: CompetitionID
    let answers: [QuestionID: Int]
    let accuracy: Double
    let wildcardRate: Double
    let thinkTime: ClosedRange<Double>
    let seed: UInt64
    let clock: any AppClock
    let codec = TriviaCodec()

    func run(transport: WebSocketTriviaTransport, progress: LoadProgress) async -> BotMetrics {
        var metrics = BotMetrics()
        let connection: WebSocketTriviaConnection
        do {
            connection = try await transport.open()
        } catch {
            progress.settled()
            metrics.connectError = error.description
            return metrics
        }
        progress.settled()
        metrics.connected = true
        let sender = Sender(connection: connection, user: user)
        await sender.send(.join(JoinPayload(user: user, token: token, competition: competition)))
        var random = SeededRandom(seed: seed)
        var balance = 0
        var usedWildcard = false
        var deadlines: [QuestionID: Date] = [:]

        await withTaskGroup(of: Void.self) { tasks in
            // Like the app: a ping every 15 s, so a bot waiting for the first question (or
            // watching) is not closed as idle.
            tasks.addTask { [clock] in
                while true {
                    do {
                        try await clock.sleep(for: .seconds(15))
                    } catch {
                        return
                    }
                    await sender.send(.ping(PingPayload(nonce: nil)))
                }
            }
            for await event in connection.incoming {
                guard case .frame(let frame) = event else {
                    metrics.droppedBeforeFinish = !metrics.finished
                    break
                }
                let now = clock.now
                guard let envelope = try? codec.decodeServerMessage(frame).envelope else {
                    metrics.errors["undecodable", default: 0] += 1
                    continue
                }
                switch envelope.message {
                case .welcome(let welcome):
                    metrics.welcomed = true
                    progress.welcomed()
                    balance = welcome.balance ?? 0
                case .question(let question):
                    metrics.questionLatencies.append(now.timeIntervalSince(question.openedAt))
                    deadlines[question.questionId] = question.deadline
                    guard question.role == .player, let right = answers[question.questionId] else { continue }
                    let choice = random.double(in: 0...1) < accuracy ? right : (right + 1) % question.choices.count
                    let request = RequestID("\(user)-\(question.questionId)")
                    let think = random.double(in: thinkTime)
                    tasks.addTask { [clock] in
                        do {
                            try await clock.sleep(for: .seconds(think))
                        } catch {
                            return
                        }
                        await sender.send(
                            .answer(AnswerPayload(requestId: request, questionId: question.questionId, choice: choice)), request: request)
                    }
                case .answerAck(let ack):
                    metrics.answersAcknowledged.insert(ack.requestId)
                    if ack.status == .rejected { metrics.answersRejected += 1 }
                case .result(let result):
                    if let deadline = deadlines[result.questionId] {
                        metrics.resultLatencies.append(now.timeIntervalSince(deadline))
                    }
                    if !result.correct, result.role == .viewer, result.yourChoice != nil, result.wildcardDeadline != nil, balance > 0,
                        !usedWildcard, random.double(in: 0...1) < wildcardRate
                    {
                        metrics.wildcardsRequested += 1
                        await sender.send(
                            .useWildcard(UseWildcardPayload(requestId: RequestID("\(user)-w"), questionId: result.questionId)))
                    }
                case .wildcardResult(let verdict):
                    balance = verdict.balance
                    if verdict.accepted {
                        usedWildcard = true
                        metrics.wildcardsAccepted += 1
                    }
                case .finish:
                    metrics.finished = true
                    // No answers after the end; wait (a bounded time) for the acknowledgements
                    // of those already sent, which the host sends before or after `finish`.
                    await sender.stop()
                    tasks.addTask { [clock] in
                        do {
                            try await clock.sleep(for: .seconds(5))
                        } catch {
                            return
                        }
                        await connection.close()
                    }
                case .error(let error):
                    metrics.errors[error.code.rawValue, default: 0] += 1
                case .pong:
                    break
                }
                if metrics.finished, await sender.answers.isSubset(of: metrics.answersAcknowledged) { break }
            }
            tasks.cancelAll()
        }
        metrics.answersSent = await sender.answers
        for request in metrics.answersSent.subtracting(metrics.answersAcknowledged) {
            let question = request.rawValue.split(separator: "-").last.map(String.init) ?? "?"
            metrics.errors["unacknowledged \(question)\(metrics.finished ? " after finish" : "")", default: 0] += 1
        }
        await connection.close()
        return metrics
    }
}

/// Numbers the bot's outgoing messages, sends them, and remembers which answers went out.
actor Sender {
    let connection: WebSocketTriviaConnection
    let user: UserID
    private var count = 0
    private var stopped = false
    private let codec = TriviaCodec()
    /// Answers handed to the socket (counted from the moment they are written, so one whose
    /// write is still in progress is already waited for).
    private(set) var answers: Set<RequestID> = []

    init(connection: WebSocketTriviaConnection, user: UserID) {
        self.connection = connection
        self.user = user
    }

    /// Sends nothing more (the competition finished).
    func stop() {
        stopped = true
    }

    /// Sends `message`; `request` marks it as an answer waiting for its acknowledgement.
    func send(_ message: ClientMessage, request: RequestID? = nil) async {
        guard !stopped else { return }
        count += 1
        let frame = codec.encode(ClientEnvelope(id: MessageID("\(user)-m\(count)"), seq: count, message: message))
        if let request { answers.insert(request) }
        do {
            try await connection.send(frame)
        } catch {
            // The socket is gone: the answer was not delivered, so no acknowledgement is owed.
            if let request { answers.remove(request) }
        }
    }
}
