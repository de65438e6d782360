/// A message that could not be accepted: reported to the peer (`error`) or to the client
/// state machine, never fatal.
public struct TriviaProtocolError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What kind of problem, for callers that treat them differently (a fuzzer comparing two
    /// readers, a server counting them). The peer only sees ``code`` and ``message``.
    public enum Kind: Sendable, Hashable {
        /// The frame is over the codec's size limit and was not read.
        case tooLarge
        /// The bytes are not a JSON text by RFC 8259 and I-JSON (RFC 7493): not UTF-8, outside
        /// the grammar, a duplicate member name, a number beyond a double.
        case notJSON
        /// Valid JSON nested deeper than the reader's limit (32 levels).
        case tooDeep
        /// Valid JSON that is not a message of the protocol: not an object, a missing or
        /// mistyped field, a value out of range, another version.
        case invalidMessage
    }

    /// `TriviaErrorCode.malformed` or `TriviaErrorCode.unsupportedVersion`.
    public var code: TriviaErrorCode
    /// What is wrong and where: `byte 57: expected ',' or '}' after an object member, found ']'`,
    /// or with the field's path, `payload.choice: expected an integer, found a string (byte 112)`.
    public var message: String
    /// The offending message's `id`, when the frame is JSON and its `id` is a string.
    public var messageID: MessageID?
    /// The byte offset (from 0) in the frame where the problem is, when it is at one place.
    public var offset: Int?
    /// What kind of problem.
    public var kind: Kind

    /// An error from its parts; `offset` and `kind` say where and what, when known.
    public init(code: TriviaErrorCode, message: String, messageID: MessageID? = nil, offset: Int? = nil, kind: Kind = .invalidMessage) {
        self.code = code
        self.message = message
        self.messageID = messageID
        self.offset = offset
        self.kind = kind
    }

    /// A `malformed` error: a frame that is not a message this side can use.
    public static func malformed(
        _ message: String, messageID: MessageID? = nil, offset: Int? = nil, kind: Kind = .invalidMessage
    ) -> TriviaProtocolError {
        TriviaProtocolError(code: .malformed, message: message, messageID: messageID, offset: offset, kind: kind)
    }

    /// `code: message`, for logs.
    public var description: String { "\(code): \(message)" }
}
