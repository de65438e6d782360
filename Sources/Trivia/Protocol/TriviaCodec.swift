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

    /// A codec rejecting frames over `maxFrameBytes` (64 KiB by default).
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
///
/// Written in the proleptic Gregorian calendar, like ``/SharedNetworking/LenientISO8601`` reads it: Foundation's
/// ISO 8601 style switches to the Julian calendar before October 1582, so an early date came
/// back days away from what was sent (found by the TriviaProtocol fuzz target).
public enum TriviaDates {
    /// `date` as the protocol writes it: ISO 8601 in UTC with milliseconds, proleptic Gregorian.
    public static func string(from date: Date) -> String {
        let milliseconds = Int64((date.timeIntervalSince1970 * 1000).rounded())
        let (seconds, fraction) = floorDivision(milliseconds, 1000)
        let (days, secondOfDay) = floorDivision(seconds, 86_400)
        let date = WallClock.civilDate(fromDays: Int(days))
        let time = String(
            format: "%04lld-%02lld-%02lldT%02lld:%02lld:%02lld", Int64(date.year), Int64(date.month), Int64(date.day), secondOfDay / 3600,
            secondOfDay / 60 % 60, secondOfDay % 60)
        return fraction == 0 ? time + "Z" : time + String(format: ".%03lldZ", fraction)
    }

    /// Quotient and remainder rounded towards negative infinity (the remainder is never negative).
    private static func floorDivision(_ value: Int64, _ divisor: Int64) -> (Int64, Int64) {
        let remainder = value % divisor
        return remainder < 0 ? (value / divisor - 1, remainder + divisor) : (value / divisor, remainder)
    }
}
