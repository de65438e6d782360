import Foundation
import SharedNetworking
import Trivia

/// The reference host as a running service: ``TriviaHostCore`` behind an actor, with a clock
/// that drives the schedule and one stream of outputs for whatever carries the bytes.
///
/// Transport-independent: the in-memory network (tests), the `exercises` command and a
/// WebSocket server all feed it `(connection, frame)` events and route its
/// `(connection, message)` outputs. With a ``/SharedNetworking/ManualClock`` it runs a competition without
/// waiting.
public actor TriviaHost {
    private var core: TriviaHostCore
    private let clock: any AppClock
    private var nextConnection: UInt64 = 0
    private let continuation: AsyncStream<HostOutput>.Continuation

    /// Every output in order: messages to send and connections to close.
    public nonisolated let outputs: AsyncStream<HostOutput>

    /// A host running `core` on `clock`: it fires the schedule's timers itself.
    public init(core: TriviaHostCore, clock: any AppClock) {
        self.core = core
        self.clock = clock
        (outputs, continuation) = AsyncStream.makeStream(of: HostOutput.self)
    }

    /// Registers a new connection and returns its id.
    public func openConnection() -> ConnectionID {
        nextConnection += 1
        let connection = ConnectionID(nextConnection)
        publish(core.connect(connection, at: clock.now))
        return connection
    }

    /// A frame from `connection`.
    public func receive(_ frame: Data, from connection: ConnectionID) {
        publish(core.receive(frame: frame, from: connection, at: clock.now))
    }

    /// `connection` went away.
    public func disconnect(_ connection: ConnectionID) {
        publish(core.disconnect(connection, at: clock.now))
    }

    /// Runs the schedule until the competition finishes or the task is cancelled: sleeps on
    /// the clock until the next deadline, then advances the core.
    public func run() async {
        while !Task.isCancelled {
            publish(core.advance(to: clock.now))
            guard let next = core.nextDeadline else { break }
            // Until the instant (a clock another task moves may move between reading it and
            // sleeping for the time left).
            do {
                try await clock.sleep(until: next)
            } catch {
                break
            }
        }
    }

    /// Ends ``outputs`` (after a finished competition, when shutting down).
    public func shutdown() {
        continuation.finish()
    }

    /// Where the competition is.
    public var phase: HostPhase { core.phase }
    /// Whether the competition has ended.
    public var isFinished: Bool { core.isFinished }
    /// Every user with their answers and balance, for dashboards and tests.
    public var standings: [HostUserSnapshot] { core.standings }
    /// The winners so far (all of them once finished).
    public var winners: [TriviaWinner] { core.winners }

    /// Wild-cards `user` owns now (backs `GET /v1/users/{user}/wildcards`).
    public func balance(of user: UserID) -> Int {
        core.balance(of: user)
    }

    private func publish(_ outputs: [HostOutput]) {
        for output in outputs { continuation.yield(output) }
    }
}
