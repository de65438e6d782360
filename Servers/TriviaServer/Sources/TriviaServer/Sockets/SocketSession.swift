import Foundation
import HummingbirdWebSocket
import Logging
import NIOCore
import NIOWebSocket
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
/// per joined connection went from 38 to 35 KiB (4,000 clients, Docs/TriviaServer.md).
struct SocketSession: Sendable {
    let backend: any TriviaServerBackend
    let table: ConnectionTable
    let clock: any AppClock
    /// The competition this server hosts.
    let competition: CompetitionID

    var limits: TriviaServerLimits { table.limits }

    /// Runs the connection until either side closes it.
    /// - Parameter requested: the competition named in the socket path.
    func run(requested: CompetitionID, inbound: WebSocketInboundStream, outbound: WebSocketOutboundWriter, channel: any Channel) async {
        // The table writes this connection's frames through a writer next to the pipeline's
        // head; a channel closed before it could be added has nothing left to serve.
        guard let writer = try? await FrameWriter.install(on: channel).get() else { return }
        let connection = await backend.openConnection()
        let handshake = CloseHandshake(outbound: outbound, channel: channel, clock: clock, grace: limits.closeGrace)
        table.register(connection, sink: FrameSink(channel: channel, writer: writer), at: clock.now) { handshake.start($0) }
        await read(inbound, on: connection, requested: requested)
        handshake.cancel()
        table.remove(connection)
        await backend.disconnect(connection)
    }

    /// Collects fragments into messages and hands each admitted one to the host. After the
    /// connection starts closing it keeps reading (so the client's close frame completes the
    /// handshake) but ignores data.
    ///
    /// A socket opened for another competition is refused when its first message (its `join`)
    /// arrives, not at once: the server never speaks first, because a client library may not be
    /// reading yet when the upgrade completes (hummingbird-websocket's client was seen to lose
    /// frames that arrive right behind the upgrade response).
    func read(_ inbound: WebSocketInboundStream, on connection: ConnectionID, requested: CompetitionID) async {
        var assembler = WebSocketMessageAssembler(maxMessageBytes: limits.maxMessageBytes)
        do {
            for try await frame in inbound {
                let message: ByteBuffer
                switch assembler.append(frame) {
                case .incomplete:
                    continue
                case .tooLarge:
                    table.close(
                        connection, .messageTooLarge, code: .malformed, message: "message of more than \(limits.maxMessageBytes) bytes")
                    continue
                case .message(let bytes):
                    message = bytes
                }
                guard requested == competition else {
                    table.close(
                        connection, .unknownCompetition, code: .unknownCompetition,
                        message: "this server runs \(competition), not \(requested)")
                    continue
                }
                switch table.admit(connection, at: clock.now) {
                case .accept:
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

}
