import Foundation

/// Messages from a client to the host.
public enum ClientMessage: TriviaMessage {
    case join(JoinPayload)
    case answer(AnswerPayload)
    case useWildcard(UseWildcardPayload)
    case ping(PingPayload)

    public var type: String {
        switch self {
        case .join: "join"
        case .answer: "answer"
        case .useWildcard: "useWildcard"
        case .ping: "ping"
        }
    }

    public static let knownTypes = ["join", "answer", "useWildcard", "ping"]

    public static func decode(type: String, payload: PayloadReader) throws -> ClientMessage? {
        switch type {
        case "join": .join(try payload(JoinPayload.self))
        case "answer": .answer(try payload(AnswerPayload.self))
        case "useWildcard": .useWildcard(try payload(UseWildcardPayload.self))
        case "ping": .ping(try payload(PingPayload.self))
        default: nil
        }
    }

    public func encodePayload(to container: inout KeyedEncodingContainer<EnvelopeCodingKey>) throws {
        switch self {
        case .join(let payload): try container.encode(payload, forKey: .payload)
        case .answer(let payload): try container.encode(payload, forKey: .payload)
        case .useWildcard(let payload): try container.encode(payload, forKey: .payload)
        case .ping(let payload): try container.encode(payload, forKey: .payload)
        }
    }
}
