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

    static let offline = CarFitError.loading(
        .transport(url: URL(string: "https://carfit.example/visits")!, code: -1004, message: "refused"))

    @Test func aColdStartOfflineShowsTheSavedVisitsMarkedOffline() async throws {
        let savedAt = TestCalendars.clock(now).now.addingTimeInterval(-7200)
        let source = ScriptedVisitsSource(
            [.failure(Self.offline)], saved: Saved(value: VisitBatch(visits: visits), savedAt: savedAt, isFresh: false))
        let viewModel = makeViewModel(source, language: "de_DE")
        await viewModel.load()
        #expect(viewModel.sections.first?.cards.count == 2)
        #expect(viewModel.error == Self.offline)
        #expect(viewModel.phase == .failed)
        #expect(viewModel.state.notice?.text == "Offline: vor 2 Stunden gespeichert")
        #expect(viewModel.state.errorBanner?.kind == .refreshFailed)
        #expect(viewModel.state.emptyState == nil)
        #expect(!viewModel.state.isLoading && !viewModel.state.isRefreshing)
    }

    @Test func aSuccessClearsTheMark() async throws {
        let saved = Saved(value: VisitBatch(visits: visits), savedAt: TestCalendars.clock(now).now.addingTimeInterval(-60), isFresh: false)
        let source = ScriptedVisitsSource([.success(VisitBatch(visits: visits))], saved: saved)
        let viewModel = makeViewModel(source)
        await viewModel.load()
        #expect(source.callCount == 1)
        #expect(viewModel.state.notice == nil)
        #expect(viewModel.phase == .loaded)
    }

    @Test func aFreshSavedCopyIsNotFetchedAgain() async throws {
        let saved = Saved(value: VisitBatch(visits: visits), savedAt: TestCalendars.clock(now).now, isFresh: true)
        let source = ScriptedVisitsSource([.failure(Self.offline)], saved: saved)
        let viewModel = makeViewModel(source)
        await viewModel.load()
        #expect(source.callCount == 0)
        #expect(viewModel.phase == .loaded)
        #expect(viewModel.state.notice == nil)
    }

    @Test func aServerThatAnswersBadlyIsNotUpdatedRatherThanOffline() async throws {
        let saved = Saved(
            value: VisitBatch(visits: visits), savedAt: TestCalendars.clock(now).now.addingTimeInterval(-7200), isFresh: false)
        let source = ScriptedVisitsSource([.failure(.server(message: "maintenance", code: 503))], saved: saved)
        let viewModel = makeViewModel(source)
        await viewModel.load()
        #expect(viewModel.state.notice?.kind == .notUpdated)
        #expect(viewModel.state.notice?.text == "Not updated: saved 2 hours ago")
    }
}
