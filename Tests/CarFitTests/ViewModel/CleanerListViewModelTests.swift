import Foundation
import ScreenKit
import SharedNetworking
import TestSupport
import Testing

@testable import CarFit

@Suite("Cleaner list view-model", .timeLimit(.minutes(1)))
@MainActor
struct CleanerListViewModelTests {
    let september10 = CalendarDay(year: 2020, month: 9, day: 10)
    let september11 = CalendarDay(year: 2020, month: 9, day: 11)

    func makeViewModel(
        _ source: any CarFitFeedLoading, locale: String = "en_GB", zone: String = "UTC", now: String = "2020-09-10T07:00:00Z"
    )
        -> CleanerListViewModel
    {
        CleanerListViewModel(
            loader: source, clock: TestCalendars.clock(now), calendar: TestCalendars.gregorian(locale), timeZone: TestCalendars.zone(zone))
    }

    var dayVisits: [Visit] {
        [
            VisitFactory.visit(id: "b", start: "2020-09-10T10:00:00Z", latitude: 55.7745, longitude: 12.5197),
            VisitFactory.visit(id: "a", start: "2020-09-10T08:00:00Z"),
            VisitFactory.visit(id: "c", start: "2020-09-11T09:00:00Z"),
        ]
    }

    @Test func loadShowsTodaysVisitsInStartOrder() async throws {
        let viewModel = makeViewModel(ScriptedVisitsSource(visits: dayVisits))
        #expect(viewModel.state.phase == .idle)
        #expect(viewModel.state.placeholder?.kind == .loading)
        await viewModel.load()
        #expect(viewModel.state.content?.title == "Today")
        #expect(viewModel.sections.map(\.day) == [september10])
        #expect(viewModel.sections.first?.cards.map(\.id.visitID) == ["a", "b"])
        #expect(viewModel.sections.first?.title == "Thursday 10 September")
        #expect(viewModel.sections.first?.summary == "2 visits")
        #expect(viewModel.sections.first?.cards.last?.distanceText == "0.5 km")
        #expect(viewModel.state.content?.emptyState == nil)
        #expect(viewModel.state.error == nil)
        #expect(try viewModel.screen.lastUpdatedText == "Updated 07:00")
        #expect(viewModel.calendarViewModel.markedDays == [september10, september11])
    }

    @Test func loadFetchesOnlyOnce() async throws {
        let source = ScriptedVisitsSource(visits: dayVisits)
        let viewModel = makeViewModel(source)
        await viewModel.load()
        await viewModel.load()
        #expect(source.callCount == 1)
        await viewModel.refresh()
        #expect(source.callCount == 2)
    }

    @Test func selectedDaysInDifferentMonthsAreGroupedByDay() async throws {
        let visits = dayVisits + [VisitFactory.visit(id: "oct", start: "2020-10-01T12:00:00Z")]
        let viewModel = makeViewModel(ScriptedVisitsSource(visits: visits))
        await viewModel.load()
        viewModel.calendarViewModel.showNextMonth()
        viewModel.calendarViewModel.toggle(CalendarDay(year: 2020, month: 10, day: 1))
        viewModel.calendarViewModel.toggle(september11)
        #expect(viewModel.sections.map(\.day) == [september10, september11, CalendarDay(year: 2020, month: 10, day: 1)])
        #expect(viewModel.sections.map { $0.cards.map(\.id.visitID) } == [["a", "b"], ["c"], ["oct"]])
        #expect(viewModel.state.content?.title == "3 days selected")
    }

    @Test func aSelectedDayWithoutVisitsSaysSo() async throws {
        let viewModel = makeViewModel(ScriptedVisitsSource(visits: dayVisits))
        await viewModel.load()
        viewModel.calendarViewModel.select([CalendarDay(year: 2020, month: 9, day: 12)])
        #expect(viewModel.state.content?.title == "Saturday 12 September")
        #expect(viewModel.sections.count == 1)
        #expect(viewModel.sections.first?.cards.isEmpty == true)
        #expect(viewModel.sections.first?.emptyMessage == "No visits on this day. The nearest day with visits is Friday 11 September.")
        #expect(viewModel.sections.first?.nearestVisitDay == september11)
        #expect(viewModel.sections.first?.summary == "0 visits")
    }

