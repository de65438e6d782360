import Foundation

/// The `payload` of one message type. Decoding checks types (``TriviaCodec``'s readers, or
/// `JSONDecoder` in ``TriviaReferenceCodec``); ``validationProblem`` checks what types cannot say
/// (an empty id, a negative index), so a payload that decodes is one the logic can use without
/// further checks. `Codable` is the reference codec's; ``TriviaCodec`` writes and reads every
/// payload by hand.
public protocol TriviaPayload: Codable, Sendable, Hashable {
    /// Why the payload is unusable (`"choice must be 0 or more"`), or `nil`.
    var validationProblem: String? { get }
}

/// Small checks shared by the payloads.
enum Check {
    /// Longest id accepted; ids are echoed in logs and messages.
    static let maxIDLength = 200

    static func id<Tag>(_ id: TriviaID<Tag>, _ name: String) -> String? {
        if id.rawValue.isEmpty { return "\(name) is empty" }
        // Characters are never more than UTF-8 bytes: count them only when the bytes could exceed.
        if id.rawValue.utf8.count > maxIDLength, id.rawValue.count > maxIDLength {
            return "\(name) is longer than \(maxIDLength) characters"
        }
        return nil
    }

    static func nonNegative(_ value: Int?, _ name: String) -> String? {
        guard let value, value < 0 else { return nil }
        return "\(name) must be 0 or more, found \(value)"
    }

    static func first(_ problems: String?...) -> String? {
        problems.lazy.compactMap { $0 }.first
    }
}
