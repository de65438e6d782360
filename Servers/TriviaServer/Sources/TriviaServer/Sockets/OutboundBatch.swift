import NIOCore
import Trivia
import TriviaHost

/// Where one connection's frames go: its channel, and the ``FrameWriter`` next to the head of
/// that channel's pipeline.
struct FrameSink: Sendable {
    let channel: any Channel
    let writer: NIOLoopBound<FrameWriter>
}

/// Frames bound for several connections, written straight to their sockets: one task per
/// event loop for the whole batch, not one per frame.
///
/// A broadcast to 10,000 players is 10,000 frames. Handing each to its connection's writer
/// task woke that task and crossed the WebSocket writer (an actor, then an async writer that
/// hops to the event loop) once per frame. Here each event loop runs one closure that writes
/// its connections' frames, already framed (``WebSocketTextFrame``), through each one's
/// ``FrameWriter`` and flushes each connection once. Frames for one connection keep their
/// order: they are scheduled on that connection's event loop in the order ``ConnectionTable``
/// queues them, and event loops run their tasks first in, first out.
struct OutboundBatch {
    /// One frame for one connection.
    struct Write: Sendable {
        let connection: ConnectionID
        let sink: FrameSink
        /// A whole WebSocket frame: header and payload.
        let frame: ByteBuffer
    }

    private var loops: [ObjectIdentifier: (loop: any EventLoop, writes: [Write])] = [:]

    var isEmpty: Bool { loops.isEmpty }

    /// Adds `frame` (a whole text frame, header included) for `connection`, written to `sink`.
    mutating func append(_ frame: ByteBuffer, for connection: ConnectionID, to sink: FrameSink) {
        let loop = sink.channel.eventLoop
        loops[ObjectIdentifier(loop), default: (loop, [])].writes.append(Write(connection: connection, sink: sink, frame: frame))
    }

    /// Schedules the writes, one task per event loop: every frame written, then every
    /// connection flushed. A channel whose unsent bytes then exceed `maxOutboundBytes` (its
    /// client stopped reading) is passed to `overflowed`, on its event loop.
    func submit(maxOutboundBytes: Int, overflowed: @escaping @Sendable (ConnectionID, any Channel) -> Void) {
        for (loop, writes) in loops.values {
            loop.execute {
                for write in writes {
                    write.sink.writer.value.write(write.frame)
                }
                for write in writes {
                    write.sink.writer.value.flush()
                    // NIO marks a channel unwritable past its high-water mark (64 KiB), so the
                    // exact count is read only for channels already that far behind.
                    let channel = write.sink.channel
                    guard !channel.isWritable,
                        let unsent = try? channel.syncOptions?.getOption(ChannelOptions.bufferedWritableBytes),
                        unsent > maxOutboundBytes
                    else { continue }
                    overflowed(write.connection, channel)
                }
            }
        }
    }
}
