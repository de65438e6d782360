import Foundation
import HummingbirdWSClient
import Logging
import NIOCore
import NIOWebSocket
import Synchronization
import Trivia
import TriviaHost
import TriviaWebSocketMessages

/// One socket opened by ``WebSocketTriviaTransport``: whole text messages in ``incoming``,
/// then one `closed` event (`nil` after ``close()``, the host's close code otherwise).
public final class WebSocketTriviaConnection: TriviaConnection {
    public let incoming: AsyncStream<TriviaConnectionEvent>
    private let continuation: AsyncStream<TriviaConnectionEvent>.Continuation
    private let logger: Logger
    private let state = Mutex(State())

    private struct State {
        var writer: WebSocketOutboundWriter?
        var openOutcome: Result<Void, TriviaTransportError>?
        var openWaiter: CheckedContinuation<Result<Void, TriviaTransportError>, Never>?
        var task: Task<Void, Never>?
        var closeRequested = false
        var ended = false
        var hostClose: HostClose?
        /// Why this side ended the connection, when it refused what the host sent.
        var refusal: String?
        var finished: [UInt64: CheckedContinuation<Void, Never>] = [:]
        var nextWaiter: UInt64 = 0
    }

    /// The close frame the host sent, once the connection ended.
    public struct HostClose: Sendable, Hashable, CustomStringConvertible {
        public var code: UInt16
        public var reason: String?

        public var description: String { reason.map { "\(code) \($0)" } ?? "\(code)" }
    }

    init(logger: Logger) {
        self.logger = logger
        (incoming, continuation) = AsyncStream.makeStream(of: TriviaConnectionEvent.self)
    }

    /// The host's close code and reason, after it closed the connection (`nil` before, or when
    /// the socket just dropped).
    public var hostClose: HostClose? {
        state.withLock { $0.hostClose }
    }

    // MARK: TriviaConnection

    /// Sends `frame` as one text frame, byte for byte.
    public func send(_ frame: Data) async throws(TriviaTransportError) {
        guard let writer = state.withLock({ $0.ended || $0.closeRequested ? nil : $0.writer }) else {
            throw .closed("the connection is closed")
        }
        do {
            // The bytes as they are: a `String` would replace ill-formed UTF-8 with U+FFFD and
            // send something else than the caller's frame.
            try await writer.write(.custom(WebSocketFrame(fin: true, opcode: .text, data: ByteBuffer(bytes: frame))))
        } catch {
            throw .closed("sending failed: \(error)")
        }
    }

    /// Sends a close frame and waits (up to the library's close timeout) for the socket to end.
    /// A second call while the first is closing just waits for the same end.
    public func close() async {
        enum Step {
            case sendClose(WebSocketOutboundWriter)
            case abandon
            case wait
        }
        let step = state.withLock { state -> Step in
            guard !state.ended, !state.closeRequested else { return .wait }
            state.closeRequested = true
            return state.writer.map(Step.sendClose) ?? .abandon
        }
        switch step {
        case .sendClose(let writer):
            // In its own task: a caller that is being cancelled still closes the socket
            // properly (the writer gives up at once in a cancelled task, and the socket
            // would then stay open until the host timed it out).
            await Task { try? await writer.close(.normalClosure, reason: nil) }.value
        case .abandon: cancel()  // not open yet: stop opening
        case .wait: break
        }
        await waitUntilEnded()
    }

    /// Returns when the socket has ended, or when the calling task is cancelled.
    public func waitUntilEnded() async {
        let id = state.withLock { state -> UInt64 in
            state.nextWaiter += 1
            return state.nextWaiter
        }
        await withTaskCancellationHandler {
            await withCheckedContinuation { (waiter: CheckedContinuation<Void, Never>) in
                let ended = state.withLock { state -> Bool in
                    if state.ended || Task.isCancelled { return true }
                    state.finished[id] = waiter
                    return false
                }
                if ended { waiter.resume() }
            }
        } onCancel: {
            state.withLock { $0.finished.removeValue(forKey: id) }?.resume()
        }
    }

