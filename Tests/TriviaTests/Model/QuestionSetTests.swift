import Foundation
import SharedNetworking
import TestSupport
import Testing

@testable import Trivia
@testable import TriviaHost

@Suite("Question sets")
struct QuestionSetTests {
    let loader = FeedLoader(client: ScriptedHTTPClient { _, _ in .failure(.cancelled) })

    @Test("the bundled default set loads cleanly: 12 playable questions")
    func bundled() async throws {
        let loaded = try await TriviaQuestionSet.load(from: try TriviaSource.bundled(), loader: loader)
        #expect(loaded.diagnostics.isEmpty)
        #expect(loaded.value.id == "general-knowledge")
        #expect(loaded.value.title == "General Knowledge")
        #expect(loaded.value.questions.count == 12)
        #expect(Set(loaded.value.questions.map(\.id)).count == 12)
        for question in loaded.value.questions {
            #expect(question.choices.indices.contains(question.answer))
        }
        #expect(Set(loaded.value.questions.map(\.answer)).count > 1, "the correct answer is not always in the same place")
    }

    @Test("unplayable questions are dropped with a reason; the rest play")
    func dropsBadQuestions() async throws {
        let json = """
            {"id": "x", "title": " Mixed ", "questions": [
              {"id": "ok", "text": "Fine?", "choices": ["a", "b"], "answer": 1},
              {"id": "one", "text": "Only one?", "choices": ["a"], "answer": 0},
              {"id": "range", "text": "Range?", "choices": ["a", "b"], "answer": 2},
              {"id": "blank", "text": "  ", "choices": ["a", "b"], "answer": 0},
              {"id": "same", "text": "Same?", "choices": ["a", "a"], "answer": 0},
              {"id": "ok", "text": "Duplicate id?", "choices": ["a", "b"], "answer": 0}
            ]}
            """
        let loaded = try await TriviaQuestionSet.load(from: .data(Data(json.utf8), name: "mixed.json"), loader: loader)
        #expect(loaded.value.questions.map(\.id) == ["ok"])
        #expect(loaded.value.title == "Mixed")
        let messages = loaded.diagnostics.map(\.description).joined(separator: "\n")
        #expect(loaded.diagnostics.count == 5, "\(messages)")
        #expect(messages.contains("2 to 6 choices"))
        #expect(messages.contains("answer 2 is not an index"))
        #expect(messages.contains("duplicate question id"))
    }

    @Test("a set with no playable question is an error that says so")
    func noQuestions() async {
        let error = await #expect(throws: NetworkError.self) {
            try await TriviaQuestionSet.load(from: .data(Data(#"{"questions": []}"#.utf8), name: "empty.json"), loader: loader)
        }
        #expect(error?.description.contains("no playable questions") == true)
    }
}
