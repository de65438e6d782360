import Foundation
import SharedNetworking
import Synchronization
import Trivia

/// The reference host's hot path: one question opened for 10,000 joined players, 10,000 answer
/// frames received and acknowledged, the result sent to everyone; every outgoing envelope encoded
/// to its frame, as a server must. The floor is the codec alone doing the same encoding and
/// decoding (the frames captured from one run of the host), so the ratio is the host's own cost.
///
/// The game has a second question so that closing the first one sends results, not the final
/// summary: `finish` sends every user the full winners list (see Docs/Benchmarks.md), which is
/// the end of a game, not the per-question fan-out measured here.
struct TriviaHostBenchmark: Benchmark {
    let name = "trivia-host-10k"
    let title = "one question to 10,000 in-memory players, every answer processed, frames encoded vs the codec alone"
    let runs = 7

    func prepare(in directory: URL, scale: Scale) async throws -> String {
        let game = Game(players: Self.players(scale))
        let frames = try game.play(encoding: true)
        return "\(Self.players(scale)) players joined before the question; \(frames) frames out per run"
    }

    static func players(_ scale: Scale) -> Int { scale == .full ? 10_000 : 100 }

    func contenders(in directory: URL, scale: Scale) throws -> [Contender] {
        let game = Game(players: Self.players(scale))
        let captured = try game.captureFrames()
        let codec = TriviaCodec()
        let reset: @Sendable () -> Void = { game.reset() }
        return [
            .ours("ours: TriviaHostCore + codec", reset: reset) {
                _ = try game.play(encoding: true)
            },
            .peer("floor: TriviaCodec only") {
                for frame in captured.answers { _ = try codec.decodeClientMessage(frame) }
                for envelope in captured.outgoing { _ = try codec.encode(envelope) }
            },
        ]
    }
}

/// A host with every player joined, rebuilt by `reset()` outside the timing.
final class Game: Sendable {
    let players: Int
    let start = Date(timeIntervalSince1970: 1_600_000_000)
    let codec = TriviaCodec()
    let answers: [Data]
    private let core: Mutex<TriviaHostCore?> = Mutex(nil)

    init(players: Int) {
        self.players = players
        let codec = TriviaCodec()
        answers = (0..<players).map { index in
            let envelope = ClientEnvelope(
                id: MessageID("a\(index)"), seq: 2,
                message: .answer(AnswerPayload(requestId: RequestID("r\(index)"), questionId: "q1", choice: index % 3)))
            return (try? codec.encode(envelope)) ?? Data()
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
            _ = host.receive(frame: (try? codec.encode(join)) ?? Data(), from: connection, at: start)
        }
        core.withLock { $0 = host }
    }

    /// Opens the first question, takes every answer, closes it (results out); returns how many
    /// frames went out.
    @discardableResult
    func play(encoding: Bool, capture: ((ServerEnvelope) -> Void)? = nil) throws -> Int {
        guard var host = core.withLock({ $0.take() }) else { throw BenchmarkError("the game was not reset") }
        var sent = 0
        func deliver(_ outputs: [HostOutput]) throws {
            for case .send(let envelope, _) in outputs {
                if encoding { _ = try codec.encode(envelope) }
                capture?(envelope)
                sent += 1
            }
        }
        let opens = start.addingTimeInterval(10)
        try deliver(host.advance(to: opens))
        for (index, frame) in answers.enumerated() {
            try deliver(host.receive(frame: frame, from: ConnectionID(UInt64(index + 1)), at: opens.addingTimeInterval(1)))
        }
        guard let closes = host.nextDeadline else { throw BenchmarkError("the question has no deadline") }
        try deliver(host.advance(to: closes))
        guard sent >= 3 * players else { throw BenchmarkError("only \(sent) frames for \(players) players") }
        return sent
    }

    /// The answers and every envelope one run sends, for the codec-only floor.
    func captureFrames() throws -> (answers: [Data], outgoing: [ServerEnvelope]) {
        var outgoing: [ServerEnvelope] = []
        try play(encoding: false) { outgoing.append($0) }
        reset()
        return (answers, outgoing)
    }
}
