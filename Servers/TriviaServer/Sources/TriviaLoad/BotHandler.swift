import Foundation
import NIOCore
import NIOWebSocket
import SharedNetworking
import Trivia
import TriviaHost
import TriviaWebSocketMessages

/// One bot's game, played inside its socket's channel pipeline: every frame is handled on the
/// event loop that read it, with no task per socket and no hop per frame.
///
/// The handler speaks the client side of RFC 6455 itself (frames masked, pings answered,
/// close handshake), joins, pings every 15 s, answers every question it may after a think
/// time (timers on the event loop), asks for its wild-card when offered, and stops at `finish`
/// once the acknowledgements still owed have arrived (or after 5 s). What it saw is delivered
/// once, when the channel closes.
final class BotHandler: ChannelInboundHandler {
    typealias InboundIn = WebSocketFrame
    typealias OutboundOut = WebSocketFrame

    private let bot: LoadBot
    private let progress: LoadProgress
    private let done: EventLoopPromise<BotState>
    private let codec = TriviaCodec()
    /// What outlives this connection (the bot's game so far), handed back when it closes.
    private var state: BotState
    private var closeSent = false
    private var assembler = WebSocketMessageAssembler(maxMessageBytes: 1 << 20)
    /// This event loop's timers, shared by its bots.
    private let timers: BotTimerWheel

    /// Plays on from `state` (a fresh one for the first connection); `done` gets the state back
    /// when the channel closes.
    init(bot: LoadBot, state: BotState, timers: BotTimerWheel, progress: LoadProgress, done: EventLoopPromise<BotState>) {
        self.bot = bot
        self.timers = timers
        self.progress = progress
        self.done = done
        self.state = state
        self.state.metrics.connected = true
    }

