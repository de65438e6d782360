import NIOCore

/// The first handler of every guarded connection: it sees the raw bytes before any parser, holds
/// each request's head and body to their deadlines, and after a WebSocket upgrade enforces the
/// RFC 6455 rules on every client frame (``WebSocketClientFrameScanner``). It changes no byte.
///
/// Hummingbird's idle timeout cannot do this: with a WebSocket upgrade on the HTTP/1 channel
/// its connection handler is added only once the first head has been parsed (the upgrade
/// decision), so a connection that never completes a head is never timed out, and a body that
/// trickles resets any idle timer. This handler is added before the channel's own setup, at the
/// front of the pipeline, so it is there from the first byte and stays after the upgrade.
///
/// Deadlines (``ConnectionGuardLimits``):
/// - a head must be whole within ``ConnectionGuardLimits/headerTimeout`` of the connection
///   opening or of the server's last write before it (a response on a kept-alive connection);
///   trickled bytes do not extend it (nginx `client_header_timeout`);
/// - a body within ``ConnectionGuardLimits/bodyTimeout`` of the end of its head (nginx
///   `client_body_timeout`, but for the whole body, not between two reads);
/// - nothing while the server works on a request, nor on a WebSocket (its application has its
///   own timeouts: the Trivia server's join and idle timeouts, pings).
///
/// Over a deadline, or a head over ``ConnectionGuardLimits/maxHeadBytes``, the connection is
/// closed without an answer: the client has not used the one it had.
final class ConnectionGuardHandler: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer
    typealias OutboundIn = IOData
    typealias OutboundOut = IOData

    private enum Phase {
        case http
        /// After the head of an upgrade request; `upgraded` once the `101` went out.
        case webSocket(upgraded: Bool)
        /// The connection is being closed: nothing more is read.
        case failed
    }

    private let limits: ConnectionGuardLimits
    private var phase = Phase.http
    private var requests: HTTPRequestScanner
    private var frames = WebSocketClientFrameScanner()
    private var deadline: Scheduled<Void>?

    init(limits: ConnectionGuardLimits) {
        self.limits = limits
        self.requests = HTTPRequestScanner(maxHeadBytes: limits.maxHeadBytes)
    }

    func handlerAdded(context: ChannelHandlerContext) {
        arm(.now() + TimeAmount(limits.headerTimeout), context: context)
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        disarm()
    }

    func channelInactive(context: ChannelHandlerContext) {
        disarm()
        context.fireChannelInactive()
    }

    // MARK: Inbound

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let buffer = unwrapInboundIn(data)
        switch phase {
        case .failed:
            return
        case .http:
            readHTTP(buffer, context: context)
        case .webSocket(let upgraded):
            readFrames(buffer, upgraded: upgraded, context: context)
        }
    }

    private func readHTTP(_ buffer: ByteBuffer, context: ChannelHandlerContext) {
        let (heads, requestsBefore) = (requests.heads, requests.requests)
        let consumed: Int
        do {
            consumed = try buffer.withUnsafeReadableBytes { bytes throws(HTTPRequestScanner.Refusal) in try requests.consume(bytes) }
        } catch {
            fail(context: context)
            return
        }
        switch requests.stage {
        case .head where requests.requests != requestsBefore:
            // The next head, pipelined behind a whole request: its own deadline from now.
            arm(.now() + TimeAmount(limits.headerTimeout), context: context)
        case .head:
            break
        case .body where requests.heads != heads:
            arm(.now() + TimeAmount(limits.bodyTimeout), context: context)
        case .body:
            break
        case .awaitingResponse(let upgrade):
            disarm()
            if upgrade { phase = .webSocket(upgraded: false) }
        }
        guard consumed < buffer.readableBytes else {
            context.fireChannelRead(wrapInboundOut(buffer))
            return
        }
        // The head of an upgrade request ended inside this read: the rest are frames.
        if consumed > 0, let http = buffer.getSlice(at: buffer.readerIndex, length: consumed) {
            context.fireChannelRead(wrapInboundOut(http))
        }
        let rest = buffer.getSlice(at: buffer.readerIndex + consumed, length: buffer.readableBytes - consumed) ?? ByteBuffer()
        readFrames(rest, upgraded: false, context: context)
    }

    private func readFrames(_ buffer: ByteBuffer, upgraded: Bool, context: ChannelHandlerContext) {
        guard
            let finding = buffer.withUnsafeReadableBytes({ frames.consume($0) })
        else {
            context.fireChannelRead(wrapInboundOut(buffer))
            return
        }
        if finding.frameStart > 0, let good = buffer.getSlice(at: buffer.readerIndex, length: finding.frameStart) {
            context.fireChannelRead(wrapInboundOut(good))
        }
        phase = .failed
        guard upgraded else {
            // No `101` yet: there is no WebSocket to close with a code.
            context.close(promise: nil)
            return
        }
        // Fail the WebSocket connection (RFC 6455 §7.1.7): a close frame with the code, then
        // the TCP connection.
        let code = finding.violation.closeCode
        let close = ByteBuffer(bytes: [0x88, 0x02, UInt8(code >> 8), UInt8(code & 0xFF)])
        let channel = context.channel
        context.writeAndFlush(wrapOutboundOut(.byteBuffer(close))).whenComplete { _ in channel.close(promise: nil) }
    }

    // MARK: Outbound

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        switch phase {
        case .http:
            if requests.stage != .body {
                requests.responseStarted()
                // The server is answering: the next head is owed within the timeout of its last write.
                arm(.now() + TimeAmount(limits.headerTimeout), context: context)
            }
        case .webSocket(upgraded: false):
            if case .byteBuffer(let bytes) = unwrapOutboundIn(data), bytes.readableBytesView.starts(with: Self.switchingProtocols) {
                phase = .webSocket(upgraded: true)
            } else {
                // The upgrade was refused: back to HTTP, the answer's deadline as for any other.
                phase = .http
                frames = WebSocketClientFrameScanner()
                requests.responseStarted()
                arm(.now() + TimeAmount(limits.headerTimeout), context: context)
            }
        case .webSocket(upgraded: true), .failed:
            break
        }
        context.write(data, promise: promise)
    }

    private static let switchingProtocols = Array("HTTP/1.1 101".utf8)

    // MARK: Deadlines

    private func arm(_ at: NIODeadline, context: ChannelHandlerContext) {
        disarm()
        let channel = context.channel
        deadline = context.eventLoop.assumeIsolated().scheduleTask(deadline: at) { [weak self] in
            self?.phase = .failed
            channel.close(promise: nil)
        }
    }

    private func disarm() {
        deadline?.cancel()
        deadline = nil
    }

    private func fail(context: ChannelHandlerContext) {
        phase = .failed
        disarm()
        context.close(promise: nil)
    }
}
