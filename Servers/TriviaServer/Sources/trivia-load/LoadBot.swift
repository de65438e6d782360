import Foundation
import HummingbirdWSClient
import Logging
import NIOCore
import NIOWebSocket
import SharedNetworking
import Synchronization
import Trivia
import TriviaWebSocketMessages

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
/// stops at `finish` (after the acknowledgements still owed, or 5 s).
///
/// Built to be cheap, so one process drives 20,000 of them: it speaks the protocol on the
/// WebSocket client directly and handles each frame in the socket's own task (no stream to
/// another task, no view-model), reads only the fields it needs from each frame
/// (``ServerFramePeek``, no decoding), and encodes what it sends with `TriviaCodec`.
/// Timestamps come from the injected clock.
struct LoadBot: Sendable {
    let user: UserID
    let token: String
    let competition: CompetitionID
    /// The right choice and the number of choices of each question.
    let answers: [QuestionID: (right: Int, choices: Int)]
    let accuracy: Double
    let wildcardRate: Double
    let thinkTime: ClosedRange<Double>
    let seed: UInt64
    let clock: any AppClock

    /// What the socket's tasks share: the metrics, and the messages sent so far.
    final class Shared: Sendable {
        let state = Mutex((metrics: BotMetrics(), sent: 0, stopped: false, answers: Set<RequestID>()))
    }

    func run(url: String, eventLoopGroup: any EventLoopGroup, logger: Logger, progress: LoadProgress) async -> BotMetrics {
        let shared = Shared()
        do {
            try await WebSocketClient.connect(
                url: url, configuration: WebSocketClientConfiguration(maxFrameSize: 1 << 20, closeTimeout: .seconds(5)),
                eventLoopGroup: eventLoopGroup, logger: logger
            ) { inbound, outbound, _ in
                shared.state.withLock { $0.metrics.connected = true }
                progress.settled()
                await play(inbound: inbound, outbound: outbound, shared: shared, progress: progress)
            }
        } catch {
            let settledBefore = shared.state.withLock { state -> Bool in
                if !state.metrics.connected { state.metrics.connectError = "\(error)" }
                return state.metrics.connected
            }
            if !settledBefore { progress.settled() }
        }
        return shared.state.withLock { state in
            var metrics = state.metrics
            metrics.answersSent = state.answers
            if !metrics.finished, metrics.connected { metrics.droppedBeforeFinish = true }
            for request in metrics.answersSent.subtracting(metrics.answersAcknowledged) {
                let question = request.rawValue.split(separator: "-").last.map(String.init) ?? "?"
                metrics.errors["unacknowledged \(question)\(metrics.finished ? " after finish" : "")", default: 0] += 1
            }
            return metrics
        }
    }

    /// What one frame said, as far as the bot cares.
    enum Event {
        case welcome(balance: Int)
        case question(QuestionID, openedAt: Date, deadline: Date, isPlayer: Bool)
        case answerAck(RequestID, rejected: Bool)
        case result(QuestionID, lost: Bool, answered: Bool, canUseWildcard: Bool)
        case wildcardResult(balance: Int, accepted: Bool)
        case finish
        case error(String)
        case other
        case unreadable
    }

    static func event(of frame: ByteBuffer) -> Event {
        frame.withUnsafeReadableBytes { bytes in
            let peek = ServerFramePeek(bytes: bytes)
            switch peek.string("type") {
            case "welcome": return .welcome(balance: peek.int("balance") ?? 0)
            case "question":
                guard let id = peek.string("questionId"), let opened = peek.date("openedAt"), let deadline = peek.date("deadline") else {
                    return .unreadable
                }
                return .question(QuestionID(id), openedAt: opened, deadline: deadline, isPlayer: peek.string("role") == "player")
            case "answerAck":
                guard let request = peek.string("requestId") else { return .unreadable }
                return .answerAck(RequestID(request), rejected: peek.string("status") == "rejected")
            case "result":
                guard let id = peek.string("questionId") else { return .unreadable }
                return .result(
                    QuestionID(id), lost: peek.bool("correct") == false && peek.string("role") == "viewer",
                    answered: !peek.isNull("yourChoice"), canUseWildcard: !peek.isNull("wildcardDeadline"))
            case "wildcardResult": return .wildcardResult(balance: peek.int("balance") ?? 0, accepted: peek.bool("accepted") == true)
            case "finish": return .finish
            case "error": return .error(peek.string("code") ?? "?")
            case .some: return .other
            case nil: return .unreadable
            }
        }
    }

