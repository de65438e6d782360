import Foundation

/// The keys of the envelope every message travels in.
public enum EnvelopeCodingKey: String, CodingKey, Sendable {
    /// The envelope's fields: `type`, `version`, `id`, `seq` and `payload`.
    case type, version, id, seq, payload
}

/// One direction's set of messages (``ClientMessage`` or ``ServerMessage``): the two sets the
/// protocol defines. ``TriviaCodec`` reads and writes a message set through the wire
/// requirements below, which each of the two implements with its hand-written reader and
/// writer; the `Codable`-based ones are ``TriviaReferenceCodec``'s.
public protocol TriviaMessage: Sendable, Hashable {
    /// The envelope's `type` for this message.
    var type: String { get }
    /// Every `type` this side understands, for documentation checks.
    static var knownTypes: [String] { get }
    /// The message for `type` with its payload read by `payload`, or `nil` when `type` is not
    /// one of ``knownTypes`` (unknown types are ignored, not errors).
    static func decode(type: String, payload: PayloadReader) throws -> Self?
    /// Writes the payload under the `payload` key.
    func encodePayload(to container: inout KeyedEncodingContainer<EnvelopeCodingKey>) throws
    /// Reads a whole frame of this set with ``TriviaCodec``'s strict reader (the size limit is
    /// the caller's).
    static func read(frame bytes: UnsafeRawBufferPointer) throws(TriviaProtocolError) -> TriviaDecoded<Self>
    /// The frame for this message in an envelope with `id`, `seq` and `version`, as
    /// ``TriviaCodec`` writes it.
    func frame(id: MessageID, seq: Int, version: Int) -> [UInt8]
}

/// Reads and validates the `payload` of an envelope as a given payload type.
public struct PayloadReader {
    let container: KeyedDecodingContainer<EnvelopeCodingKey>

    /// The payload as `type`, decoded and validated; a missing or unusable payload throws.
    public func callAsFunction<P: TriviaPayload>(_ type: P.Type) throws -> P {
        let payload = try container.decode(P.self, forKey: .payload)
        if let problem = payload.validationProblem {
            throw InvalidPayload(problem: problem)
        }
        return payload
    }
}

/// A payload that decoded but failed ``TriviaPayload/validationProblem``.
struct InvalidPayload: Error {
    let problem: String
}

/// A message in its versioned envelope:
///
/// ```json
/// {"type": "answer", "version": 1, "id": "ios-7f3a-m12", "seq": 12, "payload": {…}}
/// ```
/// `seq` is the sender's sequence number. For the host's stream messages it is the per-user
/// position in the stream (1, 2, 3… across reconnects); connection-scoped messages (`welcome`,
/// `pong`, `error`) carry 0. Clients number their own messages from 1 per connection.
public struct TriviaEnvelope<Message: TriviaMessage>: Sendable, Hashable, Encodable {
    /// The protocol version; a peer rejects a version it does not speak.
    public var version: Int
    /// Unique per sender; a resend of a request reuses its request id, not this.
    public var id: MessageID
    /// The stream position (see above); 0 for connection-scoped messages.
    public var seq: Int
    /// The message and its payload.
    public var message: Message

    /// An envelope around `message`.
    public init(version: Int = TriviaCodec.protocolVersion, id: MessageID, seq: Int, message: Message) {
        self.version = version
        self.id = id
        self.seq = seq
        self.message = message
    }

    /// The message's `type`.
    public var type: String { message.type }

    /// Encodes the envelope with the message's payload under `payload`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: EnvelopeCodingKey.self)
        try container.encode(message.type, forKey: .type)
        try container.encode(version, forKey: .version)
        try container.encode(id, forKey: .id)
        try container.encode(seq, forKey: .seq)
        try message.encodePayload(to: &container)
    }
}

/// A message from a client, in its envelope.
public typealias ClientEnvelope = TriviaEnvelope<ClientMessage>
/// A message from the host, in its envelope.
public typealias ServerEnvelope = TriviaEnvelope<ServerMessage>

/// What decoding one frame produced.
public enum TriviaDecoded<Message: TriviaMessage>: Sendable, Hashable {
    /// A message of a known type.
    case message(TriviaEnvelope<Message>)
    /// A well-formed envelope of a type this side does not know: ignored by design, so a newer
    /// peer can add messages without breaking older ones.
    case ignored(type: String, id: MessageID)

    /// The envelope, if the type was known.
    public var envelope: TriviaEnvelope<Message>? {
        if case .message(let envelope) = self { return envelope }
        return nil
    }
}
