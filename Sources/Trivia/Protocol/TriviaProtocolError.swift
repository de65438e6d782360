/// A message that could not be accepted: reported to the peer (`error`) or to the client
/// state machine, never fatal.
public struct TriviaProtocolError: Error, Sendable, Hashable, CustomStringConvertible {
    /// `TriviaErrorCode.malformed` or `TriviaErrorCode.unsupportedVersion`.
    public var code: TriviaErrorCode
    /// What is wrong, with the field's path: `payload.choice: expected Number, found String`.
    public var message: String
    /// The offending message's `id`, when it could be read.
    public var messageID: MessageID?

    public init(code: TriviaErrorCode, message: String, messageID: MessageID? = nil) {
        self.code = code
        self.message = message
        self.messageID = messageID
    }

    public static func malformed(_ message: String, messageID: MessageID? = nil) -> TriviaProtocolError {
        TriviaProtocolError(code: .malformed, message: message, messageID: messageID)
    }

    public var description: String { "\(code): \(message)" }
}