    func play(inbound: WebSocketInboundStream, outbound: WebSocketOutboundWriter, shared: Shared, progress: LoadProgress) async {
        let codec = TriviaCodec()
        let user = self.user
        /// Sends `message`; `request` marks an answer that is owed an acknowledgement.
        @Sendable func send(_ message: ClientMessage, request: RequestID? = nil) async {
            guard
                let seq = shared.state.withLock({ state -> Int? in
                    guard !state.stopped else { return nil }
                    state.sent += 1
                    if let request { state.answers.insert(request) }
                    return state.sent
                })
            else { return }
            let frame = codec.encodeBytes(ClientEnvelope(id: MessageID("\(user)-m\(seq)"), seq: seq, message: message))
            do {
                try await outbound.write(.custom(WebSocketFrame(fin: true, opcode: .text, data: ByteBuffer(bytes: frame))))
            } catch {
                // The socket is gone: the answer was not delivered, so no acknowledgement is owed.
                if let request { _ = shared.state.withLock { $0.answers.remove(request) } }
            }
        }
        await send(.join(JoinPayload(user: user, token: token, competition: competition)))
        var random = SeededRandom(seed: seed)
        var balance = 0
        var usedWildcard = false
        var deadlines: [QuestionID: Date] = [:]
        var assembler = WebSocketMessageAssembler(maxMessageBytes: 1 << 20)

        await withTaskGroup(of: Void.self) { tasks in
            // Like the app: a ping every 15 s, so a bot waiting for the first question (or
            // watching) is not closed as idle.
            tasks.addTask { [clock] in
                while (try? await clock.sleep(for: .seconds(15))) != nil {
                    await send(.ping(PingPayload(nonce: nil)))
                }
            }
            do {
                for try await frame in inbound {
                    guard case .message(let message) = assembler.append(frame) else { continue }
                    let now = clock.now
                    var finishedNow = false
                    switch Self.event(of: message) {
                    case .welcome(let welcomeBalance):
                        shared.state.withLock { $0.metrics.welcomed = true }
                        progress.welcomed()
                        balance = welcomeBalance
                    case .question(let question, let openedAt, let deadline, let isPlayer):
                        shared.state.withLock { $0.metrics.questionLatencies.append(now.timeIntervalSince(openedAt)) }
                        deadlines[question] = deadline
                        guard isPlayer, let answer = answers[question] else { continue }
                        let choice = random.double(in: 0...1) < accuracy ? answer.right : (answer.right + 1) % answer.choices
                        let request = RequestID("\(user)-\(question)")
                        let think = random.double(in: thinkTime)
                        tasks.addTask { [clock] in
                            guard (try? await clock.sleep(for: .seconds(think))) != nil else { return }
                            await send(.answer(AnswerPayload(requestId: request, questionId: question, choice: choice)), request: request)
                        }
                    case .answerAck(let request, let rejected):
                        shared.state.withLock { state in
                            state.metrics.answersAcknowledged.insert(request)
                            if rejected { state.metrics.answersRejected += 1 }
                        }
                    case .result(let question, let lost, let answered, let canUseWildcard):
                        if let deadline = deadlines[question] {
                            shared.state.withLock { $0.metrics.resultLatencies.append(now.timeIntervalSince(deadline)) }
                        }
                        if lost, answered, canUseWildcard, balance > 0, !usedWildcard, random.double(in: 0...1) < wildcardRate {
                            shared.state.withLock { $0.metrics.wildcardsRequested += 1 }
                            await send(.useWildcard(UseWildcardPayload(requestId: RequestID("\(user)-w"), questionId: question)))
                        }
                    case .wildcardResult(let newBalance, let accepted):
                        balance = newBalance
                        if accepted {
                            usedWildcard = true
                            shared.state.withLock { $0.metrics.wildcardsAccepted += 1 }
                        }
                    case .finish:
                        finishedNow = true
                    case .error(let code):
                        shared.state.withLock { $0.metrics.errors[code, default: 0] += 1 }
                    case .other:
                        break
                    case .unreadable:
                        shared.state.withLock { $0.metrics.errors["unreadable", default: 0] += 1 }
                    }
                    if finishedNow {
                        // No answers after the end; wait (a bounded time) for the acknowledgements
                        // of those already sent, which the host sends before or after `finish`.
                        shared.state.withLock {
                            $0.metrics.finished = true
                            $0.stopped = true
                        }
                        tasks.addTask { [clock] in
                            guard (try? await clock.sleep(for: .seconds(5))) != nil else { return }
                            try? await outbound.close(.normalClosure, reason: nil)
                        }
                    }
                    let settled = shared.state.withLock { $0.metrics.finished && $0.answers.isSubset(of: $0.metrics.answersAcknowledged) }
                    if settled {
                        try? await outbound.close(.normalClosure, reason: nil)
                        break
                    }
                }
            } catch {
                // The socket failed: the run reports what arrived.
            }
            tasks.cancelAll()
        }
    }
}
