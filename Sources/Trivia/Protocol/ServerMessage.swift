import Foundation

/// Messages from the host to a client.
public enum ServerMessage: TriviaMessage {
    /// `welcome`: the join was accepted; the competition, the user's role and balance.
    case welcome(WelcomePayload)
    /// `question`: a question opens, with its deadline.
    case question(QuestionPayload)
    /// `answerAck`: an answer was accepted or rejected.
    case answerAck(AnswerAckPayload)
    /// `result`: a question closed; the correct choice and whether the user is still a player.
    case result(ResultPayload)
    /// `wildcardResult`: a wild-card request was granted or refused.
    case wildcardResult(WildcardResultPayload)
    /// `finish`: the competition ended; the winners.
    case finish(FinishPayload)
    /// `error`: the client sent something the host cannot use.
    case error(ErrorPayload)
    /// `pong`: the answer to a `ping`.
    case pong(PongPayload)

    /// The envelope's `type`, e.g. `answerAck`.
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

    /// Every server message type, in the order the protocol documentation lists them.
    public static let knownTypes = ["welcome", "question", "answerAck", "result", "wildcardResult", "finish", "error", "pong"]

    /// Stream messages are numbered per user, logged, replayed after a reconnect and
    /// deduplicated by `seq`; the others describe one connection and carry `seq` 0.
    public var isStreamMessage: Bool {
        switch self {
        case .question, .answerAck, .result, .wildcardResult, .finish: true
        case .welcome, .error, .pong: false
        }
    }

    /// The message for `type`, its payload read and validated; `nil` for a type this side does not know.
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

    /// Writes this message's payload under the envelope's `payload` key.
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
