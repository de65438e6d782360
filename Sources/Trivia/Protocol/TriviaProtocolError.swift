/// A message that could not be accepted: reported to the peer (`error`) or to the client
/// state machine, never fatal.
public struct TriviaProtocolError: Error, Sendable, Hashable, CustomStringConvertible {
    /// `TriviaErrorCode.malformed` or `TriviaErrorCode.unsupportedVersion`.
    public var code: TriviaErrorCode
    /// What is wrong, with the field's path: `payload.choice: expected Number, found String`.
    public var message: String
    /// The offending message's `id`, when it could be read.
    public var messageID: MessageID?

    /// An error from its parts.
    public init(code: TriviaErrorCode, message: String, messageID: MessageID? = nil) {
        self.code = code
        self.message = message
        self.messageID = messageID
    }

    /// A `malformed` error: a frame that is not a message this side can use.
    public static func malformed(_ message: String, messageID: MessageID? = nil) -> TriviaProtocolError {
        TriviaProtocolError(code: .malformed, message: message, messageID: messageID)
    }

    /// `code: message`, for logs.
    public var description: String { "\(code): \(message)" }
}
