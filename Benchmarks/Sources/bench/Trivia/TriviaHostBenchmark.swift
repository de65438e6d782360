import Foundation
import SharedNetworking
import Synchronization
import Trivia
import TriviaHost

/// The reference host's hot path: one question opened for 10,000 joined players, 10,000 answer
/// frames decoded, checked and acknowledged, the result sent to everyone; every outgoing frame
/// encoded to its bytes, as a server must.
///
/// Ours is `TriviaHostCore` with `TriviaCodec`: answers read by the strict reader, acks encoded
/// by the hand-written encoder, the question and the result encoded once each as a
/// `BroadcastMessage` and every user's frame rendered from it. The Foundation row does the same
/// work through `TriviaReferenceCodec` (Foundation's `JSONDecoder` for every answer,
/// `JSONEncoder` for every user's frame), which is what the host did before. The 100,000-player
/// row is ours again, ten times bigger: its ratio says whether the cost grows linearly.
///
/// The game has a second question so that closing the first one sends results, not the final
/// summary; `finish` is measured by its size in `HostCoreTests` (bounded at any size).
struct TriviaHostBenchmark: Benchmark {
    let name = "trivia-host-10k"
    let title = "one question to 10,000 in-memory players, every answer processed, every frame encoded: ours vs Foundation's JSON"
    let runs = 7

    func prepare(in directory: URL, scale: Scale) async throws -> String {
        let game = Game(players: Self.players(scale))
        let (frames, bytes) = try game.play(codec: .ours)
        return "\(Self.players(scale)) players joined before the question; \(frames) frames (\(bytes / 1024) KiB) out per run"
    }

    static func players(_ scale: Scale) -> Int { scale == .full ? 10_000 : 100 }

    func contenders(in directory: URL, scale: Scale) throws -> [Contender] {
        let game = Game(players: Self.players(scale))
        let big = Game(players: 10 * Self.players(scale))
        let resetGame: @Sendable () -> Void = { game.reset() }
        let resetBig: @Sendable () -> Void = { big.reset() }
        return [
            .ours("ours: TriviaHostCore + TriviaCodec, broadcasts encoded once", reset: resetGame) {
                _ = try game.play(codec: .ours)
            },
            .peer("Foundation: JSONDecoder/JSONEncoder per frame (TriviaReferenceCodec)", reset: resetGame) {
                _ = try game.play(codec: .foundation)
            },
            .peer("ours, \(10 * Self.players(scale)) players (linear: ratio ≈ 10)", reset: resetBig) {
                _ = try big.play(codec: .ours)
            },
        ]
    }
}

/// A host with every player joined, rebuilt by `reset()` outside the timing.
final class Game: Sendable {
    enum Codec {
        case ours, foundation
    }

    let players: Int
    let start = Date(timeIntervalSince1970: 1_600_000_000)
    let codec = TriviaCodec()
    let reference = TriviaReferenceCodec()
    let answers: [Data]
    private let core: Mutex<TriviaHostCore?> = Mutex(nil)

    init(players: Int) {
        self.players = players
        let codec = TriviaCodec()
        answers = (0..<players).map { index in
            codec.encode(
                ClientEnvelope(
                    id: MessageID("a\(index)"), seq: 2,
                    message: .answer(AnswerPayload(requestId: RequestID("r\(index)"), questionId: "q1", choice: index % 3))))
        }
        reset()
    }

    func reset() {
        let set = TriviaQuestionSet(
            id: "bench", title: "Bench",
            questions: [
                TriviaQuestion(id: "q1", text: "Which?", choices: ["a", "b", "c"], answer: 1),
                TriviaQuestion(id: "q2", text: "And?", choices: ["a", "b", "c"], answer: 2),
            ])
        var identities: [String: TriviaIdentity] = [:]
        for index in 0..<players { identities["t\(index)"] = TriviaIdentity(user: UserID("u\(index)"), displayName: "Player \(index)") }
        var host = TriviaHostCore(
            configuration: TriviaHostConfiguration(questionSet: set, startsAt: start.addingTimeInterval(10)), questions: set.questions,
            authenticator: StaticTokenAuthenticator(identities))
        for index in 0..<players {
            let connection = ConnectionID(UInt64(index + 1))
            _ = host.connect(connection, at: start)
            let join = ClientEnvelope(
                id: MessageID("j\(index)"), seq: 1,
                message: .join(JoinPayload(user: UserID("u\(index)"), token: "t\(index)", competition: "bench")))
            _ = host.receive(join, from: connection, at: start)
        }
        core.withLock { $0 = host }
    }

    /// Opens the first question, takes every answer, closes it (results out), encoding every
    /// frame with `codec`; returns how many frames and bytes went out.
    @discardableResult
    func play(codec kind: Codec) throws -> (frames: Int, bytes: Int) {
        guard var host = core.withLock({ $0.take() }) else { throw BenchmarkError("the game was not reset") }
        // The game goes back when the question is done, so tearing down 10,000 users happens in
        // the next (untimed) reset: ending a whole game is not part of a question's cost.
        defer { core.withLock { [host] in $0 = host } }
        var frames = 0
        var bytes = 0
        var scratch: [UInt8] = []
        func deliver(_ outputs: [HostOutput]) throws {
            for output in outputs {
                switch (output, kind) {
                case (.send(let envelope, _), .ours):
                    bytes += codec.encodeBytes(envelope).count
                    frames += 1
                case (.broadcast(let broadcast), .ours):
                    for recipient in broadcast.recipients {
                        scratch.removeAll(keepingCapacity: true)
                        broadcast.message.write(recipient.copy, into: &scratch)
                        bytes += scratch.count
                        frames += 1
                    }
                case (_, .foundation):
                    for (_, envelope) in output.envelopes {
                        bytes += try reference.encode(envelope).count
                        frames += 1
                    }
                case (.close, .ours):
                    continue
                }
            }
        }
        let opens = start.addingTimeInterval(10)
        try deliver(host.advance(to: opens))
        let answered = opens.addingTimeInterval(1)
        for (index, frame) in answers.enumerated() {
            let connection = ConnectionID(UInt64(index + 1))
            switch kind {
            case .ours:
                try deliver(host.receive(frame: frame, from: connection, at: answered))
            case .foundation:
                guard let envelope = try reference.decodeClientMessage(frame).envelope else {
                    throw BenchmarkError("answer \(index) ignored")
                }
                try deliver(host.receive(envelope, from: connection, at: answered))
            }
        }
        guard let closes = host.nextDeadline else { throw BenchmarkError("the question has no deadline") }
        try deliver(host.advance(to: closes))
        guard frames >= 3 * players else { throw BenchmarkError("only \(frames) frames for \(players) players") }
        return (frames, bytes)
    }
}
