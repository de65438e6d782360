import Foundation
import HummingbirdWebSocket
import Logging
import NIOCore
import NIOWebSocket
import ServerSupport
import SharedNetworking
import Trivia
import TriviaHost
import TriviaWebSocketMessages

/// One WebSocket connection, from the upgrade to the close: a reader that feeds whole
/// messages to the backend (the host, or a cluster edge) within the size and rate limits, and
/// the close handshake when the
/// table asks for one. Outgoing frames do not pass through here: ``ConnectionTable`` writes
/// them to the channel directly.
///
/// An open connection costs one task, the one Hummingbird runs this on: the reader runs in it
/// directly. A close, which only closing connections need, gets its own short task
/// (``CloseHandshake``). Before, every connection held a task group with a reader and a
/// closer waiting on a stream for the whole game; without them the server's resident memory
/// per joined connection went from 38 to 35 KiB (4,000 clients, Docs/TriviaServer/Measurements.md).
struct SocketSession: Sendable {
    let backend: any TriviaServerBackend
    let table: ConnectionTable
    let clock: any AppClock
    /// The competition this server hosts.
    let competition: CompetitionID
    /// Failed joins per client address: a client over it has its messages before the `welcome`
    /// refused (`error`/`tooManyAttempts`, close 4429) or slowed.
    let throttle: FailureThrottle

    var limits: TriviaServerLimits { table.limits }

    /// Runs the connection until either side closes it.
    /// - Parameter requested: the competition named in the socket path.
    func run(requested: CompetitionID, inbound: WebSocketInboundStream, outbound: WebSocketOutboundWriter, channel: any Channel) async {
        // The table writes this connection's frames through a writer next to the pipeline's
        // head; a channel closed before it could be added has nothing left to serve.
        guard let writer = try? await FrameWriter.install(on: channel).get() else { return }
        let connection = await backend.openConnection()
        let handshake = CloseHandshake(outbound: outbound, channel: channel, clock: clock, grace: limits.closeGrace)
        let client = ClientAddress(channel.remoteAddress)
        table.register(connection, sink: FrameSink(channel: channel, writer: writer), client: client, at: clock.now) { handshake.start($0) }
        await read(inbound, on: connection, from: client, requested: requested)
        handshake.cancel()
        table.remove(connection)
        await backend.disconnect(connection)
    }

    /// Collects fragments into messages and hands each admitted one to the host. After the
    /// connection starts closing it keeps reading (so the client's close frame completes the
    /// handshake) but ignores data.
    ///
    /// A socket opened for another competition is refused when its first message arrives,
    /// whatever it is (`error`/`unknownCompetition`, `ref` the message's id when it has one,
    /// then 4404), not at once: the server never speaks first, because a client library may not
    /// be reading yet when the upgrade completes (hummingbird-websocket's client was seen to lose
    /// frames that arrive right behind the upgrade response).
    ///
    /// A message over the hard size limit is closed with 1009 and nothing before it, whether it
    /// came as one frame (the WebSocket library refuses a frame over the limit before anyone reads
    /// it) or in fragments (refused here, at the first fragment past the limit). A binary message
    /// is answered `error`/`malformed` (messages are text) and the connection stays open.
    ///
    /// Until the connection is welcomed, each message first asks the failure throttle about the
    /// client's address (``admitBeforeWelcome(_:on:from:)``): that is where tokens are guessed.
    func read(_ inbound: WebSocketInboundStream, on connection: ConnectionID, from client: ClientAddress, requested: CompetitionID) async {
        var assembler = WebSocketMessageAssembler(maxMessageBytes: limits.maxMessageBytes)
        var binary = false
        do {
            for try await frame in inbound {
                if frame.opcode != .continuation { binary = frame.opcode == .binary }
                let message: ByteBuffer
                switch assembler.append(frame) {
                case .incomplete:
                    continue
                case .tooLarge:
                    table.close(connection, .messageTooLarge)
                    continue
                case .message(let bytes):
                    message = bytes
                }
                guard requested == competition else {
                    table.close(
                        connection, .unknownCompetition, code: .unknownCompetition,
                        message: "this server runs \(competition), not \(requested)", ref: Self.id(of: message))
                    continue
                }
                switch table.admit(connection, at: clock.now) {
                case .accept where binary:
                    table.notify(connection, code: .malformed, message: "a binary message: the protocol's messages are text frames")
                case .accept:
                    guard await admitBeforeWelcome(message, on: connection, from: client) else { continue }
                    let data = Data(message.readableBytesView)
                    table.keepIfWaiting(data, on: connection)
                    await backend.receive(data, from: connection)
                case .dropped, .closing: continue
                }
            }
        } catch {
            // The socket failed (reset, protocol error): the session ends like a close.
        }
    }

    /// Whether `message`, arriving on `connection` from `client`, goes on to the host: always once
    /// the connection is welcomed; before that, after the throttle's delay, or never when the
    /// address has failed too often (`error`/`tooManyAttempts` naming the wait, `ref` the
    /// message's id, close 4429), so that guessing tokens on fresh sockets costs time.
    func admitBeforeWelcome(_ message: ByteBuffer, on connection: ConnectionID, from client: ClientAddress) async -> Bool {
        guard !table.hasJoined(connection) else { return true }
        let decision = throttle.decision(for: client, at: clock.now)
        switch decision {
        case .allow:
            return true
        case .delay(let wait):
            try? await clock.sleep(for: wait)
            return true
        case .refuse:
            let seconds = decision.retryAfterSeconds ?? 1
            table.close(
                connection, .tooManyAttempts, code: .tooManyAttempts,
                message: "too many failed joins from your address: try again in \(seconds) s", ref: Self.id(of: message))
            return false
        }
    }

    /// The `id` of a client message, if it has a readable one (for an error's `ref`).
    static func id(of message: ByteBuffer) -> MessageID? {
        let data = Data(message.readableBytesView)
        do {
            switch try TriviaCodec().decodeClientMessage(data) {
            case .message(let envelope): return envelope.id
            case .ignored(_, let id): return id
            }
        } catch {
            return error.messageID
        }
    }
}
