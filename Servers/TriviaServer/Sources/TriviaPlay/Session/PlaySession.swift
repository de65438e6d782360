import Foundation
import Observation
import SharedNetworking
import Trivia
import TriviaHost
import UnixSignals

/// One game in a terminal: keys become the view-model's actions, the view-model's screen
/// becomes frames, signals and the end of the game become a clean exit.
///
/// Nothing here decides a rule of the game. A key is mapped to the action a SwiftUI button
/// would call (``TriviaViewModel/select(_:)``, ``TriviaViewModel/useWildcard()``,
/// ``TriviaViewModel/declineWildcard()``), and the state machine ignores what it does not allow
/// (a second answer, an answer after the deadline or from a viewer, a wild-card not offered).
/// What is drawn is the view-model's ``TriviaViewModel/screen``, as the app would draw it.
///
/// Every way out (a key, a signal, the end of the game) takes one path: the view-model stops,
/// the connection's close handshake is awaited (a bounded wait: a server that does not answer does not keep the
/// player), and the output restores the terminal.
@MainActor
public final class PlaySession {
    private let model: TriviaViewModel
    private let transport: TrackedTransport
    private let output: any PlayOutput
    private let clock: any AppClock
    private let closeTimeout: Duration
    private let events: AsyncStream<PlayEvent>
    private let continuation: AsyncStream<PlayEvent>.Continuation
    private var decoder = KeyDecoder()

    /// A session for `model`, whose transport is `transport`, shown on `output`. Leaving waits
    /// up to `closeTimeout` on `clock` for the close handshake.
    public init(
        model: TriviaViewModel, transport: TrackedTransport, output: any PlayOutput, clock: any AppClock,
        closeTimeout: Duration = .seconds(3)
    ) {
        self.model = model
        self.transport = transport
        self.output = output
        self.clock = clock
        self.closeTimeout = closeTimeout
        (events, continuation) = AsyncStream.makeStream(of: PlayEvent.self)
    }

    /// Hands the session an event from another thread (input, signals).
    public nonisolated func post(_ event: PlayEvent) {
        continuation.yield(event)
    }

    /// Plays until the person leaves, a signal arrives, or the game is over (and, on a
    /// terminal, a key is pressed on the final screen).
    public func run() async throws(TerminalError) -> PlayOutcome {
        try output.begin()
        model.start()
        observe()
        draw()
        if let outcome = await loop() { return outcome }
        return await leave(.left)
    }

    private func loop() async -> PlayOutcome? {
        for await event in events {
            switch event {
            case .screenChanged:
                observe()
                draw()
                if let outcome = endedOutcome, !output.waitsForKeyAtEnd { return await leave(outcome) }
            case .input(let bytes):
                for key in decoder.decode(bytes) {
                    if let outcome = endedOutcome { return await leave(outcome) }
                    if let outcome = perform(PlayAction(key)) { return await leave(outcome) }
                }
            case .inputEnded:
                // A log keeps going without a keyboard; a terminal that went away is a way out.
                if output.waitsForKeyAtEnd { return await leave(endedOutcome ?? .left) }
            case .signal(let signal):
                if signal == .sigwinch {
                    output.resize()
                } else {
                    return await leave(PlayOutcome(signal: signal))
                }
            }
        }
        return nil
    }

    /// Performs `action`; returns an outcome when it ends the game.
    private func perform(_ action: PlayAction) -> PlayOutcome? {
        switch action {
        case .choose(let index): model.select(index)
        case .useWildcard: model.useWildcard()
        case .declineWildcard: model.declineWildcard()
        case .leave: return .left
        case .interrupt: return .interrupted(signal: UnixSignal.sigint.rawValue)
        case .none: break
        }
        return nil
    }

    /// Set once the game cannot go on here: finished, refused, replaced or interrupted.
    private var endedOutcome: PlayOutcome? {
        switch model.client.link {
        case .closed(.finished): return .finished
        case .closed(.stopped): return .left
        case .closed: return .ended(model.screen.banner?.text ?? "The game ended.")
        default:
            if case .finished = model.client.phase { return .finished }
            return nil
        }
    }

    private func draw() {
        output.show(model.screen, keys: KeyHelp.line(for: model.screen, ended: endedOutcome != nil))
    }

    /// Re-arms observation of the view-model: the next change posts ``PlayEvent/screenChanged``.
    private func observe() {
        let continuation = self.continuation
        withObservationTracking {
            _ = model.state
            _ = model.client
        } onChange: {
            continuation.yield(.screenChanged)
        }
    }

    /// Stops the game, waits (bounded) for the close handshake, restores the terminal.
    private func leave(_ outcome: PlayOutcome) async -> PlayOutcome {
        model.stop()
        let transport = self.transport
        let clock = self.clock
        let timeout = closeTimeout
        await withTaskGroup(of: Void.self) { group in
            group.addTask { await transport.closeLatest() }
            group.addTask { try? await clock.sleep(for: timeout) }
            await group.next()
            group.cancelAll()
        }
        output.end(outcome, screen: model.screen)
        continuation.finish()
        return outcome
    }
}
