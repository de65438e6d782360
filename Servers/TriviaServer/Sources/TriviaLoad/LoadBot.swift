import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix
import NIOWebSocket
import SharedNetworking
import Trivia
import TriviaHost

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
    /// Seconds from each lost connection to the `welcome` on the next one (the pause a player
    /// of a killed node sees).
    var reconnectGaps: [Double] = []
    /// Seconds from each answer's first send to its acknowledgement (the wait a player sees
    /// between tapping and the answer's confirmation; a fail-over makes it long).
    var acknowledgementWaits: [Double] = []
}

/// One simulated player: joins, pings every 15 s, answers every question it may (right with
/// probability `accuracy`, after a random think time), asks for its wild-card when offered,
/// stops at `finish` (after the acknowledgements still owed, or 5 s).
///
/// Built to be cheap, so one process drives 20,000 of them: it opens the WebSocket with NIO's
/// own client upgrade and plays in a channel handler (``BotHandler``), so each frame is handled
/// on the event loop that read it (no task per socket, no stream to another task, no
/// view-model); it reads only the fields it needs from each frame (``ServerFramePeek``, no
/// decoding) and encodes what it sends with `TriviaCodec`. Timestamps come from the injected
/// clock.
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

    /// Connects to `ports[first]` on 127.0.0.1, upgrades `path` to a WebSocket and plays. When
    /// the socket drops before the finish (its node was killed), reconnects to the next port and
    /// resumes, up to 5 times. Returns what it saw once it is done.
    func run(ports: [Int], first: Int, path: String, loop: any EventLoop, timers: NIOLoopBound<BotTimerWheel>, progress: LoadProgress)
        async -> BotMetrics
    {
        var state = BotState(seed: seed)
        var index = first
        for attempt in 0..<6 {
            let previous = state
            state = await play(
                from: previous, port: ports[index % ports.count], path: path, loop: loop, timers: timers, progress: progress)
            let dropped = !state.metrics.finished && state.disconnectedAt != nil
            guard dropped, ports.count > 1, attempt < 5 else { break }
            index += 1  // the next node
            state.metrics.connectError = nil
            try? await clock.sleep(for: .milliseconds(200))
        }
        var metrics = state.metrics
        if !metrics.finished { metrics.droppedBeforeFinish = true }
        for request in metrics.answersSent.subtracting(metrics.answersAcknowledged) {
            let question = request.rawValue.split(separator: "-").last.map(String.init) ?? "?"
            metrics.errors["unacknowledged \(question)\(metrics.finished ? " after finish" : "")", default: 0] += 1
        }
        return metrics
    }

    /// One connection: plays on from `state` until the socket closes, and returns the state.
    private func play(
        from state: BotState, port: Int, path: String, loop: any EventLoop, timers: NIOLoopBound<BotTimerWheel>, progress: LoadProgress
    ) async -> BotState {
        let done = loop.makePromise(of: BotState.self)
        let first = !state.metrics.connected
        do {
            let upgraded = try await ClientBootstrap(group: loop).connect(host: "127.0.0.1", port: port) { channel in
                channel.eventLoop.makeCompletedFuture {
                    let upgrader = NIOTypedWebSocketClientUpgrader<(any Channel)?>(maxFrameSize: 1 << 20) { channel, _ in
                        channel.eventLoop.makeCompletedFuture {
                            try channel.pipeline.syncOperations.addHandler(
                                BotHandler(bot: self, state: state, timers: timers.value, progress: progress, done: done))
                            return channel
                        }
                    }
                    var headers = NIOHTTP1.HTTPHeaders()
                    headers.add(name: "Host", value: "127.0.0.1:\(port)")
                    headers.add(name: "Content-Length", value: "0")
                    let request = HTTPRequestHead(version: .http1_1, method: .GET, uri: path, headers: headers)
                    let upgrade = NIOTypedHTTPClientUpgradeConfiguration<(any Channel)?>(
                        upgradeRequestHead: request, upgraders: [upgrader],
                        notUpgradingCompletionHandler: { channel in channel.eventLoop.makeCompletedFuture { nil } })
                    return try channel.pipeline.syncOperations.configureUpgradableHTTPClientPipeline(
                        configuration: .init(upgradeConfiguration: upgrade))
                }
            }
            guard let channel = try await upgraded.get() else { throw LoadError("the server did not upgrade \(path) to a WebSocket") }
            if first { progress.settled() }
            channel.pipeline.fireUserInboundEventTriggered(BotHandler.Start.start)
        } catch {
            var failed = state
            failed.metrics.connectError = "\(error)"
            if failed.disconnectedAt == nil { failed.disconnectedAt = clock.now }
            if first { progress.settled() }
            done.succeed(failed)
        }
        return (try? await done.futureResult.get()) ?? state
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

    /// What a peeked frame said. The commonest types are tested first.
    static func event(of peek: ServerFramePeek) -> Event {
        if peek.string(.type, is: "answerAck") {
            guard let request = peek.string(.requestId) else { return .unreadable }
            return .answerAck(RequestID(request), rejected: peek.string(.status, is: "rejected"))
        }
        if peek.string(.type, is: "question") {
            guard let id = peek.string(.questionId), let opened = peek.date(.openedAt), let deadline = peek.date(.deadline) else {
                return .unreadable
            }
            return .question(QuestionID(id), openedAt: opened, deadline: deadline, isPlayer: peek.string(.role, is: "player"))
        }
        if peek.string(.type, is: "result") {
            guard let id = peek.string(.questionId) else { return .unreadable }
            return .result(
                QuestionID(id), lost: peek.bool(.correct) == false && peek.string(.role, is: "viewer"),
                answered: !peek.isNull(.yourChoice), canUseWildcard: !peek.isNull(.wildcardDeadline))
        }
        switch peek.string(.type) {
        case "welcome": return .welcome(balance: peek.int(.balance) ?? 0)
        case "wildcardResult": return .wildcardResult(balance: peek.int(.balance) ?? 0, accepted: peek.bool(.accepted) == true)
        case "finish": return .finish
        case "error": return .error(peek.string(.code) ?? "?")
        case .some: return .other
        case nil: return .unreadable
        }
    }
}
