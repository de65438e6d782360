import Foundation
import NIOCore
import Testing
import Trivia
import TriviaHost

@testable import TriviaCluster

@Suite("Binary forms: log entries, bus messages, output batches", .timeLimit(.minutes(1)))
struct CodecTests {
    static let sampleInputs = [
        LoggedInput(input: .connect(ConnectionID(7 << 32 | 1)), at: epoch.addingTimeInterval(0.123_456_789)),
        LoggedInput(
            input: .frame(ConnectionID(7 << 32 | 1), Data(#"{"type":"join"}"#.utf8)), at: epoch.addingTimeInterval(1),
            tokenAnswers: [
                TokenAnswer(token: "t-ada", identity: TriviaIdentity(user: "ada", displayName: "Ada Lovelace ✨")),
                TokenAnswer(token: "t-x", identity: nil),
            ]),
        LoggedInput(input: .advance, at: epoch.addingTimeInterval(10)),
        LoggedInput(input: .extendWindow(until: epoch.addingTimeInterval(23.456_789)), at: epoch.addingTimeInterval(21)),
        LoggedInput(input: .disconnect(ConnectionID(7 << 32 | 1)), at: Date(timeIntervalSinceReferenceDate: .pi)),
    ]

    @Test("a log entry round-trips exactly, times to the bit")
    func logRoundTrip() throws {
        let decoded = try InputLogCodec.decode(InputLogCodec.encode(Self.sampleInputs), position: 1)
        #expect(decoded == Self.sampleInputs)
        #expect(decoded[4].at.timeIntervalSinceReferenceDate.bitPattern == Double.pi.bitPattern)
    }

    @Test("every truncation of a log entry, and a byte too many, is a typed error naming the entry")
    func logTruncations() {
        let bytes = Array(InputLogCodec.encode(Self.sampleInputs).readableBytesView)
        for length in 0..<bytes.count {
            #expect(throws: ClusterError.self) { try InputLogCodec.decode(ByteBuffer(bytes: bytes[..<length]), position: 9) }
        }
        #expect(throws: ClusterError.corruptLogEntry(position: 9, reason: "1 bytes after the last input")) {
            try InputLogCodec.decode(ByteBuffer(bytes: bytes + [0]), position: 9)
        }
        var newer = bytes
        newer[0] = 2
        #expect(throws: ClusterError.corruptLogEntry(position: 9, reason: "layout version 2, this node reads 1")) {
            try InputLogCodec.decode(ByteBuffer(bytes: newer), position: 9)
        }
    }

    @Test("bus messages round-trip; damaged ones are typed errors")
    func busRoundTrip() throws {
        let ada = ConnectionID(3 << 32 | 1)
        let grace = ConnectionID(3 << 32 | 2)
        let pong = ServerEnvelope(id: "c1-1", seq: 0, message: .pong(PongPayload(nonce: "n", serverTime: epoch)))
        let question = BroadcastMessage(
            .question(
                QuestionPayload(
                    questionId: "q1", index: 0, total: 3, text: "One?", choices: ["a", "b"], openedAt: epoch, deadline: epoch + 10,
                    role: .player)))
        let batch = OutputBatch(outputs: [
            .send(pong, to: ada),
            .broadcast(
                ServerBroadcast(
                    message: question,
                    recipients: [
                        .init(connection: ada, copy: BroadcastCopy(seq: 4, idSuffix: "-ada", personalization: .question(role: .player))),
                        .init(connection: grace, copy: BroadcastCopy(id: "given-id", seq: 9, personalization: .question(role: .viewer))),
                    ])),
            .close(grace, reason: .replaced),
        ])
        let messages = [
            BusMessage(
                sender: 3, sequence: 1, body: .inputs(Self.sampleInputs.map(\.input).filter { $0.connection != nil || $0 == .advance })),
            BusMessage(sender: 4, sequence: 2, body: .outputs(position: 12, batch)),
            BusMessage(sender: 5, sequence: 3, body: .ownerReady(epoch: 7, position: 11)),
        ]
        // Only the owner extends a window: on the bus (an edge's batch) it is an advance, which
        // the owner drops.
        let extended = BusMessage(sender: 3, sequence: 4, body: .inputs([.extendWindow(until: epoch)]))
        #expect(try BusCodec.decode(BusCodec.encode(extended)).body == .inputs([.advance]))
        for message in messages {
            let bytes = Array(BusCodec.encode(message).readableBytesView)
            #expect(try BusCodec.decode(ByteBuffer(bytes: bytes)) == message)
            for length in 0..<bytes.count {
                #expect(throws: ClusterError.self) { try BusCodec.decode(ByteBuffer(bytes: bytes[..<length])) }
            }
        }
        let decoded = try BusCodec.decode(BusCodec.encode(messages[1]))
        guard case .outputs(_, let back) = decoded.body else { throw TestFailure("not outputs") }
        #expect(
            back.outputs.flatMap(\.renderedFrames).map { String(decoding: $0.bytes, as: UTF8.self) }.contains {
                $0.contains(#""id":"m4-ada""#)
            })
        #expect(back.outputs.flatMap(\.renderedFrames).map(\.bytes) == batch.outputs.flatMap(\.renderedFrames).map(\.bytes))
    }

