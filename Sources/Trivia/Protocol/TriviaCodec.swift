import Foundation
import SharedNetworking

/// Turns messages into JSON frames and frames back into messages, for both sides.
///
/// Pure and separate from any logic so that the host, the client, a WebSocket server and a
/// fuzzer all share one implementation. Decoding never traps: any byte string yields a
/// message, an ignored unknown type, or a ``TriviaProtocolError`` naming what is wrong.
public struct TriviaCodec: Sendable {
    /// The envelope `version` this code speaks. Additive changes (new types, new fields) keep
    /// it; anything an older peer would misread bumps it.
    public static let protocolVersion = 1
    /// Frames larger than this are rejected without parsing.
    public var maxFrameBytes: Int

    public init(maxFrameBytes: Int = 64 * 1024) {
        self.maxFrameBytes = maxFrameBytes
    }

    // MARK: Encoding

    /// The frame for `envelope`: compact JSON with sorted keys (byte-for-byte reproducible),
    /// dates in ISO 8601 UTC with milliseconds only when needed.
    public func encode<Message>(_ envelope: TriviaEnvelope<Message>) throws(TriviaProtocolError) -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(TriviaDates.string(from: date))
        }
        do {
            return try encoder.encode(envelope)
        } catch {
            throw .malformed("cannot encode \(envelope.type): \(error)", messageID: envelope.id)
        }
    }

    /// ``encode(_:)`` as text, for WebSocket text frames.
    public func encodeText<Message>(_ envelope: TriviaEnvelope<Message>) throws(TriviaProtocolError) -> String {
        String(decoding: try encode(envelope), as: UTF8.self)
    }

    // MARK: Decoding

    /// Decodes a frame sent by a client (what the host receives).
    public func decodeClientMessage(_ frame: Data) throws(TriviaProtocolError) -> TriviaDecoded<ClientMessage> {
        try decode(frame, as: ClientMessage.self)
    }

    /// Decodes a frame sent by the host (what a client receives).
    public func decodeServerMessage(_ frame: Data) throws(TriviaProtocolError) -> TriviaDecoded<ServerMessage> {
        try decode(frame, as: ServerMessage.self)
    }

    /// Decodes a frame of either direction's message set.
    public func decode<Message: TriviaMessage>(_ frame: Data, as type: Message.Type) throws(TriviaProtocolError) -> TriviaDecoded<Message> {
        guard frame.count <= maxFrameBytes else {
            throw .malformed("message of \(frame.count) bytes is larger than the limit of \(maxFrameBytes)")
        }
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = LenientISO8601.decodingStrategy
        let messageID = (try? decoder.decode(IDProbe.self, from: frame))?.id.flatMap { $0.isEmpty ? nil : MessageID($0) }
        do {
            return try decoder.decode(DecodedFrame<Message>.self, from: frame).value
        } catch let failure as UnsupportedVersion {
            throw TriviaProtocolError(
                code: .unsupportedVersion,
                message: "protocol version \(failure.version) is not supported (this side speaks \(Self.protocolVersion))",
                messageID: messageID)
        } catch let invalid as InvalidPayload {
            throw .malformed("payload: \(invalid.problem)", messageID: messageID)
        } catch let error as DecodingError {
            throw .malformed(DecodingFailure(error, json: frame, source: nil).description, messageID: messageID)
        } catch {
            throw .malformed(String(describing: error), messageID: messageID)
        }
    }
}

/// Reads the envelope; the payload is read by the message type.
private struct DecodedFrame<Message: TriviaMessage>: Decodable {
    let value: TriviaDecoded<Message>

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: EnvelopeCodingKey.self)
        let type = try container.decode(String.self, forKey: .type)
        let id = MessageID(try container.decode(String.self, forKey: .id))
        let version = try container.decode(Int.self, forKey: .version)
        guard version == TriviaCodec.protocolVersion else { throw UnsupportedVersion(version: version) }
        let seq = try container.decode(Int.self, forKey: .seq)
        if let problem = Check.first(type.isEmpty ? "type is empty" : nil, Check.id(id, "id"), Check.nonNegative(seq, "seq")) {
            throw DecodingError.dataCorrupted(DecodingError.Context(codingPath: [], debugDescription: problem))
        }
        if let message = try Message.decode(type: type, payload: PayloadReader(container: container)) {
            value = .message(TriviaEnvelope(version: version, id: id, seq: seq, message: message))
        } else {
            value = .ignored(type: type, id: id)
        }
    }
}

private struct IDProbe: Decodable {
    let id: String?
}

private struct UnsupportedVersion: Error {
    let version: Int
}

/// How the protocol writes instants: ISO 8601 in UTC, `2020-09-10T08:00:10Z`, with
/// milliseconds (`…10.250Z`) only when the instant has them.
public enum TriviaDates {
    public static func string(from date: Date) -> String {
        let milliseconds = Int64((date.timeIntervalSince1970 * 1000).rounded())
        var seconds = milliseconds / 1000
        var fraction = milliseconds % 1000
        if fraction < 0 {
            seconds -= 1
            fraction += 1000
        }
        let whole = Date(timeIntervalSince1970: TimeInterval(seconds)).formatted(Date.ISO8601FormatStyle(timeZone: .gmt))
        guard fraction != 0, whole.hasSuffix("Z") else { return whole }
        let digits = String(fraction)
        return whole.dropLast() + "." + String(repeating: "0", count: 3 - digits.count) + digits + "Z"
    }
}
