import Foundation
import NIOCore
import Testing
import Trivia

@testable import TriviaCluster

@Suite("Binary forms: log entries, bus messages, output batches")
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
        LoggedInput(input: .disconnect(ConnectionID(7 << 32 | 1)), at: Date(timeIntervalSinceReferenceDate: .pi)),
    ]

    @Test("a log entry round-trips exactly, times to the bit")
    func logRoundTrip() throws {
        let decoded = try InputLogCodec.decode(InputLogCodec.encode(Self.sampleInputs), position: 1)
        #expect(decoded == Self.sampleInputs)
        #expect(decoded[3].at.timeIntervalSinceReferenceDate.bitPattern == Double.pi.bitPattern)
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
        var batch = OutputBatch()
        let head = batch.share(Array(#"{"id":""#.utf8))
        let tail = batch.share(Array(#"","type":"question"}"#.utf8))
        batch.templates = [FrameTemplate(pieces: [head, tail])]
        batch.deliveries = [
            Delivery(connection: ConnectionID(3 << 32 | 1), action: .frame(template: 0, fills: [Array("m1-ada".utf8)])),
            Delivery(connection: ConnectionID(3 << 32 | 2), action: .frame(template: 0, fills: [Array("m1-grace".utf8)])),
            Delivery(connection: ConnectionID(3 << 32 | 2), action: .close(.replaced)),
        ]
        let messages = [
            BusMessage(sender: 3, sequence: 1, body: .inputs(Self.sampleInputs.map(\.input))),
            BusMessage(sender: 4, sequence: 2, body: .outputs(position: 12, batch)),
            BusMessage(sender: 5, sequence: 3, body: .ownerReady(epoch: 7, position: 11)),
        ]
        for message in messages {
            let bytes = Array(BusCodec.encode(message).readableBytesView)
            #expect(try BusCodec.decode(ByteBuffer(bytes: bytes)) == message)
            for length in 0..<bytes.count {
                #expect(throws: ClusterError.self) { try BusCodec.decode(ByteBuffer(bytes: bytes[..<length])) }
            }
        }
        #expect(
            batch.frame(for: batch.deliveries[1]).map { String(decoding: $0, as: UTF8.self) } == #"{"id":"m1-grace","type":"question"}"#)
        #expect(batch.frame(for: batch.deliveries[2]) == nil)
    }

    @Test("the per-message encoder sends each message to its edge, whole and in order")
    func perMessageEncoder() throws {
        let codec = TriviaCodec()
        let ada = ConnectionID(3 << 32 | 1)
        let grace = ConnectionID(4 << 32 | 9)
        let pong = ServerEnvelope(id: "c1-1", seq: 0, message: .pong(PongPayload(nonce: "n", serverTime: epoch)))
        let error = ServerEnvelope(
            id: "c1-2", seq: 0, message: .error(ErrorPayload(code: .replaced, message: "ada joined on another connection")))
        let batches = PerMessageOutputEncoder().batches(for: [
            .send(pong, to: ada), .send(error, to: grace), .close(grace, reason: .replaced),
        ])
        #expect(batches.keys.sorted() == [3, 4])
        let adaBatch = try #require(batches[3])
        #expect(adaBatch.deliveries.count == 1)
        #expect(adaBatch.frame(for: adaBatch.deliveries[0]).map { Data($0) } == (try codec.encode(pong)))
        let graceBatch = try #require(batches[4])
        #expect(graceBatch.deliveries.map(\.connection) == [grace, grace])
        #expect(graceBatch.frame(for: graceBatch.deliveries[0]).map { Data($0) } == (try codec.encode(error)))
        #expect(graceBatch.deliveries[1].action == .close(.replaced))
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
