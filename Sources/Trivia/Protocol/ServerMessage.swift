import Foundation

/// Messages from the host to a client.
public enum ServerMessage: TriviaMessage {
    case welcome(WelcomePayload)
    case question(QuestionPayload)
    case answerAck(AnswerAckPayload)
    case result(ResultPayload)
    case wildcardResult(WildcardResultPayload)
    case finish(FinishPayload)
    case error(ErrorPayload)
    case pong(PongPayload)

    public var type: String {
        switch self {
        case .welcome: "welcome"
        case .question: "question"
        case .answerAck: "answerAck"
        case .result: "result"
        case .wildcardResult: "wildcardResult"
        case .finish: "finish"
        case .error: "error"
        case .pong: "pong"
        }
    }

    public static let knownTypes = ["welcome", "question", "answerAck", "result", "wildcardResult", "finish", "error", "pong"]

    /// Stream messages are numbered per user, logged, replayed after a reconnect and
    /// deduplicated by `seq`; the others describe one connection and carry `seq` 0.
    public var isStreamMessage: Bool {
        switch self {
        case .question, .answerAck, .result, .wildcardResult, .finish: true
        case .welcome, .error, .pong: false
        }
    }

    public static func decode(type: String, payload: PayloadReader) throws -> ServerMessage? {
        switch type {
        case "welcome": .welcome(try payload(WelcomePayload.self))
        case "question": .question(try payload(QuestionPayload.self))
        case "answerAck": .answerAck(try payload(AnswerAckPayload.self))
        case "result": .result(try payload(ResultPayload.self))
        case "wildcardResult": .wildcardResult(try payload(WildcardResultPayload.self))
        case "finish": .finish(try payload(FinishPayload.self))
        case "error": .error(try payload(ErrorPayload.self))
        case "pong": .pong(try payload(PongPayload.self))
        default: nil
        }
    }

    public func encodePayload(to container: inout KeyedEncodingContainer<EnvelopeCodingKey>) throws {
        switch self {
        case .welcome(let payload): try container.encode(payload, forKey: .payload)
        case .question(let payload): try container.encode(payload, forKey: .payload)
        case .answerAck(let payload): try container.encode(payload, forKey: .payload)
        case .result(let payload): try container.encode(payload, forKey: .payload)
        case .wildcardResult(let payload): try container.encode(payload, forKey: .payload)
        case .finish(let payload): try container.encode(payload, forKey: .payload)
        case .error(let payload): try container.encode(payload, forKey: .payload)
        case .pong(let payload): try container.encode(payload, forKey: .payload)
        }
    }
}