    @Test("the nearest day with visits: closest in days across months and years, none when no day has visits")
    func nearestDayWithVisits() async throws {
        let viewModel = makeViewModel(ScriptedVisitsSource(visits: dayVisits))
        await viewModel.load()
        // Visits on the 10th and 11th: the 12th is nearest the 11th; the 1st is nearest the 10th.
        viewModel.calendarViewModel.select([CalendarDay(year: 2020, month: 9, day: 1), CalendarDay(year: 2021, month: 3, day: 1)])
        #expect(viewModel.sections.map(\.nearestVisitDay) == [september10, september11])
        #expect(viewModel.sections[1].emptyMessage == "No visits on this day. The nearest day with visits is Friday 11 September.")
        viewModel.calendarViewModel.select([september10])
        #expect(viewModel.sections.first?.nearestVisitDay == nil, "a day with visits names none")

        let empty = makeViewModel(ScriptedVisitsSource(visits: []))
        await empty.load()
        #expect(empty.sections.first?.emptyMessage == "No visits on this day.")
        #expect(empty.sections.first?.nearestVisitDay == nil)
        // Days are counted by arithmetic on the civil calendar, across leap years.
        #expect(CalendarDay(year: 1970, month: 1, day: 1).daysSince1970 == 0)
        #expect(CalendarDay(year: 2020, month: 3, day: 1).daysSince1970 - CalendarDay(year: 2020, month: 2, day: 28).daysSince1970 == 2)
        #expect(CalendarDay(year: 1969, month: 12, day: 31).daysSince1970 == -1)
        #expect(CalendarDay(year: 2000, month: 3, day: 1).daysSince1970 == 11_017)
    }

