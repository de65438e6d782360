import SharedNetworking
import TestSupport
import Testing

@testable import ExercisesWeb

/// A feed loaded once for every session: the first success is kept, a failure is not.
@Suite("A feed shared by the sessions")
struct SharedFeedTests {
    @Test("the first successful load answers every later one, of any session; a failed one is tried again")
    func keepsTheFirstSuccess() async throws {
        let base = ScriptedFeedLoader<[Int]>(answers: [
            .failure(.invalidContent(source: "sample.json", reason: "not found in bundle")),
            .success(Loaded(value: [1, 2], diagnostics: [], source: "sample.json")),
            .success(Loaded(value: [3], diagnostics: [], source: "sample.json")),
        ])
        let feed = SharedFeed(base)
        await #expect(throws: NetworkError.self) { try await feed.loader.load() }
        #expect(try await feed.loader.load().value == [1, 2])
        #expect(try await feed.loader.load().value == [1, 2])
        #expect(base.callCount == 2)
        #expect(feed.loads == 1)
    }
}
