import Foundation
import SharedNetworking
import TestSupport
import Testing

@testable import CarFit

/// View-models given one ``DateFormatterCache`` (a server's sessions, each with its own
/// view-model) share its formatters: one per locale and zone, not one per screen, and the cards
/// read as they do with formatters of their own.
@Suite("Cleaner lists sharing date formatters", .timeLimit(.minutes(1)))
@MainActor
struct CleanerListSharedFormattersTests {
    let visits = [
        VisitFactory.visit(id: "a", start: "2020-09-10T08:05:00Z", window: "08:00/10:00"),
        VisitFactory.visit(id: "b", start: "2020-09-10T10:00:00Z", latitude: 55.7745, longitude: 12.5197),
    ]

    func viewModel(zone: String, formatters: DateFormatterCache) -> CleanerListViewModel {
        CleanerListViewModel(
            loader: ScriptedVisitsSource(visits: visits), clock: TestCalendars.clock("2020-09-10T07:00:00Z"),
            calendar: TestCalendars.gregorian("en_GB"), timeZone: TestCalendars.zone(zone), formatters: formatters)
    }

    @Test("screens in one locale and zone hold one formatter of start times and one of windows between them")
    func screensShareFormatters() async throws {
        let shared = DateFormatterCache()
        let first = viewModel(zone: "Europe/London", formatters: shared)
        let second = viewModel(zone: "Europe/London", formatters: shared)
        await first.load()
        await second.load()
        #expect(shared.count == 2, "the worker's zone and UTC (the windows' wall-clock times)")
        let elsewhere = viewModel(zone: "America/New_York", formatters: shared)
        await elsewhere.load()
        #expect(shared.count == 3, "another zone adds its own; the windows' UTC formatter is the same")

        let alone = viewModel(zone: "Europe/London", formatters: DateFormatterCache())
        await alone.load()
        let cards = try #require(second.sections.first?.cards)
        #expect(cards == alone.sections.first?.cards)
        #expect(cards.first?.timeText == "09:05 / 08:00-10:00")
        #expect(try second.screen.lastUpdatedText == "Updated 08:00")
        #expect(elsewhere.sections.first?.cards.first?.startTimeText == "04:05")
    }
}
