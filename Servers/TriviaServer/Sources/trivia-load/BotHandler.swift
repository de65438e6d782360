import Foundation
import NIOCore
import NIOWebSocket
import SharedNetworking
import Trivia
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
    private let done: EventLoopPromise<BotMetrics>
    private let codec = TriviaCodec()
    private var metrics = BotMetrics()
    private var answers: Set<RequestID> = []
    private var sent = 0
    private var stopped = false
    private var closeSent = false
    private var random: SeededRandom
    private var balance = 0
    private var usedWildcard = false
    private var deadlines: [QuestionID: Date] = [:]
    private var assembler = WebSocketMessageAssembler(maxMessageBytes: 1 << 20)
    private var timers: [Scheduled<Void>] = []

    /// `done` gets the metrics when the channel closes.
    init(bot: LoadBot, progress: LoadProgress, done: EventLoopPromise<BotMetrics>) {
        self.bot = bot
        self.progress = progress
        self.done = done
        self.random = SeededRandom(seed: bot.seed)
        metrics.connected = true
    }

    /// Fired down the pipeline once the upgrade is complete (the HTTP handlers are gone, so
    /// WebSocket frames can be written): the bot joins.
    enum Start: Sendable { case start }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        guard event is Start else { return context.fireUserInboundEventTriggered(event) }
        send(.join(JoinPayload(user: bot.user, token: bot.token, competition: bot.competition)), context: context)
        schedulePing(context: context)
    }

    func channelInactive(context: ChannelHandlerContext) {
        for timer in timers { timer.cancel() }
        timers.removeAll()
        metrics.answersSent = answers
        if !metrics.finished { metrics.droppedBeforeFinish = true }
        for request in metrics.answersSent.subtracting(metrics.answersAcknowledged) {
            let question = request.rawValue.split(separator: "-").last.map(String.init) ?? "?"
            metrics.errors["unacknowledged \(question)\(metrics.finished ? " after finish" : "")", default: 0] += 1
        }
        done.succeed(metrics)
        context.fireChannelInactive()
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        // The socket failed (reset, protocol error): the run reports what arrived.
        context.close(promise: nil)
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let frame = unwrapInboundIn(data)
        switch frame.opcode {
        case .ping:
            write(WebSocketFrame(fin: true, opcode: .pong, data: frame.unmaskedData), context: context)
        case .connectionClose:
            // The server closed (or answered ours): reply if we did not start it, then hang up.
            if !closeSent {
                var reply = context.channel.allocator.buffer(capacity: 2)
                reply.write(webSocketErrorCode: .normalClosure)
                write(WebSocketFrame(fin: true, opcode: .connectionClose, data: reply), context: context)
            }
            context.close(promise: nil)
        case .text, .binary, .continuation:
            let outcome = assembler.append(frame.unmaskedData, continuation: frame.opcode == .continuation, fin: frame.fin)
            guard case .message(let message) = outcome else { return }
            handle(LoadBot.event(of: message), context: context)
        default:
            break
        }
    }

    // MARK: The game

    private func handle(_ event: LoadBot.Event, context: ChannelHandlerContext) {
        let now = bot.clock.now
        switch event {
        case .welcome(let welcomeBalance):
            metrics.welcomed = true
            progress.welcomed()
            balance = welcomeBalance
        case .question(let question, let openedAt, let deadline, let isPlayer):
            metrics.questionLatencies.append(now.timeIntervalSince(openedAt))
            deadlines[question] = deadline
            guard isPlayer, !stopped, let answer = bot.answers[question] else { break }
            let choice = random.double(in: 0...1) < bot.accuracy ? answer.right : (answer.right + 1) % answer.choices
            let request = RequestID("\(bot.user)-\(question)")
            let think = random.double(in: bot.thinkTime)
            schedule(in: think, context: context) { handler, context in
                handler.send(
                    .answer(AnswerPayload(requestId: request, questionId: question, choice: choice)), request: request, context: context)
            }
        case .answerAck(let request, let rejected):
            metrics.answersAcknowledged.insert(request)
            if rejected { metrics.answersRejected += 1 }
        case .result(let question, let lost, let answered, let canUseWildcard):
            if let deadline = deadlines[question] { metrics.resultLatencies.append(now.timeIntervalSince(deadline)) }
            if lost, answered, canUseWildcard, balance > 0, !usedWildcard, random.double(in: 0...1) < bot.wildcardRate {
                metrics.wildcardsRequested += 1
                send(.useWildcard(UseWildcardPayload(requestId: RequestID("\(bot.user)-w"), questionId: question)), context: context)
            }
        case .wildcardResult(let newBalance, let accepted):
            balance = newBalance
            if accepted {
                usedWildcard = true
                metrics.wildcardsAccepted += 1
            }
        case .finish:
            // No answers after the end; wait (a bounded time) for the acknowledgements of those
            // already sent, which the host sends before or after `finish`.
            metrics.finished = true
            stopped = true
            schedule(in: 5, context: context) { handler, context in handler.close(context: context) }
        case .error(let code):
            metrics.errors[code, default: 0] += 1
        case .other:
            break
        case .unreadable:
            metrics.errors["unreadable", default: 0] += 1
        }
        if metrics.finished, answers.isSubset(of: metrics.answersAcknowledged) { close(context: context) }
    }

    /// Like the app: a ping every 15 s, so a bot waiting for the first question (or watching)
    /// is not closed as idle.
    private func schedulePing(context: ChannelHandlerContext) {
        schedule(in: 15, context: context) { handler, context in
            handler.send(.ping(PingPayload(nonce: nil)), context: context)
            handler.schedulePing(context: context)
        }
    }

    /// Sends `message`; `request` marks an answer that is owed an acknowledgement.
    private func send(_ message: ClientMessage, request: RequestID? = nil, context: ChannelHandlerContext) {
        guard !stopped, !closeSent, context.channel.isActive else { return }
        sent += 1
        if let request { answers.insert(request) }
        let bytes = codec.encodeBytes(ClientEnvelope(id: MessageID("\(bot.user)-m\(sent)"), seq: sent, message: message))
        write(WebSocketFrame(fin: true, opcode: .text, data: context.channel.allocator.buffer(bytes: bytes)), context: context)
    }

    /// Starts the close handshake (once); the server answers and closes the socket.
    private func close(context: ChannelHandlerContext) {
        guard !closeSent, context.channel.isActive else { return }
        var data = context.channel.allocator.buffer(capacity: 2)
        data.write(webSocketErrorCode: .normalClosure)
        write(WebSocketFrame(fin: true, opcode: .connectionClose, data: data), context: context)
        closeSent = true
        schedule(in: 5, context: context) { _, context in context.close(promise: nil) }
    }

    /// Writes `frame` masked, as a client must (RFC 6455 §5.3), and flushes it.
    private func write(_ frame: WebSocketFrame, context: ChannelHandlerContext) {
        var frame = frame
        frame.maskKey = .random()
        context.writeAndFlush(wrapOutboundOut(frame), promise: nil)
    }

    /// Runs `work` on this channel's event loop after `seconds`, unless the channel closed first.
    private func schedule(in seconds: Double, context: ChannelHandlerContext, _ work: @escaping (BotHandler, ChannelHandlerContext) -> Void)
    {
        let timer = context.eventLoop.assumeIsolated().scheduleTask(in: .nanoseconds(Int64(seconds * 1e9))) { [self] in
            guard context.channel.isActive else { return }
            work(self, context)
        }
        timers.append(timer)
    }
}
