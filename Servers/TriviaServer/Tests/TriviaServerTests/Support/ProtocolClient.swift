import Foundation
import Trivia
import TriviaHost
import TriviaServerTestSupport
import TriviaWebSocketClient

/// A scripted peer speaking the protocol message by message over a real socket: sends exactly
/// what a test says (including garbage) and reads what the server answers, in order.
final class ProtocolClient: Sendable {
    let connection: WebSocketTriviaConnection
    private let codec = TriviaCodec()
    private let inbox = Inbox()
    private let pump: Task<Void, Never>

    private final class Inbox: Sendable {
        let state = Locked(State())
    }

    private struct State {
        var received: [ServerEnvelope] = []
        var undecodable: [Data] = []
        var read = 0
        var closed = false
        var sent = 0
    }

    init(_ connection: WebSocketTriviaConnection) {
        self.connection = connection
        let inbox = self.inbox
        let codec = self.codec
        pump = Task {
            for await event in connection.incoming {
                switch event {
                case .frame(let frame):
                    if let envelope = try? codec.decodeServerMessage(frame).envelope {
                        inbox.state.withLock { $0.received.append(envelope) }
                    } else {
                        inbox.state.withLock { $0.undecodable.append(frame) }
                    }
                case .closed:
                    inbox.state.withLock { $0.closed = true }
                }
            }
        }
    }

    static func connect(_ harness: ServerHarness, url: URL? = nil) async throws -> ProtocolClient {
        ProtocolClient(try await harness.transport(url: url).open())
    }

    /// Connects and joins as `user` with its demo token; returns after `welcome`.
    static func joined(_ harness: ServerHarness, as user: UserID, resumeFrom: Int? = nil) async throws -> ProtocolClient {
        let client = try await connect(harness)
        try await client.send(
            .join(JoinPayload(user: user, token: "t-\(user)", competition: ServerHarness.competition, resumeFrom: resumeFrom)))
        guard try await client.next().welcome != nil else { throw HarnessError("\(user) was not welcomed") }
        return client
    }

    func send(_ message: ClientMessage, id: String? = nil) async throws {
        let seq = inbox.state.withLock { state -> Int in
            state.sent += 1
            return state.sent
        }
        let envelope = ClientEnvelope(id: MessageID(id ?? "t-m\(seq)"), seq: seq, message: message)
        try await connection.send(codec.encode(envelope))
    }

    func sendText(_ text: String) async throws {
        try await connection.send(Data(text.utf8))
    }

    /// The next message the server sent, waiting up to `seconds` of real time for it.
    func next(within seconds: Double = 10) async throws -> ServerEnvelope {
        let ready = await eventually(within: .seconds(seconds)) { [inbox] in
            inbox.state.withLock { $0.received.count > $0.read || $0.closed }
        }
        let envelope = inbox.state.withLock { state -> ServerEnvelope? in
            guard state.received.count > state.read else { return nil }
            defer { state.read += 1 }
            return state.received[state.read]
        }
        guard ready, let envelope else { throw HarnessError("no message within \(seconds) s (closed: \(isClosed))") }
        return envelope
    }

    /// The next message of `type`, skipping others.
    func next(_ type: String, within seconds: Double = 10) async throws -> ServerEnvelope {
        while true {
            let envelope = try await next(within: seconds)
            if envelope.type == type { return envelope }
        }
    }

    /// Messages received and not yet read by ``next(within:)``.
    var unread: [ServerEnvelope] {
        inbox.state.withLock { Array($0.received.dropFirst($0.read)) }
    }

    var isClosed: Bool { inbox.state.withLock { $0.closed } }

    /// Waits until the server closed the socket; returns its close code.
    func closeCode(within seconds: Double = 10) async -> UInt16? {
        await eventually(within: .seconds(seconds)) { [inbox] in inbox.state.withLock { $0.closed } }
        return connection.hostClose?.code
    }

    func close() async {
        await connection.close()
        pump.cancel()
    }
}

extension ServerEnvelope {
    var welcome: WelcomePayload? { if case .welcome(let payload) = message { payload } else { nil } }
    var question: QuestionPayload? { if case .question(let payload) = message { payload } else { nil } }
    var answerAck: AnswerAckPayload? { if case .answerAck(let payload) = message { payload } else { nil } }
    var result: ResultPayload? { if case .result(let payload) = message { payload } else { nil } }
    var wildcardResult: WildcardResultPayload? { if case .wildcardResult(let payload) = message { payload } else { nil } }
    var finish: FinishPayload? { if case .finish(let payload) = message { payload } else { nil } }
    var error: ErrorPayload? { if case .error(let payload) = message { payload } else { nil } }
    var pong: PongPayload? { if case .pong(let payload) = message { payload } else { nil } }
}
