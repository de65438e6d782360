import Foundation
import SharedNetworking

/// A question as the host knows it: with its correct answer, which never leaves the host until
/// the question closes.
public struct TriviaQuestion: Sendable, Hashable, Codable {
    /// The most choices a question may have (a phone screen shows them all without scrolling).
    public static let choiceLimit = 2...6

    /// Identifies the question in the protocol.
    public var id: QuestionID
    /// The question, as shown.
    public var text: String
    /// The choices in order (2 to 6); answers name them by index.
    public var choices: [String]
    /// Index of the correct choice in ``choices`` (0-based, like every index in the protocol).
    public var answer: Int
    /// Optional grouping shown nowhere in the protocol; useful when writing question sets.
    public var category: String?

    /// A question as given, not checked; questions read from JSON are checked by ``init(from:)``.
    public init(id: QuestionID, text: String, choices: [String], answer: Int, category: String? = nil) {
        self.id = id
        self.text = text
        self.choices = choices
        self.answer = answer
        self.category = category
    }

    enum CodingKeys: String, CodingKey { case id, text, choices, answer, category }

    /// Decodes and validates: a question that cannot be played (no text, a wrong number of
    /// choices, an answer outside them) is an error here, so a ``/SharedNetworking/LossyArray`` drops it with the
    /// reason instead of the host discovering it mid-competition.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let id = try container.decode(String.self, forKey: .id).trimmingCharacters(in: .whitespacesAndNewlines)
        guard !id.isEmpty else {
            throw DecodingError.dataCorruptedError(forKey: .id, in: container, debugDescription: "question id is empty")
        }
        guard let text = container.decodeTrimmedString(forKey: .text) else {
            throw DecodingError.dataCorruptedError(forKey: .text, in: container, debugDescription: "question text is missing or empty")
        }
        let choices = try container.decode([String].self, forKey: .choices)
            .map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
        guard Self.choiceLimit.contains(choices.count) else {
            throw DecodingError.dataCorruptedError(
                forKey: .choices, in: container,
                debugDescription:
                    "a question needs \(Self.choiceLimit.lowerBound) to \(Self.choiceLimit.upperBound) choices, found \(choices.count)")
        }
        guard !choices.contains(where: \.isEmpty), Set(choices).count == choices.count else {
            throw DecodingError.dataCorruptedError(
                forKey: .choices, in: container, debugDescription: "choices must be non-empty and different")
        }
        let answer = try container.decode(Int.self, forKey: .answer)
        guard choices.indices.contains(answer) else {
            throw DecodingError.dataCorruptedError(
                forKey: .answer, in: container,
                debugDescription: "answer \(answer) is not an index of the \(choices.count) choices (0-based)")
        }
        self.init(
            id: QuestionID(id), text: text, choices: choices, answer: answer,
            category: container.decodeTrimmedString(forKey: .category))
    }
}
