import Foundation
import SharedNetworking

/// The protocol through Foundation's `JSONEncoder` and `JSONDecoder`: the reference that
/// ``TriviaCodec`` is checked against, not used on any data path.
///
/// It writes the same bytes as ``TriviaCodec`` (sorted keys, every optional field as `null`
/// when absent) and, for every valid JSON text, reads the same message, ignored type or error
/// code, with one documented exception: it accepts integers written as `1.0` or `1e0`, which
/// ``TriviaCodec`` refuses. It is *not* a reference for what is valid JSON: Foundation's decoder
/// on Linux skips members it does not decode without checking them, so it accepts trailing
/// commas, bad numbers and bad escapes there (see Docs/Trivia/Protocol.md, "Strict JSON").
/// The protocol-document tests, the codec tests and the `TriviaWire` fuzz target use it.
public struct TriviaReferenceCodec: Sendable {
    /// Frames larger than this are rejected without parsing.
    public var maxFrameBytes: Int

    /// A reference codec rejecting frames over `maxFrameBytes` (64 KiB by default, as ``TriviaCodec``).
    public init(maxFrameBytes: Int = 64 * 1024) {
        self.maxFrameBytes = maxFrameBytes
    }

    /// The frame for `envelope`, through `JSONEncoder` with sorted keys.
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
                message: "protocol version \(failure.version) is not supported (this side speaks \(TriviaCodec.protocolVersion))",
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
        // The document's order: type, id, version, seq.
        func refuse(_ problem: String?) throws {
            guard let problem else { return }
            throw DecodingError.dataCorrupted(DecodingError.Context(codingPath: [], debugDescription: problem))
        }
        let type = try container.decode(String.self, forKey: .type)
        try refuse(type.isEmpty ? "type is empty" : nil)
        let id = MessageID(try container.decode(String.self, forKey: .id))
        try refuse(Check.id(id, "id"))
        let version = try container.decode(Int.self, forKey: .version)
        guard version == TriviaCodec.protocolVersion else { throw UnsupportedVersion(version: version) }
        let seq = try container.decode(Int.self, forKey: .seq)
        try refuse(Check.nonNegative(seq, "seq"))
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
