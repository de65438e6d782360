import Foundation
import SharedNetworking
import Trivia
import TriviaHost

/// One simulated player of an in-process competition, and a real client of its server: the
/// client state machine every front-end drives (`TriviaClientState`), over the server's
/// WebSocket and its balance endpoint, so the host counts it exactly as it counts a tab. What it
/// taps is a `TriviaBot`'s moves, the players of the `exercises trivia` simulation
/// (`TriviaBot.move(from:to:correctChoice:random:)`), made here on a real clock.
///
/// An actor of its own, not a view-model: its frames, timers and taps never wait for the main
/// actor (which renders every tab), and it draws no screen. It plays until its client stops for
/// good (the competition finished, or the host refused it) or the task running ``play()`` is
/// cancelled (its competition is stopped), then closes its socket.
actor TriviaBotPlayer {
    private let bot: TriviaBot
    /// The right choice of each question: the bot's strategy decides how often it takes it.
    private let answers: [QuestionID: Int]
    private let transport: any TriviaTransport
    private let balances: any WildcardBalanceFetching
    private let clock: any AppClock
    private let codec = TriviaCodec()
    private var client: TriviaClientState
    private var random: SeededRandom
    private var connection: (any TriviaConnection)?
    /// Bumped for every connection attempt and every deliberate disconnect: what a connection
    /// given up on still delivers is dropped.
    private var generation = 0
    private var reading: Task<Void, Never>?
    /// The frames to send on the open socket, written in order by one task per socket.
    private var outgoing: AsyncStream<Data>.Continuation?
    private var timers: [TriviaTimer: (token: Int, task: Task<Void, Never>)] = [:]
    private var timerTokens = 0
    /// Taps waiting for their think time, and balance fetches under way.
    private var pending: [Task<Void, Never>] = []

    /// A bot playing as `configuration` says (its seat's user and token), over `transport` and
    /// `balances`, drawing its moves from `random`.
    init(
        bot: TriviaBot, configuration: TriviaClientConfiguration, answers: [QuestionID: Int], transport: any TriviaTransport,
        balances: any WildcardBalanceFetching, clock: any AppClock, random: SeededRandom
    ) {
        self.bot = bot
        self.answers = answers
        self.transport = transport
        self.balances = balances
        self.clock = clock
        self.random = random
        self.client = TriviaClientState(configuration: configuration)
    }

    /// What the client knows now (its link, role, round and score).
    var state: TriviaClientState { client }

    /// Joins and plays until the client stops for good or this task is cancelled.
    func play() async {
        handle(.launched)
        while !client.link.isClosed {
            do {
                try await clock.sleep(for: .milliseconds(500))
            } catch {
                break
            }
        }
        stop()
    }

    /// Leaves (if still in) and ends everything under way: timers, taps, the socket.
    private func stop() {
        if !client.link.isClosed { handle(.stopped) }
        for task in pending { task.cancel() }
        pending = []
        for entry in timers.values { entry.task.cancel() }
        timers = [:]
        disconnect()
    }

    // MARK: The state machine

    private func handle(_ event: TriviaClientEvent) {
        let before = client
        let effects = client.handle(event, at: clock.now)
        for effect in effects { perform(effect) }
        guard client != before else { return }
        let answers = self.answers
        switch bot.move(from: before, to: client, correctChoice: { answers[$0] }, random: &random) {
        case .choose(let choice, let question, let delay):
            tap(.choiceSelected(choice), on: question, after: delay)
        case .wildcard(let use, let question, let delay):
            tap(use ? .wildcardAccepted : .wildcardDeclined, on: question, after: delay)
        case nil:
            break
        }
    }

    /// Taps after `seconds`, if the screen is still the one the tap was decided on (question
    /// `question` open for a choice, its result for the wild-card).
    private func tap(_ event: TriviaClientEvent, on question: QuestionID, after seconds: Double) {
        pending.append(later(.seconds(seconds)) { $0.tapNow(event, on: question) })
    }

    /// Runs `body` on this actor after `delay` on the clock, unless cancelled first.
    private func later(_ delay: Duration, _ body: @escaping @Sendable (isolated TriviaBotPlayer) -> Void) -> Task<Void, Never> {
        Task { [clock] in
            guard (try? await clock.sleep(for: delay)) != nil else { return }
            body(self)
        }
    }

    private func tapNow(_ event: TriviaClientEvent, on question: QuestionID) {
        let shown: QuestionID? =
            switch (event, client.phase) {
            case (.choiceSelected, .question(let round)): round.question.questionId
            case (.wildcardAccepted, .result(let round)), (.wildcardDeclined, .result(let round)): round.result.questionId
            default: nil
            }
        guard shown == question else { return }
        handle(event)
    }

    private func perform(_ effect: TriviaClientEffect) {
        switch effect {
        case .fetchBalance:
            let configuration = client.configuration
            pending.append(
                Task { [balances] in
                    let event: TriviaClientEvent
                    do throws(WildcardBalanceError) {
                        event = .balanceLoaded(try await balances.balance(for: configuration.user, token: configuration.token).balance)
                    } catch {
                        event = .balanceFailed(error)
                    }
                    self.handle(event)
                })
        case .connect:
            connect()
        case .send(let envelope):
            // Dropped without a socket: the machine resends what needs it.
            outgoing?.yield(codec.encode(envelope))
        case .startTimer(let timer, let delay):
            timers[timer]?.task.cancel()
            timerTokens += 1
            let token = timerTokens
            timers[timer] = (token, later(delay) { $0.fire(timer, token: token) })
        case .cancelTimer(let timer):
            timers.removeValue(forKey: timer)?.task.cancel()
        case .cancelAllTimers:
            for entry in timers.values { entry.task.cancel() }
            timers = [:]
        case .disconnect:
            disconnect()
        }
    }

    private func fire(_ timer: TriviaTimer, token: Int) {
        guard timers[timer]?.token == token else { return }
        timers[timer] = nil
        handle(.timerFired(timer))
    }

    // MARK: The socket

    private func connect() {
        generation += 1
        let attempt = generation
        reading?.cancel()
        reading = Task { [transport] in
            do throws(TriviaTransportError) {
                let connection = try await transport.connect()
                guard self.opened(connection, attempt: attempt) else { return await connection.close() }
                for await event in connection.incoming {
                    guard self.received(event, attempt: attempt) else { return }
                }
            } catch {
                self.failed(error, attempt: attempt)
            }
        }
    }

    private func opened(_ connection: any TriviaConnection, attempt: Int) -> Bool {
        guard attempt == generation else { return false }
        self.connection = connection
        let (frames, outgoing) = AsyncStream.makeStream(of: Data.self)
        self.outgoing = outgoing
        Task {
            for await frame in frames { try? await connection.send(frame) }
        }
        handle(.connected)
        return true
    }

    private func failed(_ error: TriviaTransportError, attempt: Int) {
        guard attempt == generation else { return }
        handle(.connectionFailed(error))
    }

    /// Feeds one thing the socket delivered to the machine; `false` once the socket is done
    /// with (closed, or given up on).
    private func received(_ event: TriviaConnectionEvent, attempt: Int) -> Bool {
        guard attempt == generation else { return false }
        switch event {
        case .frame(let frame):
            do throws(TriviaProtocolError) {
                if case .message(let envelope) = try codec.decodeServerMessage(frame) { handle(.received(envelope)) }
            } catch {
                handle(.malformed(error))
            }
            return true
        case .closed(let error):
            connection = nil
            outgoing?.finish()
            outgoing = nil
            handle(.disconnected(error))
            return false
        }
    }

    private func disconnect() {
        generation += 1
        reading?.cancel()
        reading = nil
        outgoing?.finish()
        outgoing = nil
        guard let connection else { return }
        self.connection = nil
        Task { await connection.close() }
    }
}