    // MARK: Running the socket

    func start(url: URL, maxMessageBytes: Int, eventLoopGroup: any EventLoopGroup) {
        let configuration = WebSocketClientConfiguration(maxFrameSize: maxMessageBytes, closeTimeout: .seconds(5))
        let task = Task {
            do {
                let close = try await WebSocketClient.connect(
                    url: url.absoluteString, configuration: configuration, eventLoopGroup: eventLoopGroup, logger: logger
                ) { inbound, outbound, _ in
                    self.opened(outbound)
                    try await self.read(inbound, maxMessageBytes: maxMessageBytes, outbound: outbound)
                }
                ended(close.map { HostClose(code: UInt16(webSocketErrorCode: $0.closeCode), reason: $0.reason) }, error: nil)
            } catch {
                openFailed(.connectionFailed("\(url.absoluteString): \(error)"))
                ended(nil, error: "\(error)")
            }
        }
        state.withLock { $0.task = task }
    }

    /// Yields each whole message. A message that passes `maxMessageBytes` (checked at every
    /// fragment, so a hostile host cannot make this side buffer without bound) closes the
    /// socket with 1009, as RFC 6455 says for a message too big to process.
    func read(_ inbound: WebSocketInboundStream, maxMessageBytes: Int, outbound: WebSocketOutboundWriter) async throws {
        var assembler = WebSocketMessageAssembler(maxMessageBytes: maxMessageBytes)
        for try await frame in inbound {
            switch assembler.append(frame) {
            case .incomplete:
                continue
            case .message(let message):
                continuation.yield(.frame(Data(message.readableBytesView)))
            case .tooLarge(let bytes):
                state.withLock { $0.refusal = "the host sent a message of \(bytes) bytes or more; the limit is \(maxMessageBytes)" }
                try? await outbound.close(.messageTooLarge, reason: "message over \(maxMessageBytes) bytes")
                return
            }
        }
    }

    func waitUntilOpen() async -> Result<Void, TriviaTransportError> {
        await withCheckedContinuation { waiter in
            let ready = state.withLock { state -> Result<Void, TriviaTransportError>? in
                if let outcome = state.openOutcome { return outcome }
                state.openWaiter = waiter
                return nil
            }
            if let ready { waiter.resume(returning: ready) }
        }
    }

    func opened(_ writer: WebSocketOutboundWriter) {
        let waiter = state.withLock { state -> CheckedContinuation<Result<Void, TriviaTransportError>, Never>? in
            guard state.openOutcome == nil else { return nil }
            state.writer = writer
            state.openOutcome = .success(())
            defer { state.openWaiter = nil }
            return state.openWaiter
        }
        waiter?.resume(returning: .success(()))
    }

    func openFailed(_ error: TriviaTransportError) {
        let waiter = state.withLock { state -> CheckedContinuation<Result<Void, TriviaTransportError>, Never>? in
            guard state.openOutcome == nil else { return nil }
            state.openOutcome = .failure(error)
            defer { state.openWaiter = nil }
            return state.openWaiter
        }
        waiter?.resume(returning: .failure(error))
    }

    /// Abandons the socket (opening timed out or failed).
    func cancel() {
        state.withLock { $0.task }?.cancel()
    }

    private func ended(_ close: HostClose?, error: String?) {
        let (requested, refusal, waiters) = state.withLock { state -> (Bool, String?, [CheckedContinuation<Void, Never>]) in
            state.ended = true
            state.hostClose = close
            state.writer = nil
            defer { state.finished.removeAll() }
            return (state.closeRequested, state.refusal, Array(state.finished.values))
        }
        let reason: TriviaTransportError? =
            if let refusal { .closed(refusal) } else if requested { nil } else if let close {
                .closed("closed by the host (\(close))")
            } else {
                .closed(error ?? "the connection dropped")
            }
        continuation.yield(.closed(reason))
        continuation.finish()
        for waiter in waiters { waiter.resume() }
    }
}
