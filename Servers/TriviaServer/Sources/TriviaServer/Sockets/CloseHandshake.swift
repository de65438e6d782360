import HummingbirdWebSocket
import NIOCore
import NIOWebSocket
import SharedNetworking
import Synchronization

/// The server's side of a close handshake on one connection: the close frame, then up to a
/// grace period for the client's, then the socket is closed whatever the client did.
///
/// The close frame follows every frame the table wrote before asking: those were scheduled on
/// the channel's event loop first, and the writer hops to the same loop. The session's reader
/// keeps reading meanwhile, so the client's close frame completes the handshake and ends it.
final class CloseHandshake: Sendable {
    private let outbound: WebSocketOutboundWriter
    private let channel: any Channel
    private let clock: any AppClock
    private let grace: Duration
    /// The running handshake, once started; `cancelled` once the session ended.
    private let state = Mutex<(task: Task<Void, Never>?, cancelled: Bool)>((nil, false))

    init(outbound: WebSocketOutboundWriter, channel: any Channel, clock: any AppClock, grace: Duration) {
        self.outbound = outbound
        self.channel = channel
        self.clock = clock
        self.grace = grace
    }

    /// Starts the handshake with `close` (the table calls this at most once).
    func start(_ close: TriviaCloseCode) {
        state.withLock { state in
            guard state.task == nil, !state.cancelled else { return }
            state.task = Task { [outbound, channel, clock, grace] in
                try? await outbound.close(
                    WebSocketErrorCode(codeNumber: Int(close.code)), reason: close.reason.isEmpty ? nil : close.reason)
                guard (try? await clock.sleep(for: grace)) != nil else { return }
                // The client did not answer within the grace period: stop waiting for it.
                channel.close(promise: nil)
            }
        }
    }

    /// The session ended (the socket is closed): a handshake still waiting stops.
    func cancel() {
        let task = state.withLock { state -> Task<Void, Never>? in
            state.cancelled = true
            return state.task
        }
        task?.cancel()
    }
}
