import Foundation

/// Messages from a client to the host.
public enum ClientMessage: TriviaMessage {
    /// `join`: authenticate and enter the competition.
    case join(JoinPayload)
    /// `answer`: pick a choice for the open question.
    case answer(AnswerPayload)
    /// `useWildcard`: stay a player after an incorrect answer.
    case useWildcard(UseWildcardPayload)
    /// `ping`: keep the connection alive and measure it.
    case ping(PingPayload)

    /// The envelope's `type`: `join`, `answer`, `useWildcard` or `ping`.
    public var type: String {
        switch self {
        case .join: "join"
        case .answer: "answer"
        case .useWildcard: "useWildcard"
        case .ping: "ping"
        }
    }

    /// Every client message type, in the order the protocol documentation lists them.
    public static let knownTypes = ["join", "answer", "useWildcard", "ping"]

    /// The message for `type`, its payload read and validated; `nil` for a type this side does not know.
    public static func decode(type: String, payload: PayloadReader) throws -> ClientMessage? {
        switch type {
        case "join": .join(try payload(JoinPayload.self))
        case "answer": .answer(try payload(AnswerPayload.self))
        case "useWildcard": .useWildcard(try payload(UseWildcardPayload.self))
        case "ping": .ping(try payload(PingPayload.self))
        default: nil
        }
    }

    /// Writes this message's payload under the envelope's `payload` key.
    public func encodePayload(to container: inout KeyedEncodingContainer<EnvelopeCodingKey>) throws {
        switch self {
        case .join(let payload): try container.encode(payload, forKey: .payload)
        case .answer(let payload): try container.encode(payload, forKey: .payload)
        case .useWildcard(let payload): try container.encode(payload, forKey: .payload)
        case .ping(let payload): try container.encode(payload, forKey: .payload)
        }
    }
}
