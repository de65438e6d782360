import NIOCore
import NIOWebSocket
import TriviaWebSocketMessages

/// One session's socket, played inside its channel pipeline: every frame is handled on the
/// event loop that read it, with no task per socket and no copy of a message that came in one
/// frame (the pattern of `trivia-load`'s bots, which drive 20,000 sockets from one process).
///
/// It speaks the client side of RFC 6455 (frames masked, pings answered, the close handshake),
/// reports the first message (the whole screen) through `attached`, and, once ``Begin`` gives it
/// a ``DrivePlan``, sends the scenario's events on schedule whether or not the last one was
/// acknowledged (so a slow server shows as latency, not as fewer events) and times each one to
/// the first message whose `ack` reaches its `seq`. What it saw is delivered once, through
/// `finished`, when the plan's time is up or the socket closes.
final class LiveSocketHandler: ChannelInboundHandler {
    typealias InboundIn = WebSocketFrame
    typealias OutboundOut = WebSocketFrame

    /// Fired down the pipeline once every socket of the run is attached.
    struct Begin: Sendable {
        var plan: DrivePlan
    }

    /// Fired down the pipeline at the end of the run: the handler starts the close handshake.
    enum Close: Sendable { case close }

    private struct Sent {
        var seq: Int
        var at: NIODeadline
        var counted: Bool
        /// Its place in the scenario's round (``LoadScenario/eventNames``).
        var step: Int
    }

    private let scenario: LoadScenario
    /// Trivia: the bytes that show question k on a screen.
    private let markers: [[UInt8]]
    private let attached: EventLoopPromise<Void>
    private let finished: EventLoopPromise<ConnectionStats>
    private var assembler = WebSocketMessageAssembler(maxMessageBytes: 8 << 20)
    private var stats = ConnectionStats()
    private var plan: DrivePlan?
    private var context: ChannelHandlerContext?
    private var seq = 0
    private var eventNumber = 0
    private var outstanding = CircularBuffer<Sent>()
    private var seenAt: [NIODeadline?]
    private var sawFirst = false
    private var done = false
    private var closeSent = false

    /// A handler for `scenario`; `attached` succeeds at the first message, `finished` gets what it
    /// saw at the end.
    init(
        scenario: LoadScenario, markers: [[UInt8]], attached: EventLoopPromise<Void>, finished: EventLoopPromise<ConnectionStats>
    ) {
        self.scenario = scenario
        self.markers = markers
        self.attached = attached
        self.finished = finished
        seenAt = Array(repeating: nil, count: markers.count)
        stats.stepBytes = Array(repeating: 0, count: scenario.eventNames.count)
        stats.stepMessages = Array(repeating: 0, count: scenario.eventNames.count)
    }

    func handlerAdded(context: ChannelHandlerContext) {
        self.context = context
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        self.context = nil
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if let begin = event as? Begin {
            start(begin.plan, context: context)
        } else if event is Close {
            close(context: context)
        } else {
            context.fireUserInboundEventTriggered(event)
        }
    }

    func channelInactive(context: ChannelHandlerContext) {
        attached.fail(ChannelError.eof)
        if !done { stats.closedEarly = true }
        finish()
        context.fireChannelInactive()
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        context.close(promise: nil)
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let frame = unwrapInboundIn(data)
        switch frame.opcode {
        case .ping, .connectionClose:
            if let reply = WebSocketClientFrames.reply(to: frame, closeSent: closeSent, allocator: context.channel.allocator) {
                WebSocketClientFrames.write(reply, to: context)
            }
            if frame.opcode == .connectionClose {
                closeSent = true
                context.close(promise: nil)
            }
        case .text, .binary, .continuation:
            switch assembler.append(frame.unmaskedData, continuation: frame.opcode == .continuation, fin: frame.fin) {
            case .message(let message): receive(message, at: .now())
            case .tooLarge: stats.tooLarge += 1
            case .incomplete: break
            }
        default:
            break
        }
    }

    // MARK: Receiving

    private func receive(_ message: ByteBuffer, at now: NIODeadline) {
        let peek = message.withUnsafeReadableBytes { bytes in
            for index in markers.indices where seenAt[index] == nil && LiveMessagePeek.contains(markers[index], in: bytes) {
                seenAt[index] = now
            }
            return LiveMessagePeek(bytes)
        }
        let size = message.readableBytes
        if peek.kind == .expired { stats.expired = true }
        // What it acknowledges: the last counted event it settles, or only warm-up events.
        let settled = peek.ack.map { acknowledge(through: $0, refused: peek.kind == .error, at: now) } ?? .nothing
        if !sawFirst {
            sawFirst = true
            stats.firstMessageBytes = size
            stats.firstWasReset = peek.reset
            attached.succeed()
        } else if let plan, now >= plan.measureFrom, settled != .warmUpOnly {
            stats.messages += 1
            stats.bytes += size
            if case .counted(let step) = settled, step < stats.stepBytes.count {
                stats.stepBytes[step] += size
                stats.stepMessages[step] += 1
            }
        }
        finishIfDone(at: now)
    }

