import Foundation
import SharedNetworking
import Trivia

/// The questions of one competition, as the host loads them (`questions.json`).
///
/// ```json
/// { "id": "general-knowledge", "title": "General Knowledge",
///   "questions": [ { "id": "q01", "text": "…", "choices": ["…", "…", "…"], "answer": 1 } ] }
/// ```
/// Unplayable questions are dropped with a diagnostic; a set left with none is an error.
public struct TriviaQuestionSet: Sendable, Hashable, Decodable {
    /// The competition these questions are for.
    public var id: CompetitionID
    /// The competition's name.
    public var title: String
    /// The playable questions, in order.
    public var questions: [TriviaQuestion]

    /// A set from its parts.
    public init(id: CompetitionID, title: String, questions: [TriviaQuestion]) {
        self.id = id
        self.title = title
        self.questions = questions
    }

    enum CodingKeys: String, CodingKey { case id, title, questions }

    /// Decodes a set; unplayable questions are dropped with a diagnostic, and a set with none left is an error.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let decoded = try container.decodeLossyArray(TriviaQuestion.self, forKey: .questions, decoder: decoder)
        var seen = Set<QuestionID>()
        var questions: [TriviaQuestion] = []
        for (index, question) in decoded.enumerated() {
            if seen.insert(question.id).inserted {
                questions.append(question)
            } else {
                decoder.report(.dropped, "duplicate question id \"\(question.id)\"", at: [CodingKeys.questions, IndexKey(index)])
            }
        }
        guard !questions.isEmpty else {
            throw DecodingError.dataCorruptedError(forKey: .questions, in: container, debugDescription: "no playable questions")
        }
        self.questions = questions
        self.id = CompetitionID(container.decodeTrimmedString(forKey: .id) ?? "trivia")
        self.title = container.decodeTrimmedString(forKey: .title) ?? "Trivia"
    }

    /// The first `count` questions (at least one), for shorter competitions.
    public func prefix(_ count: Int) -> TriviaQuestionSet {
        TriviaQuestionSet(id: id, title: title, questions: Array(questions.prefix(max(1, count))))
    }
}

extension TriviaQuestionSet {
    /// Loads a question set from any source through the shared feed loader (text encodings,
    /// size limits and diagnostics included).
    public static func load(from source: FeedSource, loader: FeedLoader) async throws(NetworkError) -> Loaded<TriviaQuestionSet> {
        try await loader.load(TriviaQuestionSet.self, from: source)
    }
}
