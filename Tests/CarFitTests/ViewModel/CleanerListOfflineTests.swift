import Foundation
import SharedNetworking
import TestSupport
import Testing

@testable import CarFit

/// The last good screen for the CarFit list: the saved visits at once on a cold start, kept and
/// marked when the network fails, in the worker's language.
@Suite("Cleaner list offline", .timeLimit(.minutes(1)))
@MainActor
struct CleanerListOfflineTests {
    let now = "2020-09-10T07:00:00Z"

    var visits: [Visit] {
        [VisitFactory.visit(id: "a", start: "2020-09-10T08:00:00Z"), VisitFactory.visit(id: "b", start: "2020-09-10T10:00:00Z")]
    }

    func makeViewModel(_ source: any CarFitFeedLoading, language: String = "en_GB") -> CleanerListViewModel {
        CleanerListViewModel(
            loader: source, clock: TestCalendars.clock(now), calendar: TestCalendars.gregorian(language),
            timeZone: TestCalendars.zone("UTC"))
    }

    static let offline = NetworkError.transport(url: URL(string: "https://carfit.example/visits")!, code: -1004, message: "refused")

    @Test func aColdStartOfflineShowsTheSavedVisitsMarkedOffline() async throws {
        let savedAt = TestCalendars.clock(now).now.addingTimeInterval(-7200)
        let source = ScriptedVisitsSource(
            [.failure(Self.offline)], saved: Saved(value: VisitBatch(visits: visits), savedAt: savedAt, isFresh: false))
        let viewModel = makeViewModel(source, language: "de_DE")
        await viewModel.load()
        #expect(viewModel.sections.first?.cards.count == 2)
        #expect(viewModel.state.error == Self.offline)
        #expect(viewModel.state.phase == .failed)
        #expect(viewModel.state.notice?.text == "Offline: vor 2 Stunden gespeichert")
        #expect(try viewModel.screen.errorBanner?.kind == .refreshFailed)
        #expect(try viewModel.screen.emptyState == nil)
        #expect(!viewModel.state.isLoading && !viewModel.state.isRefreshing)
    }

    @Test func aSuccessClearsTheMark() async throws {
        let saved = Saved(value: VisitBatch(visits: visits), savedAt: TestCalendars.clock(now).now.addingTimeInterval(-60), isFresh: false)
        let source = ScriptedVisitsSource([.success(VisitBatch(visits: visits))], saved: saved)
        let viewModel = makeViewModel(source)
        await viewModel.load()
        #expect(source.callCount == 1)
        #expect(viewModel.state.notice == nil)
        #expect(viewModel.state.phase == .loaded)
    }

    @Test func aFreshSavedCopyIsNotFetchedAgain() async throws {
        let saved = Saved(value: VisitBatch(visits: visits), savedAt: TestCalendars.clock(now).now, isFresh: true)
        let source = ScriptedVisitsSource([.failure(Self.offline)], saved: saved)
        let viewModel = makeViewModel(source)
        await viewModel.load()
        #expect(source.callCount == 0)
        #expect(viewModel.state.phase == .loaded)
        #expect(viewModel.state.notice == nil)
    }

    @Test func aServerThatAnswersBadlyIsNotUpdatedRatherThanOffline() async throws {
        let saved = Saved(
            value: VisitBatch(visits: visits), savedAt: TestCalendars.clock(now).now.addingTimeInterval(-7200), isFresh: false)
        let source = ScriptedVisitsSource([.failure(.refusal("maintenance", code: 503))], saved: saved)
        let viewModel = makeViewModel(source)
        await viewModel.load()
        #expect(viewModel.state.notice?.kind == .notUpdated)
        #expect(viewModel.state.notice?.text == "Not updated: saved 2 hours ago")
    }

    /// A refusal in a 200 envelope (`success: false`) decodes, but holds no visits: it must not
    /// replace the saved copy, or the next cold start offline would have nothing to show.
    @Test func aRefusalIsNotSavedOverTheGoodCopy() async throws {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("carfit-refusal-\(UUID().uuidString)", isDirectory: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let remote = try #require(URL(string: "https://carfit.example/visits"))
        let good = try CarFitOverHTTPTests.sampleBody()
        let refusal = Data(#"{"success": false, "message": "Token expired", "code": 401, "data": null}"#.utf8)
        let offline = NetworkError.transport(url: remote, code: -1009, message: "offline")
        // The first request gets the day, the second the refusal, any later one no network.
        let client = ScriptedHTTPClient { _, attempt in
            guard attempt <= 2 else { return .failure(offline) }
            let body = attempt == 1 ? good : refusal
            return .success(HTTPResponse(url: remote, status: 200, headers: ["Content-Type": "application/json"], body: body))
        }
        let cache = HTTPCache(directory: directory, sizeLimit: 1 << 20, clock: TestCalendars.clock(now), policy: .feeds)
        let loader = CarFitFeedLoader(source: .remote(remote), network: FeedNetwork(client: client, cache: cache))

        let viewModel = makeViewModel(loader)
        await viewModel.load()
        let shown = viewModel.sections
        #expect(shown.first?.cards.isEmpty == false)
        await viewModel.refresh()
        #expect(viewModel.state.error == .refused(source: remote.absoluteString, message: "Token expired", code: "401"))
        #expect(viewModel.sections == shown, "the screen keeps the visits")

        // A cold start with no network: the day saved from the first answer, marked offline.
        let relaunched = makeViewModel(loader)
        await relaunched.load()
        #expect(client.requests.count == 3)
        #expect(relaunched.sections == shown)
        #expect(relaunched.state.notice?.kind == .offline)
    }
}