    /// What one `ack` settled.
    private enum Settled: Equatable {
        /// No event was outstanding up to it.
        case nothing
        /// Warm-up events only: the message is the warm-up's, not counted.
        case warmUpOnly
        /// Counted events, the last of them at this step of the round.
        case counted(step: Int)
    }

    private func acknowledge(through ack: Int, refused: Bool, at now: NIODeadline) -> Settled {
        var settled = Settled.nothing
        while let first = outstanding.first, first.seq <= ack {
            outstanding.removeFirst()
            guard first.counted else {
                if settled == .nothing { settled = .warmUpOnly }
                continue
            }
            settled = .counted(step: first.step)
            stats.acknowledged += 1
            if refused { stats.refused += 1 }
            stats.latencies.append(Self.seconds(now - first.at))
        }
        return settled
    }

    // MARK: Sending

    private func start(_ plan: DrivePlan, context: ChannelHandlerContext) {
        guard self.plan == nil, !done else { return }
        self.plan = plan
        stats.active = plan.active && scenario.sendsEvents
        if plan.active, scenario.sendsEvents {
            schedule(at: plan.firstSend) { handler in handler.send(planned: plan.firstSend) }
        }
        schedule(at: plan.finishBy) { handler in handler.finish() }
        finishIfDone(at: .now())
    }

    private func send(planned: NIODeadline) {
        guard !done, let plan, let context, context.channel.isActive else { return }
        let now = NIODeadline.now()
        guard planned < plan.sendUntil else {
            finishIfDone(at: now)
            return
        }
        seq += 1
        let time = Self.seconds(now - plan.origin)
        if let text = scenario.event(eventNumber, seq: seq, time: time) {
            let counted = planned >= plan.measureFrom
            outstanding.append(Sent(seq: seq, at: now, counted: counted, step: eventNumber % max(1, scenario.eventNames.count)))
            eventNumber += 1
            if counted {
                stats.sent += 1
                stats.sendLagMax = max(stats.sendLagMax, Self.seconds(now - planned))
            }
            WebSocketClientFrames.write(
                WebSocketFrame(fin: true, opcode: .text, data: context.channel.allocator.buffer(string: text)), to: context)
        }
        let next = planned + plan.interval
        schedule(at: next) { handler in handler.send(planned: next) }
    }

    // MARK: The end

    /// Reports early when nothing is left to wait for: the sending is over and every counted
    /// event acknowledged, and (Trivia) every question shown.
    private func finishIfDone(at now: NIODeadline) {
        guard !done, let plan, now >= plan.sendUntil, !outstanding.contains(where: \.counted) else { return }
        guard seenAt.allSatisfy({ $0 != nil }) else { return }
        finish()
    }

    private func finish() {
        guard !done else { return }
        done = true
        stats.lost = outstanding.count(where: \.counted)
        if let plan {
            stats.questionLatencies = plan.questions.indices.map { index in
                guard index < seenAt.count, let seen = seenAt[index] else { return nil }
                return Self.seconds(seen - plan.questions[index])
            }
            // Shown half a second or more before its broadcast: another competition's question.
            stats.early = stats.questionLatencies.count { ($0 ?? 0) < -0.5 }
            stats.questionLatencies = stats.questionLatencies.map { latency in latency.flatMap { $0 < -0.5 ? nil : max(0, $0) } }
        }
        finished.succeed(stats)
    }

    /// Starts the close handshake (once); the server answers and closes the socket, or this
    /// side closes it a second later.
    private func close(context: ChannelHandlerContext) {
        guard !closeSent, context.channel.isActive else { return }
        finish()
        WebSocketClientFrames.write(WebSocketClientFrames.normalClose(allocator: context.channel.allocator), to: context)
        closeSent = true
        schedule(at: .now() + .seconds(1)) { handler in handler.context?.close(promise: nil) }
    }

    /// Runs `work` on this channel's event loop at `deadline`, unless the channel is gone by then.
    private func schedule(at deadline: NIODeadline, _ work: @escaping (LiveSocketHandler) -> Void) {
        guard let context else { return }
        context.eventLoop.assumeIsolated().scheduleTask(deadline: deadline) { [self] in
            guard self.context != nil else { return }
            work(self)
        }
    }

    static func seconds(_ amount: TimeAmount) -> Double {
        Double(amount.nanoseconds) / 1e9
    }
}
