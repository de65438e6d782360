import Foundation
import NIOCore
import Trivia
import TriviaHost

/// The binary form of one log entry (a batch of ``LoggedInput``s), as `trivia_log.inputs`
/// holds it.
///
/// Binary rather than JSON because the log is the owner's hot write path (an entry per
/// commit, thousands of inputs a second at scale) and because times must come back exactly
/// (the bits of the `Date`). Layout, big-endian: a version byte (1), the input count (u32),
/// then per input: kind (u8: 1 connect, 2 disconnect, 3 frame, 4 advance, 5 extend window),
/// host time (u64 bits), the connection (u64, not for advance or extend window), the frame
/// (u32 length + bytes, frames only), the window's new end (u64 bits, extend window only),
/// the token answers (u32 count; each: token, then 0 or 1 and the user id and display name).
/// A reader that finds another version refuses the entry (``ClusterError/corruptLogEntry(position:reason:)``)
/// instead of guessing.
public enum InputLogCodec {
    /// The only layout this build writes and reads.
    public static let version: UInt8 = 1

    /// The most inputs one entry may hold (a sanity bound for the reader).
    static let inputLimit = 10_000_000

    /// Encodes `inputs` as one entry.
    public static func encode(_ inputs: [LoggedInput]) -> ByteBuffer {
        var buffer = ByteBuffer()
        buffer.reserveCapacity(16 + inputs.count * 32)
        buffer.writeInteger(version)
        buffer.writeInteger(UInt32(inputs.count))
        for logged in inputs {
            switch logged.input {
            case .connect(let connection):
                buffer.writeInteger(UInt8(1))
                buffer.write(date: logged.at)
                buffer.writeInteger(connection.rawValue)
            case .disconnect(let connection):
                buffer.writeInteger(UInt8(2))
                buffer.write(date: logged.at)
                buffer.writeInteger(connection.rawValue)
            case .frame(let connection, let frame):
                buffer.writeInteger(UInt8(3))
                buffer.write(date: logged.at)
                buffer.writeInteger(connection.rawValue)
                buffer.writeLengthPrefixed(frame)
            case .advance:
                buffer.writeInteger(UInt8(4))
                buffer.write(date: logged.at)
            case .extendWindow(let until):
                buffer.writeInteger(UInt8(5))
                buffer.write(date: logged.at)
                buffer.write(date: until)
            }
            buffer.writeInteger(UInt32(logged.tokenAnswers.count))
            for answer in logged.tokenAnswers {
                buffer.writeLengthPrefixed(string: answer.token)
                if let identity = answer.identity {
                    buffer.writeInteger(UInt8(1))
                    buffer.writeLengthPrefixed(string: identity.user.rawValue)
                    buffer.writeLengthPrefixed(string: identity.displayName)
                } else {
                    buffer.writeInteger(UInt8(0))
                }
            }
        }
        return buffer
    }

    /// Decodes the entry at `position` (the position only names it in errors).
    public static func decode(_ buffer: ByteBuffer, position: Int64) throws(ClusterError) -> [LoggedInput] {
        var reader = BinaryReader(buffer, subject: "log entry \(position)") { reason in
            .corruptLogEntry(position: position, reason: reason)
        }
        let found = try reader.integer("version", as: UInt8.self)
        guard found == version else {
            throw .corruptLogEntry(position: position, reason: "layout version \(found), this node reads \(version)")
        }
        let count = try reader.count("inputs", limit: inputLimit)
        var inputs: [LoggedInput] = []
        inputs.reserveCapacity(count)
        for index in 0..<count {
            let kind = try reader.integer("input \(index) kind", as: UInt8.self)
            let at = try reader.date("input \(index) time")
            let input: HostInput
            switch kind {
            case 1: input = .connect(ConnectionID(try reader.integer("input \(index) connection", as: UInt64.self)))
            case 2: input = .disconnect(ConnectionID(try reader.integer("input \(index) connection", as: UInt64.self)))
            case 3:
                let connection = ConnectionID(try reader.integer("input \(index) connection", as: UInt64.self))
                input = .frame(connection, Data(try reader.bytes("input \(index) frame")))
            case 4: input = .advance
            case 5: input = .extendWindow(until: try reader.date("input \(index) window end"))
            default: throw .corruptLogEntry(position: position, reason: "input \(index) has unknown kind \(kind)")
            }
            let answerCount = try reader.count("token answers", limit: 1024)
            var answers: [TokenAnswer] = []
            for _ in 0..<answerCount {
                let token = try reader.string("token")
                let known = try reader.integer("identity flag", as: UInt8.self)
                var identity: TriviaIdentity?
                if known == 1 {
                    identity = TriviaIdentity(user: UserID(try reader.string("user")), displayName: try reader.string("display name"))
                }
                answers.append(TokenAnswer(token: token, identity: identity))
            }
            inputs.append(LoggedInput(input: input, at: at, tokenAnswers: answers))
        }
        guard reader.isAtEnd else {
            throw .corruptLogEntry(position: position, reason: "\(reader.buffer.readableBytes) bytes after the last input")
        }
        return inputs
    }
}
