import NIOCore
import NIOWebSocket
import Trivia

/// Frames bound for several connections, written straight to their channels: one task per
/// event loop for the whole batch, not one per frame.
///
/// A broadcast to 10,000 players is 10,000 frames. Handing each to its connection's writer
/// task woke that task and crossed the WebSocket writer (an actor, then an async writer that
/// hops to the event loop) once per frame. Here each event loop runs one closure that writes
/// its channels' frames and flushes each channel once. Frames for one connection keep their
/// order: they are scheduled on that connection's event loop in the order ``ConnectionTable``
/// queues them, and event loops run their tasks first in, first out.
struct OutboundBatch {
    /// One frame for one connection.
    struct Write: Sendable {
        let connection: ConnectionID
        let channel: any Channel
        let frame: ByteBuffer
    }

    private var loops: [ObjectIdentifier: (loop: any EventLoop, writes: [Write])] = [:]

    var isEmpty: Bool { loops.isEmpty }

    /// Adds `frame` (a text message's bytes) for `connection`, whose socket is `channel`.
    mutating func append(_ frame: ByteBuffer, for connection: ConnectionID, on channel: any Channel) {
        let loop = channel.eventLoop
        loops[ObjectIdentifier(loop), default: (loop, [])].writes.append(Write(connection: connection, channel: channel, frame: frame))
    }

    /// Schedules the writes, one task per event loop: every frame written as a text frame, then
    /// every channel flushed. A channel whose unsent bytes then exceed `maxOutboundBytes` (its
    /// client stopped reading) is passed to `overflowed`, on its event loop.
    func submit(maxOutboundBytes: Int, overflowed: @escaping @Sendable (ConnectionID, any Channel) -> Void) {
        for (loop, writes) in loops.values {
            loop.execute {
                for write in writes {
                    write.channel.write(WebSocketFrame(fin: true, opcode: .text, data: write.frame), promise: nil)
                }
                for write in writes {
                    write.channel.flush()
                    // NIO marks a channel unwritable past its high-water mark (64 KiB), so the
                    // exact count is read only for channels already that far behind.
                    guard !write.channel.isWritable,
                        let unsent = try? write.channel.syncOptions?.getOption(ChannelOptions.bufferedWritableBytes),
                        unsent > maxOutboundBytes
                    else { continue }
                    overflowed(write.connection, write.channel)
                }
            }
        }
    }
}
