import Foundation
import NIOCore
import Trivia
import TriviaHost

/// The binary form of an ``OutputBatch`` inside a bus message.
///
/// An output count (u32), then per output a kind byte and its fields: **1 send**, the
/// connection (u64) and the frame the owner encoded (u32 length + bytes); **2 broadcast**, the
/// shared message once as a frame (an envelope with id `b` and `seq` 0), the row count (u32)
/// and per recipient a row: connection (u64), `seq` (varint), id (1 + suffix of a host stream
/// id `m{seq}{suffix}`, or 2 + the whole id), and the user's own fields (1 question: role;
/// 2 result: your choice, correct, role; 3 finish: the standing); **3 close**, the connection
/// and the reason. A row is about 25 bytes where the frame it stands for is 300 or more.
///
/// The edge decodes the frames once per batch (a send's envelope, a broadcast's message) and
/// rebuilds the host's values, which render to exactly the owner's bytes: the codec's
/// canonical form is a fixed point (Docs/Trivia/Protocol.md, "Strict JSON").
extension BusCodec {
    static func write(_ batch: OutputBatch, into buffer: inout ByteBuffer) {
        let codec = TriviaCodec()
        buffer.writeInteger(UInt32(truncatingIfNeeded: batch.outputs.count))
        for output in batch.outputs {
            switch output {
            case .send(let envelope, let connection):
                buffer.writeInteger(UInt8(1))
                buffer.writeInteger(connection.rawValue)
                buffer.writeLengthPrefixed(codec.encodeBytes(envelope))
            case .broadcast(let broadcast):
                buffer.writeInteger(UInt8(2))
                let message = broadcast.message
                let shared = ServerEnvelope(version: message.version, id: "b", seq: 0, message: message.message)
                buffer.writeLengthPrefixed(codec.encodeBytes(shared))
                buffer.writeInteger(UInt32(truncatingIfNeeded: broadcast.recipients.count))
                for recipient in broadcast.recipients { write(recipient, into: &buffer) }
            case .close(let connection, let reason):
                buffer.writeInteger(UInt8(3))
                buffer.writeInteger(connection.rawValue)
                buffer.writeShortString(reason.rawValue)
            }
        }
    }

    private static func write(_ recipient: ServerBroadcast.Recipient, into buffer: inout ByteBuffer) {
        let copy = recipient.copy
        buffer.writeInteger(recipient.connection.rawValue)
        buffer.writeVarint(UInt64(max(0, copy.seq)))
        if let suffix = copy.streamIDSuffix {
            buffer.writeInteger(UInt8(1))
            buffer.writeShortString(suffix)
        } else {
            buffer.writeInteger(UInt8(2))
            buffer.writeShortString(copy.id.rawValue)
        }
        switch copy.personalization {
        case .question(let role):
            buffer.writeInteger(UInt8(1))
            write(role, into: &buffer)
        case .result(let yourChoice, let correct, let role):
            buffer.writeInteger(UInt8(2))
            write(yourChoice, into: &buffer)
            buffer.writeInteger(UInt8(correct ? 1 : 0))
            write(role, into: &buffer)
        case .finish(let you):
            buffer.writeInteger(UInt8(3))
            write(you.role, into: &buffer)
            buffer.writeInteger(UInt8(you.winner ? 1 : 0))
            buffer.writeSignedVarint(you.correctAnswers)
            buffer.writeInteger(UInt8(you.usedWildcard ? 1 : 0))
            write(you.balance, into: &buffer)
        }
    }

    private static func write(_ role: TriviaRole, into buffer: inout ByteBuffer) {
        buffer.writeInteger(UInt8(TriviaRole.allCases.firstIndex(of: role) ?? 0))
    }

    private static func write(_ value: Int?, into buffer: inout ByteBuffer) {
        if let value {
            buffer.writeInteger(UInt8(1))
            buffer.writeSignedVarint(value)
        } else {
            buffer.writeInteger(UInt8(0))
        }
    }