    /// Fired down the pipeline once the upgrade is complete (the HTTP handlers are gone, so
    /// WebSocket frames can be written): the bot joins.
    enum Start: Sendable { case start }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        guard event is Start else { return context.fireUserInboundEventTriggered(event) }
        let resumeFrom = state.lastSeq > 0 ? state.lastSeq : nil
        send(.join(JoinPayload(user: bot.user, token: bot.token, competition: bot.competition, resumeFrom: resumeFrom)), context: context)
        schedulePing(context: context)
    }

    func channelInactive(context: ChannelHandlerContext) {
        // Timers still waiting find the channel inactive and do nothing.
        if !state.metrics.finished { state.disconnectedAt = bot.clock.now }
        done.succeed(state)
        context.fireChannelInactive()
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        // The socket failed (reset, protocol error): the run reports what arrived.
        context.close(promise: nil)
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let frame = unwrapInboundIn(data)
        switch frame.opcode {
        case .ping, .connectionClose:
            if let reply = WebSocketClientFrames.reply(to: frame, closeSent: closeSent, allocator: context.channel.allocator) {
                WebSocketClientFrames.write(reply, to: context)
            }
            // The server closed (or answered ours): replied to if we did not start it, hang up.
            if frame.opcode == .connectionClose { context.close(promise: nil) }
        case .text, .binary, .continuation:
            let outcome = assembler.append(frame.unmaskedData, continuation: frame.opcode == .continuation, fin: frame.fin)
            guard case .message(let message) = outcome else { return }
            let (seq, event) = message.withUnsafeReadableBytes { bytes in
                let peek = ServerFramePeek(bytes: bytes)
                return (peek.int(.seq), LoadBot.event(of: peek))
            }
            if let seq, seq > state.lastSeq { state.lastSeq = seq }
            handle(event, context: context)
        default:
            break
        }
    }

    // MARK: The game

    private func handle(_ event: LoadBot.Event, context: ChannelHandlerContext) {
        let now = bot.clock.now
        switch event {
        case .welcome(let welcomeBalance):
            if !state.metrics.welcomed { progress.welcomed() }
            state.metrics.welcomed = true
            state.balance = welcomeBalance
            if let lost = state.disconnectedAt {
                state.metrics.reconnectGaps.append(now.timeIntervalSince(lost))
                state.disconnectedAt = nil
            }
            // Answers not acknowledged before the connection dropped go again, same request id.
            for (request, answer) in state.unacknowledged.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
                send(.answer(answer), request: request, context: context)
            }
        case .question(let question, let openedAt, let deadline, let isPlayer):
            guard state.deadlines[question] == nil else { break }  // replayed on a resumed connection
            state.metrics.questionLatencies.append(now.timeIntervalSince(openedAt))
            state.deadlines[question] = deadline
            guard isPlayer, !state.stopped, let answer = bot.answers[question] else { break }
            let choice = state.random.double(in: 0...1) < bot.accuracy ? answer.right : (answer.right + 1) % answer.choices
            let request = RequestID("\(bot.user)-\(question)")
            let think = state.random.double(in: bot.thinkTime)
            schedule(in: think, context: context) { handler, context in
                handler.answer(AnswerPayload(requestId: request, questionId: question, choice: choice), request: request, context: context)
            }
        case .answerAck(let request, let rejected):
            state.unacknowledged[request] = nil
            if let sent = state.firstSent.removeValue(forKey: request) {
                state.metrics.acknowledgementWaits.append(now.timeIntervalSince(sent))
            }
            if state.metrics.answersAcknowledged.insert(request).inserted, rejected { state.metrics.answersRejected += 1 }
        case .result(let question, let lost, let answered, let canUseWildcard):
            guard state.resultsSeen.insert(question).inserted else { break }  // replayed on a resumed connection
            if let deadline = state.deadlines[question] { state.metrics.resultLatencies.append(now.timeIntervalSince(deadline)) }
            if lost, answered, canUseWildcard, state.balance > 0, !state.usedWildcard,
                state.random.double(in: 0...1) < bot.wildcardRate
            {
                state.metrics.wildcardsRequested += 1
                send(.useWildcard(UseWildcardPayload(requestId: RequestID("\(bot.user)-w"), questionId: question)), context: context)
            }
        case .wildcardResult(let newBalance, let accepted):
            state.balance = newBalance
            if accepted, !state.usedWildcard {
                state.usedWildcard = true
                state.metrics.wildcardsAccepted += 1
            }
        case .finish:
            // No answers after the end; wait (a bounded time) for the acknowledgements of those
            // already sent, which the host sends before or after `finish`.
            state.metrics.finished = true
            state.stopped = true
            schedule(in: 5, context: context) { handler, context in handler.close(context: context) }
        case .error(let code):
            state.metrics.errors[code, default: 0] += 1
        case .other:
            break
        case .unreadable:
            state.metrics.errors["unreadable", default: 0] += 1
        }
        if state.metrics.finished, state.metrics.answersSent.isSubset(of: state.metrics.answersAcknowledged) { close(context: context) }
    }

    /// Like the app: a ping every 15 s, so a bot waiting for the first question (or watching)
    /// is not closed as idle.
    private func schedulePing(context: ChannelHandlerContext) {
        schedule(in: 15, context: context) { handler, context in
            handler.send(.ping(PingPayload(nonce: nil)), context: context)
            handler.schedulePing(context: context)
        }
    }

    /// Sends `answer` and, like the app, sends it again with the same request id every 2 s until
    /// it is acknowledged (an input lost while the owner changed was never acknowledged).
    private func answer(_ answer: AnswerPayload, request: RequestID, context: ChannelHandlerContext, sends: Int = 1) {
        guard state.unacknowledged[request] != nil || sends == 1 else { return }
        state.unacknowledged[request] = answer
        if sends == 1 { state.firstSent[request] = bot.clock.now }
        send(.answer(answer), request: request, context: context)
        guard sends < 4 else { return }
        schedule(in: 2, context: context) { handler, context in
            guard handler.state.unacknowledged[request] != nil else { return }
            handler.answer(answer, request: request, context: context, sends: sends + 1)
        }
    }

    /// Sends `message`; `request` marks an answer that is owed an acknowledgement.
    private func send(_ message: ClientMessage, request: RequestID? = nil, context: ChannelHandlerContext) {
        guard !state.stopped, !closeSent, context.channel.isActive else { return }
        state.sent += 1
        if let request { state.metrics.answersSent.insert(request) }
        let bytes = codec.encodeBytes(ClientEnvelope(id: MessageID("\(bot.user)-m\(state.sent)"), seq: state.sent, message: message))
        WebSocketClientFrames.write(
            WebSocketFrame(fin: true, opcode: .text, data: context.channel.allocator.buffer(bytes: bytes)), to: context)
    }

    /// Starts the close handshake (once); the server answers and closes the socket.
    private func close(context: ChannelHandlerContext) {
        guard !closeSent, context.channel.isActive else { return }
        WebSocketClientFrames.write(WebSocketClientFrames.normalClose(allocator: context.channel.allocator), to: context)
        closeSent = true
        schedule(in: 5, context: context) { _, context in context.close(promise: nil) }
    }

    /// Runs `work` on this channel's event loop after `seconds` (on the loop's wheel, to the
    /// next 10 ms), unless the channel closed first.
    private func schedule(in seconds: Double, context: ChannelHandlerContext, _ work: @escaping (BotHandler, ChannelHandlerContext) -> Void)
    {
        timers.schedule(in: seconds) { [self] in
            guard context.channel.isActive else { return }
            work(self, context)
        }
    }
}

/// A bot's game across its connections: what it saw and owes. A connection's handler plays on
/// from it and hands it back when the socket closes, so a bot whose node dies reconnects to
/// another one and resumes (`join` with `resumeFrom`, its unacknowledged answers sent again).
struct BotState: Sendable {
    var metrics = BotMetrics()
    var random: SeededRandom
    var sent = 0
    var stopped = false
    var balance = 0
    var usedWildcard = false
    /// The last `seq` received: where a new connection resumes.
    var lastSeq = 0
    var deadlines: [QuestionID: Date] = [:]
    var resultsSeen: Set<QuestionID> = []
    /// Answers sent and not acknowledged yet.
    var unacknowledged: [RequestID: AnswerPayload] = [:]
    /// When each unacknowledged answer was first sent.
    var firstSent: [RequestID: Date] = [:]
    /// When the connection dropped before the finish (host time), until the next `welcome`.
    var disconnectedAt: Date?

    init(seed: UInt64) {
        random = SeededRandom(seed: seed)
    }
}
