import Foundation
import NIOCore
import Trivia
import TriviaHost

/// One message on the bus: from an edge to the owner (inputs), from the owner to an edge
/// (outputs), or from a new owner to everyone (it is ready for inputs).
///
/// `sequence` counts the sender's messages on one channel, 1, 2, 3..., so a receiver sees a
/// gap (a notification lost while its listening connection was down) instead of trusting a
/// silence.
public struct BusMessage: Sendable, Hashable {
    /// What a message carries; the channel it travels on says who it is for.
    public enum Body: Sendable, Hashable {
        /// Inputs read by an edge, oldest first (never ``HostInput/advance``: only the owner's
        /// clock advances the host).
        case inputs([HostInput])
        /// What one log entry produced for the receiving edge.
        case outputs(position: Int64, OutputBatch)
        /// A node became the owner with lease `epoch` after replaying the log up to
        /// `position`: inputs sent before it may have been lost (edges resend the `join`s still
        /// waiting for their `welcome`; clients resend answers and wild-cards themselves).
        case ownerReady(epoch: Int64, position: Int64)
    }

    /// The incarnation of the sending node.
    public var sender: Int64
    /// The sender's count of its messages on this channel.
    public var sequence: UInt64
    /// What the message carries.
    public var body: Body

    /// A message from node incarnation `sender`, numbered `sequence` on its channel.
    public init(sender: Int64, sequence: UInt64, body: Body) {
        self.sender = sender
        self.sequence = sequence
        self.body = body
    }
}

/// The binary form of a ``BusMessage`` (what a notification carries, base64, or what
/// `trivia_bus.payload` holds). Big-endian: `T`, version 2, kind (1 inputs, 2 outputs, 3
/// ownerReady), sender (i64), sequence (u64), then the body (outputs: ``OutputBatch``'s form,
/// in OutputBatchCodec.swift).
public enum BusCodec {
    static let magic = UInt8(ascii: "T")
    static let version: UInt8 = 2

    /// Encodes `message`.
    public static func encode(_ message: BusMessage) -> ByteBuffer {
        var buffer = ByteBuffer()
        buffer.writeInteger(magic)
        buffer.writeInteger(version)
        switch message.body {
        case .inputs: buffer.writeInteger(UInt8(1))
        case .outputs: buffer.writeInteger(UInt8(2))
        case .ownerReady: buffer.writeInteger(UInt8(3))
        }
        buffer.writeInteger(message.sender)
        buffer.writeInteger(message.sequence)
        switch message.body {
        case .inputs(let inputs):
            buffer.writeInteger(UInt32(inputs.count))
            for input in inputs {
                switch input {
                case .connect(let connection):
                    buffer.writeInteger(UInt8(1))
                    buffer.writeInteger(connection.rawValue)
                case .disconnect(let connection):
                    buffer.writeInteger(UInt8(2))
                    buffer.writeInteger(connection.rawValue)
                case .frame(let connection, let frame):
                    buffer.writeInteger(UInt8(3))
                    buffer.writeInteger(connection.rawValue)
                    buffer.writeLengthPrefixed(frame)
                case .advance, .extendWindow:
                    // Only the owner's clock advances the host or extends a window: an edge's
                    // batch never carries either (and the owner drops advances it receives).
                    buffer.writeInteger(UInt8(4))
                }
            }
        case .outputs(let position, let batch):
            buffer.writeInteger(position)
            write(batch, into: &buffer)
        case .ownerReady(let epoch, let position):
            buffer.writeInteger(epoch)
            buffer.writeInteger(position)
        }
        return buffer
    }

    /// Decodes a message; anything that is not a whole, well-formed message of this version
    /// is ``ClusterError/corruptBusMessage(_:)``.
    public static func decode(_ buffer: ByteBuffer) throws(ClusterError) -> BusMessage {
        var reader = BinaryReader(buffer, subject: "bus message") { .corruptBusMessage($0) }
        guard try reader.integer("magic", as: UInt8.self) == magic else { throw .corruptBusMessage("not a Trivia bus message") }
        let found = try reader.integer("version", as: UInt8.self)
        guard found == version else { throw .corruptBusMessage("version \(found), this node reads \(version)") }
        let kind = try reader.integer("kind", as: UInt8.self)
        let sender = try reader.integer("sender", as: Int64.self)
        let sequence = try reader.integer("sequence", as: UInt64.self)
        let body: BusMessage.Body
        switch kind {
        case 1:
            let count = try reader.count("inputs", limit: 10_000_000)
            var inputs: [HostInput] = []
            inputs.reserveCapacity(count)
            for _ in 0..<count {
                let inputKind = try reader.integer("input kind", as: UInt8.self)
                switch inputKind {
                case 1: inputs.append(.connect(ConnectionID(try reader.integer("connection", as: UInt64.self))))
                case 2: inputs.append(.disconnect(ConnectionID(try reader.integer("connection", as: UInt64.self))))
                case 3:
                    let connection = ConnectionID(try reader.integer("connection", as: UInt64.self))
                    inputs.append(.frame(connection, Data(try reader.bytes("frame"))))
                case 4: inputs.append(.advance)
                default: throw .corruptBusMessage("unknown input kind \(inputKind)")
                }
            }
            body = .inputs(inputs)
        case 2:
            let position = try reader.integer("position", as: Int64.self)
            body = .outputs(position: position, try readBatch(&reader))
        case 3:
            body = .ownerReady(epoch: try reader.integer("epoch", as: Int64.self), position: try reader.integer("position", as: Int64.self))
        default:
            throw .corruptBusMessage("unknown kind \(kind)")
        }
        guard reader.isAtEnd else { throw .corruptBusMessage("\(reader.buffer.readableBytes) bytes after the message") }
        return BusMessage(sender: sender, sequence: sequence, body: body)
    }
}