    @Test func anEmptySelectionGivesAClearEmptyState() async throws {
        let viewModel = makeViewModel(ScriptedVisitsSource(visits: dayVisits))
        await viewModel.load()
        viewModel.calendarViewModel.clearSelection()
        #expect(viewModel.sections.isEmpty)
        #expect(viewModel.state.content?.title == "No day selected")
        #expect(
            viewModel.state.content?.emptyState
                == EmptyState(
                    kind: .noDaySelected, title: "No day selected", message: "Open the calendar and tap the days you want to see."))
    }

    @Test func aDayOfAnotherYearIsTitledWithItsYear() async throws {
        let viewModel = makeViewModel(ScriptedVisitsSource(visits: dayVisits))
        await viewModel.load()
        viewModel.calendarViewModel.select([CalendarDay(year: 2021, month: 1, day: 4)])
        #expect(viewModel.sections.first?.title == "Monday, 4 January 2021")
    }

    @Test func refreshingIsTrueExactlyWhileTheRefreshRuns() async throws {
        let source = ScriptedVisitsSource.holding()
        let viewModel = makeViewModel(source)
        #expect(!viewModel.state.isRefreshing)
        let load = Task { await viewModel.refresh() }
        try #require(await source.waitUntilHeld())
        #expect(viewModel.state.isLoading && !viewModel.state.isRefreshing, "with nothing on screen, a fetch is a load")
        source.finish(with: .success(VisitBatch(visits: dayVisits)))
        await load.value
        #expect(!viewModel.state.isRefreshing)
        let refresh = Task { await viewModel.refresh() }
        try #require(await source.waitUntilHeld())
        #expect(viewModel.state.isRefreshing)
        #expect(!viewModel.state.isLoading)
        #expect(try viewModel.screen.isRefreshing, "the drawn list says so too")
        source.finish(with: .success(VisitBatch(visits: Array(dayVisits.prefix(1)))))
        await refresh.value
        #expect(!viewModel.state.isRefreshing)
        #expect(viewModel.sections.first?.cards.count == 1)
    }

    @Test func initialLoadShowsTheLoadingStateWhileItRuns() async throws {
        let source = ScriptedVisitsSource.holding()
        let viewModel = makeViewModel(source)
        let load = Task { await viewModel.load() }
        try #require(await source.waitUntilHeld())
        #expect(viewModel.state.isLoading)
        #expect(!viewModel.state.isRefreshing)
        #expect(viewModel.state.placeholder == ScreenPlaceholder(kind: .loading, title: "Loading visits…", screenName: "CarFit"))
        #expect(viewModel.sections.isEmpty)
        source.finish(with: .success(VisitBatch(visits: dayVisits)))
        await load.value
        #expect(!viewModel.state.isLoading)
        #expect(try viewModel.screen.emptyState == nil)
    }

    @Test func aSecondRefreshJoinsTheRunningOne() async throws {
        let source = ScriptedVisitsSource.holding()
        let viewModel = makeViewModel(source)
        let first = Task { await viewModel.refresh() }
        try #require(await source.waitUntilHeld())
        let second = Task { await viewModel.refresh() }
        let third = Task { await viewModel.load() }
        #expect(await never(within: .milliseconds(200)) { source.callCount > 1 }, "the joiners start no fetch of their own")
        source.finish(with: .success(VisitBatch(visits: dayVisits)))
        await first.value
        await second.value
        await third.value
        #expect(source.callCount == 1)
        #expect(!viewModel.state.isRefreshing)
        #expect(viewModel.state.content != nil)
        // After the joined fetch ends, a new refresh fetches again.
        let fourth = Task { await viewModel.refresh() }
        try #require(await source.waitUntilHeld())
        #expect(source.callCount == 2)
        source.finish(with: .success(VisitBatch(visits: [])))
        await fourth.value
        #expect(viewModel.sections.first?.cards.isEmpty == true)
    }

    @Test func aFailedRefreshKeepsTheListAndExposesTheError() async throws {
        let failure = NetworkError.timedOut(url: URL(fileURLWithPath: "/visits"))
        let source = ScriptedVisitsSource([
            .success(VisitBatch(visits: dayVisits)), .failure(failure), .success(VisitBatch(visits: Array(dayVisits.prefix(1)))),
        ])
        let viewModel = makeViewModel(source)
        await viewModel.load()
        let before = viewModel.sections
        await viewModel.refresh()
        #expect(viewModel.state.error == failure)
        #expect(viewModel.sections == before)
        #expect(viewModel.state.content?.emptyState == nil)
        #expect(
            viewModel.state.content?.errorBanner
                == EmptyState(kind: .refreshFailed, title: "Couldn't update the visits", message: failure.description))
        #expect(try viewModel.screen.lastUpdatedText == "Updated 07:00")
        // The next success replaces the list and clears the error.
        await viewModel.refresh()
        #expect(viewModel.state.error == nil)
        #expect(viewModel.state.content?.errorBanner == nil)
        #expect(viewModel.sections.first?.cards.count == 1)
    }

    @Test func aFailedFirstLoadExplainsAndCanBeRetried() async throws {
        let failure = NetworkError.refusal("Token expired", code: 401)
        let source = ScriptedVisitsSource([.failure(failure), .success(VisitBatch(visits: dayVisits))])
        let viewModel = makeViewModel(source)
        await viewModel.load()
        #expect(viewModel.state.content == nil)
        #expect(viewModel.state.phase == .failed)
        #expect(viewModel.sections.isEmpty)
        #expect(
            viewModel.state.placeholder
                == ScreenPlaceholder(
                    kind: .failed, title: "Couldn't load the visits",
                    message: "visits.json: the server refused the request (code 401): Token expired",
                    retry: AccessibilityAction(named: "Try again", action: "refresh"), screenName: "CarFit"))
        await viewModel.load()
        #expect(viewModel.state.content != nil)
        #expect(viewModel.state.placeholder == nil)
        #expect(try viewModel.screen.emptyState == nil)
        #expect(try viewModel.screen.errorBanner == nil)
    }

    @Test func aCancelledFetchIsNotAnError() async throws {
        let source = ScriptedVisitsSource([.success(VisitBatch(visits: dayVisits)), .failure(.cancelled)])
        let viewModel = makeViewModel(source)
        await viewModel.load()
        await viewModel.refresh()
        #expect(viewModel.state.error == nil)
        #expect(viewModel.sections.first?.cards.count == 2)
    }

    @Test("cancelling the only caller returns it at once and cancels the fetch itself")
    func cancellingTheCallerCancelsTheFetch() async throws {
        let source = ScriptedVisitsSource.holding()
        let viewModel = makeViewModel(source)
        var returned = false
        let refresh = Task {
            await viewModel.refresh()
            returned = true
        }
        try #require(await eventually { source.heldCount == 1 })
        #expect(viewModel.state.isLoading)
        refresh.cancel()
        #expect(await eventually(within: .seconds(10)) { returned })
        #expect(source.cancelledCount == 1, "the source saw the cancellation")
        // Only reached when the fetch was not cancelled.
        source.finish(with: .failure(.invalidContent(source: "visits.json", reason: "no visit list")))
        await refresh.value
        #expect(await eventually { !viewModel.state.isLoading })
        #expect(viewModel.state.phase == .idle, "the phase it found")
        #expect(viewModel.state.error == nil, "a cancellation is not an error")
        // The next refresh starts a new fetch and succeeds.
        let again = Task { await viewModel.refresh() }
        try #require(await eventually { source.heldCount == 1 })
        source.finish(with: .success(VisitBatch(visits: dayVisits)))
        await again.value
        #expect(source.callCount == 2)
        #expect(viewModel.sections.first?.cards.count == 2)
    }

    @Test("a cancelled caller leaves a shared fetch; it goes on for the caller still waiting")
    func cancellingOneOfTwoCallersKeepsTheFetch() async throws {
        let source = ScriptedVisitsSource.holding()
        let viewModel = makeViewModel(source)
        let load = Task { await viewModel.load() }
        try #require(await eventually { source.heldCount == 1 })
        var returned = false
        let refresh = Task {
            await viewModel.refresh()
            returned = true
        }
        for _ in 0..<50 { await Task.yield() }
        refresh.cancel()
        #expect(await eventually(within: .seconds(10)) { returned }, "the cancelled caller does not wait for the fetch")
        #expect(source.cancelledCount == 0)
        #expect(source.heldCount == 1)
        source.finish(with: .success(VisitBatch(visits: dayVisits)))
        await refresh.value
        await load.value
        #expect(source.callCount == 1)
        #expect(viewModel.state.content != nil)
    }

    @Test func dismissingTheErrorHidesTheBanner() async throws {
        let source = ScriptedVisitsSource([
            .success(VisitBatch(visits: dayVisits)), .failure(.invalidContent(source: "visits.json", reason: "no visit list")),
        ])
        let viewModel = makeViewModel(source)
        await viewModel.load()
        await viewModel.refresh()
        #expect(viewModel.state.content?.errorBanner != nil)
        viewModel.dismissError()
        #expect(viewModel.state.content?.errorBanner == nil)
    }

    @Test func sampleDataWithDiagnosticsFromSourceAndSchedule() async throws {
        let source = CarFitFeedLoader(source: try CarFitSource.bundled(), network: .offline)
        let viewModel = makeViewModel(source, locale: "da_DK", zone: "Europe/Copenhagen")
        await viewModel.load()
        #expect(viewModel.state.content?.title == "I dag")
        #expect(viewModel.sections.first?.title == "Torsdag 10. september")
        #expect(viewModel.sections.first?.cards.map(\.clientName) == ["Tone Holtermann", "Kenn Jørgensen", "Mads Kolding"])
        #expect(viewModel.state.diagnostics.filter { $0.kind == .dropped }.count == 2)
        #expect(viewModel.calendarViewModel.markedDays == Set(CarFitSource.coveredDays))
        #expect(try viewModel.screen.calendar.title == "September 2020")
    }

    @Test func theTimeZoneArgumentWinsOverTheCalendars() async throws {
        var calendar = TestCalendars.gregorian("en_GB", "UTC")
        calendar.timeZone = TestCalendars.zone("Asia/Tokyo")
        let viewModel = CleanerListViewModel(
            loader: ScriptedVisitsSource(visits: dayVisits),
            clock: TestCalendars.clock("2020-09-10T07:00:00Z"),
            calendar: calendar,
            timeZone: TestCalendars.zone("Europe/Copenhagen")
        )
        await viewModel.load()
        #expect(viewModel.sections.first?.cards.first?.startTimeText == "10:00")
    }

    @Test func stateSnapshotRoundTripsThroughJSON() async throws {
        let viewModel = makeViewModel(ScriptedVisitsSource(visits: dayVisits))
        await viewModel.load()
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        let state = try viewModel.screen
        let decoded = try decoder.decode(CleanerListViewState.self, from: encoder.encode(state))
        #expect(decoded == state)
    }
}