    @Test("a whole competition's outputs, split per edge and sent through the bus's form, give every connection the host's exact frames")
    func splitPerEdge() throws {
        var host = ReplayableHost(genesis: testGenesis, authenticator: testAuthenticator)
        // Slots alternate between two edges, incarnations 3 and 4.
        let record = playLive(TriviaClusterTests.wholeCompetition, on: &host) { slot in
            ClusterConnection.id(incarnation: 3 + Int64(slot % 2), local: UInt32(slot))
        }
        var broadcasts = 0
        var rows = 0
        for (_, outputs) in record where !outputs.isEmpty {
            let batches = OutputBatch.split(outputs)
            #expect(Set(batches.keys).isSubset(of: [3, 4]))
            var delivered: [(connection: ConnectionID, bytes: [UInt8])] = []
            for (edge, batch) in batches {
                let message = BusMessage(sender: 1, sequence: 1, body: .outputs(position: 1, batch))
                let encoded = BusCodec.encode(message)
                guard case .outputs(_, let back) = try BusCodec.decode(encoded).body else { throw TestFailure("not outputs") }
                for output in back.outputs {
                    for (connection, _) in output.renderedFrames { #expect(ClusterConnection.incarnation(of: connection) == edge) }
                    if case .broadcast(let broadcast) = output {
                        broadcasts += 1
                        rows += broadcast.recipients.count
                    }
                }
                delivered += back.outputs.flatMap(\.renderedFrames)
            }
            // Per connection, the same frames in the same order as the host produced them.
            let expected = outputs.flatMap(\.renderedFrames)
            for connection in Set(expected.map(\.connection)) {
                #expect(
                    delivered.filter { $0.connection == connection }.map(\.bytes)
                        == expected.filter { $0.connection == connection }.map(\.bytes))
            }
            #expect(delivered.count == expected.count)
        }
        #expect(broadcasts > 6, "questions, results and finish went to both edges")
        #expect(rows > 20)
    }

    @Test("connection ids carry the edge's incarnation")
    func connectionIDs() {
        let id = ClusterConnection.id(incarnation: 70_000, local: 4_000_000_000)
        #expect(ClusterConnection.incarnation(of: id) == 70_000)
        #expect(id.rawValue & 0xFFFF_FFFF == 4_000_000_000)
    }

    @Test("a genesis names the first difference that would change the game")
    func genesisMismatch() throws {
        let same = try CompetitionGenesis.decode(testGenesis.encoded())
        #expect(same == testGenesis)
        #expect(same.mismatch(with: testGenesis) == nil)
        #expect(same.configuration.startsAt == epoch.addingTimeInterval(10))
        var fewer = testGenesis
        fewer.questions.removeLast()
        #expect(
            testGenesis.mismatch(with: fewer) == "this node's question set differs from question 3 on (2 questions; the competition has 3)")
        var richer = testGenesis
        richer.balances["alan"] = 5
        #expect(testGenesis.mismatch(with: richer) == "this node's wild-card ledger differs (alan)")
        // Each node computes its own start from --start-delay: the stored one is adopted.
        var configuration = testGenesis.configuration
        configuration.startsAt += 3
        let later = CompetitionGenesis(configuration: configuration, questions: testQuestions, balances: testGenesis.balances)
        #expect(testGenesis.mismatch(with: later) == nil)
    }
}