    static func readBatch(_ reader: inout BinaryReader) throws(ClusterError) -> OutputBatch {
        let codec = TriviaCodec()
        let count = try reader.count("outputs", limit: 10_000_000)
        var outputs: [HostOutput] = []
        outputs.reserveCapacity(count)
        for index in 0..<count {
            switch try reader.integer("output \(index) kind", as: UInt8.self) {
            case 1:
                let connection = ConnectionID(try reader.integer("connection", as: UInt64.self))
                let envelope = try frame(try reader.bytes("frame"), codec: codec, what: "output \(index)")
                outputs.append(.send(envelope, to: connection))
            case 2:
                let shared = try frame(try reader.bytes("broadcast message"), codec: codec, what: "broadcast \(index)")
                let message = BroadcastMessage(shared.message, version: shared.version)
                let rows = try reader.count("rows", limit: 10_000_000)
                var recipients: [ServerBroadcast.Recipient] = []
                recipients.reserveCapacity(rows)
                for _ in 0..<rows { recipients.append(try readRecipient(&reader)) }
                outputs.append(.broadcast(ServerBroadcast(message: message, recipients: recipients)))
            case 3:
                let connection = ConnectionID(try reader.integer("connection", as: UInt64.self))
                outputs.append(.close(connection, reason: TriviaErrorCode(try reader.shortString("close reason"))))
            case let kind:
                throw .corruptBusMessage("output \(index) has unknown kind \(kind)")
            }
        }
        return OutputBatch(outputs: outputs)
    }

    private static func frame(_ bytes: [UInt8], codec: TriviaCodec, what: String) throws(ClusterError) -> ServerEnvelope {
        do {
            guard case .message(let envelope) = try codec.decodeServerMessage(Data(bytes)) else {
                throw ClusterError.corruptBusMessage("\(what): a message of a type this node does not know")
            }
            return envelope
        } catch let error as ClusterError {
            throw error
        } catch {
            throw .corruptBusMessage("\(what): \(error)")
        }
    }

    private static func readRecipient(_ reader: inout BinaryReader) throws(ClusterError) -> ServerBroadcast.Recipient {
        let connection = ConnectionID(try reader.integer("row connection", as: UInt64.self))
        let seqValue = try reader.varint("row seq")
        guard seqValue <= UInt64(Int32.max) else { throw .corruptBusMessage("a row's seq \(seqValue) is out of range") }
        let seq = Int(seqValue)
        let idKind = try reader.integer("row id kind", as: UInt8.self)
        let idText = try reader.shortString("row id")
        let personalization: Personalization
        switch try reader.integer("row fields kind", as: UInt8.self) {
        case 1:
            personalization = .question(role: try readRole(&reader))
        case 2:
            let choice = try readOptional(&reader, "your choice")
            let correct = try reader.integer("correct", as: UInt8.self) == 1
            personalization = .result(yourChoice: choice, correct: correct, role: try readRole(&reader))
        case 3:
            let role = try readRole(&reader)
            let winner = try reader.integer("winner", as: UInt8.self) == 1
            let correctAnswers = try reader.signedVarint("correct answers")
            let usedWildcard = try reader.integer("used wild-card", as: UInt8.self) == 1
            let balance = try readOptional(&reader, "balance")
            personalization = .finish(
                you: FinalStanding(role: role, winner: winner, correctAnswers: correctAnswers, usedWildcard: usedWildcard, balance: balance)
            )
        case let kind:
            throw .corruptBusMessage("a row has unknown fields kind \(kind)")
        }
        let copy: BroadcastCopy
        switch idKind {
        case 1: copy = BroadcastCopy(seq: seq, idSuffix: idText, personalization: personalization)
        case 2: copy = BroadcastCopy(id: MessageID(idText), seq: seq, personalization: personalization)
        default: throw .corruptBusMessage("a row has unknown id kind \(idKind)")
        }
        return ServerBroadcast.Recipient(connection: connection, copy: copy)
    }

    private static func readRole(_ reader: inout BinaryReader) throws(ClusterError) -> TriviaRole {
        let index = Int(try reader.integer("role", as: UInt8.self))
        guard TriviaRole.allCases.indices.contains(index) else { throw .corruptBusMessage("unknown role \(index)") }
        return TriviaRole.allCases[index]
    }

    private static func readOptional(_ reader: inout BinaryReader, _ what: String) throws(ClusterError) -> Int? {
        switch try reader.integer("\(what) flag", as: UInt8.self) {
        case 0: return nil
        case 1: return try reader.signedVarint(what)
        case let flag: throw .corruptBusMessage("\(what) has flag \(flag)")
        }
    }
}
