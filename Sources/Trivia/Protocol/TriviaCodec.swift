import Foundation
import SharedNetworking

/// Turns messages into JSON frames and frames back into messages, for both sides, without
/// Foundation's JSON: a hand-written encoder straight into bytes and a strict single-pass
/// reader (`JSONReader`) over them.
///
/// Pure and separate from any logic so that the host, the client, a WebSocket server and a
/// fuzzer all share one implementation. Decoding never traps: any byte string yields a
/// message, an ignored unknown type, or a ``TriviaProtocolError`` naming what is wrong and
/// where. In order: the size limit; UTF-8; the whole frame against RFC 8259 and I-JSON
/// (including members nobody reads); then the envelope (`type`, `id`, `version`, `seq`, in
/// that order, so another version is `unsupportedVersion` before anything else is checked);
/// then the payload of a known type. ``TriviaReferenceCodec`` is the same contract through
/// Foundation, kept to check this one against.
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
    /// every field present (`null` when an optional value is absent), dates in ISO 8601 UTC
    /// with milliseconds only when needed.
    public func encode<Message>(_ envelope: TriviaEnvelope<Message>) -> Data {
        Data(encodeBytes(envelope))
    }

    /// `encode(_:)` of a server message, without going through the generic path.
    public func encode(_ envelope: ServerEnvelope) -> Data {
        Data(encodeBytes(envelope))
    }

    /// `encode(_:)` of a client message, without going through the generic path.
    public func encode(_ envelope: ClientEnvelope) -> Data {
        Data(encodeBytes(envelope))
    }

    /// `encode(_:)` of a server message as a byte array, for servers that copy it into their
    /// own buffers.
    public func encodeBytes(_ envelope: ServerEnvelope) -> [UInt8] {
        envelope.message.frame(id: envelope.id, seq: envelope.seq, version: envelope.version)
    }

    /// `encode(_:)` of a client message as a byte array.
    public func encodeBytes(_ envelope: ClientEnvelope) -> [UInt8] {
        envelope.message.frame(id: envelope.id, seq: envelope.seq, version: envelope.version)
    }

    /// `encode(_:)` as a byte array, for servers that copy it into their own buffers.
    public func encodeBytes<Message>(_ envelope: TriviaEnvelope<Message>) -> [UInt8] {
        envelope.message.frame(id: envelope.id, seq: envelope.seq, version: envelope.version)
    }

    /// `encode(_:)` as text, for WebSocket text frames.
    public func encodeText<Message>(_ envelope: TriviaEnvelope<Message>) -> String {
        String(decoding: encodeBytes(envelope), as: UTF8.self)
    }

    /// The shared bytes of `message` with holes for each recipient's fields, for a broadcast.
    static func template(for message: ServerMessage, version: Int) -> FrameTemplate {
        var writer = JSONFrameWriter(template: true)
        writer.envelope(id: "", seq: 0, type: message.type, version: version) { message.writePayload(to: &$0) }
        return FrameTemplate(bytes: writer.json.bytes, holes: writer.holes)
    }

    // MARK: Decoding

    /// Decodes a frame sent by a client (what the host receives).
    public func decodeClientMessage(_ frame: Data) throws(TriviaProtocolError) -> TriviaDecoded<ClientMessage> {
        guard frame.count <= maxFrameBytes else { throw tooLarge(frame.count) }
        return try frame.withUnsafeBytes { bytes in Result { () throws(TriviaProtocolError) in try Self.readClientMessage(bytes) } }.get()
    }

    /// Decodes a frame sent by the host (what a client receives).
    public func decodeServerMessage(_ frame: Data) throws(TriviaProtocolError) -> TriviaDecoded<ServerMessage> {
        guard frame.count <= maxFrameBytes else { throw tooLarge(frame.count) }
        return try frame.withUnsafeBytes { bytes in Result { () throws(TriviaProtocolError) in try Self.readServerMessage(bytes) } }.get()
    }

    /// Decodes a frame of either direction's message set.
    public func decode<Message: TriviaMessage>(_ frame: Data, as type: Message.Type) throws(TriviaProtocolError) -> TriviaDecoded<Message> {
        guard frame.count <= maxFrameBytes else { throw tooLarge(frame.count) }
        let result = frame.withUnsafeBytes { bytes in Result { () throws(TriviaProtocolError) in try decode(bytes: bytes, as: type) } }
        return try result.get()
    }

    /// Decodes a frame held in memory the caller owns (a server's receive buffer), without
    /// copying it first.
    public func decode<Message: TriviaMessage>(bytes: UnsafeRawBufferPointer, as type: Message.Type) throws(TriviaProtocolError)
        -> TriviaDecoded<Message>
    {
        guard bytes.count <= maxFrameBytes else { throw tooLarge(bytes.count) }
        return try Message.read(frame: bytes)
    }

    private func tooLarge(_ count: Int) -> TriviaProtocolError {
        .malformed("message of \(count) bytes is larger than the limit of \(maxFrameBytes)", kind: .tooLarge)
    }

    /// Where the envelope's members are, from the strict scan.
    private struct EnvelopeOffsets {
        var type: Int?
        var id: Int?
        var version: Int?
        var seq: Int?
        var payload: Int?
    }

    static func readClientMessage(_ bytes: UnsafeRawBufferPointer) throws(TriviaProtocolError) -> TriviaDecoded<ClientMessage> {
        try read(bytes, knownTypes: ClientMessage.knownTypes, validate: \.payloadProblem) { type, reader throws(WireFailure) in
            try ClientMessage.read(type: type, payload: &reader)
        }
    }

    static func readServerMessage(_ bytes: UnsafeRawBufferPointer) throws(TriviaProtocolError) -> TriviaDecoded<ServerMessage> {
        try read(bytes, knownTypes: ServerMessage.knownTypes, validate: \.payloadProblem) { type, reader throws(WireFailure) in
            try ServerMessage.read(type: type, payload: &reader)
        }
    }

    private static func read<Message: TriviaMessage>(
        _ bytes: UnsafeRawBufferPointer, knownTypes: [String], validate: (Message) -> String?,
        payload readPayload: (String, inout JSONReader) throws(WireFailure) -> Message?
    ) throws(TriviaProtocolError) -> TriviaDecoded<Message> {
        if let problem = UTF8Validation.firstProblem(in: bytes) {
            throw .malformed("byte \(problem.offset): not UTF-8: \(problem.reason)", offset: problem.offset, kind: .notJSON)
        }
        let offsets = try scan(bytes)
        // The frame is JSON: its id, if a string, names it in any error from here on.
        var reader = JSONReader(bytes)
        reader.checksDuplicateNames = false  // the scan checked every object's names
        var idText: String?
        if let offset = offsets.id {
            reader.offset = offset
            idText = try? reader.string("id")
        }
        let messageID = idText.flatMap { $0.isEmpty ? nil : MessageID($0) }
        func field<Value>(_ offset: Int?, _ name: String, _ read: (inout JSONReader) throws(WireFailure) -> Value)
            throws(TriviaProtocolError) -> Value
        {
            guard let offset else { throw .malformed("\(name): missing", messageID: messageID) }
            reader.offset = offset
            do {
                return try read(&reader)
            } catch {
                throw .malformed(error.text, messageID: messageID, offset: error.offset)
            }
        }
        // The document's order: type, id, version, seq; each one read and checked in full
        // before the next is looked at.
        let type = try field(offsets.type, "type") { reader throws(WireFailure) in try reader.string("type") }
        if type.isEmpty { throw .malformed("type is empty", messageID: messageID) }
        let id: MessageID
        if let idText {
            id = MessageID(idText)
        } else {
            id = MessageID(try field(offsets.id, "id") { reader throws(WireFailure) in try reader.string("id") })
        }
        if let problem = Check.id(id, "id") { throw .malformed(problem, messageID: messageID) }
        let version = try field(offsets.version, "version") { reader throws(WireFailure) in try reader.int("version") }
        guard version == protocolVersion else {
            throw TriviaProtocolError(
                code: .unsupportedVersion, message: "protocol version \(version) is not supported (this side speaks \(protocolVersion))",
                messageID: messageID, offset: offsets.version)
        }
        let seq = try field(offsets.seq, "seq") { reader throws(WireFailure) in try reader.int("seq") }
        if let problem = Check.nonNegative(seq, "seq") { throw .malformed(problem, messageID: messageID) }
        guard knownTypes.contains(type) else { return .ignored(type: type, id: id) }
        let message = try field(offsets.payload, "payload") { reader throws(WireFailure) in try readPayload(type, &reader) }
        guard let message else { return .ignored(type: type, id: id) }
        if let problem = validate(message) {
            throw .malformed("payload: \(problem)", messageID: messageID, offset: offsets.payload)
        }
        return .message(TriviaEnvelope(version: version, id: id, seq: seq, message: message))
    }

    /// The strict scan of the whole frame: RFC 8259 and I-JSON for every byte, the top level an
    /// object, and where the envelope's members are.
    private static func scan(_ bytes: UnsafeRawBufferPointer) throws(TriviaProtocolError) -> EnvelopeOffsets {
        var reader = JSONReader(bytes)
        var offsets = EnvelopeOffsets()
        do throws(WireFailure) {
            reader.skipWhitespace()
            let start = reader.offset
            let kind = reader.peekKind()
            if kind == .object {
                try reader.readObject { reader, name throws(WireFailure) in
                    reader.skipWhitespace()
                    // By length first: most names are compared with one candidate, or none.
                    switch name.end - name.start {
                    case 2 where name.equals("id", in: bytes): offsets.id = reader.offset
                    case 3 where name.equals("seq", in: bytes): offsets.seq = reader.offset
                    case 4 where name.equals("type", in: bytes): offsets.type = reader.offset
                    case 7 where name.equals("version", in: bytes): offsets.version = reader.offset
                    case 7 where name.equals("payload", in: bytes): offsets.payload = reader.offset
                    default:
                        // An escaped name is longer than what it spells: compare it decoded.
                        guard name.hasEscapes else { break }
                        if name.equals("id", in: bytes) {
                            offsets.id = reader.offset
                        } else if name.equals("seq", in: bytes) {
                            offsets.seq = reader.offset
                        } else if name.equals("type", in: bytes) {
                            offsets.type = reader.offset
                        } else if name.equals("version", in: bytes) {
                            offsets.version = reader.offset
                        } else if name.equals("payload", in: bytes) {
                            offsets.payload = reader.offset
                        }
                    }
                    try reader.skipValue()
                }
            } else {
                try reader.skipValue()
            }
            reader.skipWhitespace()
            guard reader.offset == bytes.count else { throw reader.syntaxError(expected: "the end of the text after the message") }
            guard kind == .object else {
                throw WireFailure(kind: .field, offset: start, text: "message: expected an object, found \(kind?.described ?? "nothing")")
            }
        } catch {
            let kind: TriviaProtocolError.Kind =
                switch error.kind {
                case .json: .notJSON
                case .depth: .tooDeep
                case .field: .invalidMessage
                }
            let message = error.kind == .field ? error.text : "byte \(error.offset): \(error.text)"
            throw .malformed(message, offset: error.offset, kind: kind)
        }
        return offsets
    }
}
