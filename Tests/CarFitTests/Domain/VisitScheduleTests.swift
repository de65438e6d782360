import Foundation
import SharedNetworking
import Testing

@testable import CarFit

@Suite("Visit schedule")
struct VisitScheduleTests {
    @Test func sampleHasThreeDaysAndReportsItsTwoRepeatedVisits() async throws {
        let batch = try await CarFitFeedLoader(source: CarFitSource.bundled(), network: .offline)
            .load()
        let schedule = VisitSchedule(visits: batch.visits, calendar: TestCalendars.gregorian())
        #expect(schedule.days == CarFitSource.coveredDays)
        #expect(schedule.count == 5)
        #expect(schedule.visits(on: CalendarDay(year: 2020, month: 9, day: 10)).count == 3)
        #expect(schedule.visits(on: CalendarDay(year: 2020, month: 9, day: 11)).map(\.id) == ["ec94deca-d66a-4d62-b049-72414870de00"])
        #expect(schedule.visits(on: CalendarDay(year: 2020, month: 9, day: 30)).count == 1)
        #expect(schedule.visits(on: CalendarDay(year: 2020, month: 9, day: 12)).isEmpty)
        #expect(
            schedule.diagnostics.map(\.message) == [
                "visit ec94deca-d66a-4d62-b049-72414870de00 at 2020-09-11T09:15:00Z is listed 2 times; shown once",
                "visit ec94deca-d66a-4d62-b049-72414870de00 at 2020-09-30T09:15:00Z is listed 2 times; shown once",
            ])
        #expect(schedule.diagnostics.allSatisfy { $0.kind == .dropped })
    }

    @Test func recurringVisitKeepsEveryOccurrenceButExactRepeatsAreShownOnce() {
        let visits = [
            VisitFactory.visit(id: "series", start: "2020-09-10T09:00:00Z"),
            VisitFactory.visit(id: "series", start: "2020-09-10T14:00:00Z"),
            VisitFactory.visit(id: "series", start: "2020-09-11T09:00:00Z"),
            VisitFactory.visit(id: "series", start: "2020-09-10T09:00:00Z", state: .done),
            VisitFactory.visit(id: "series", start: "2020-09-10T09:00:00Z"),
        ]
        let schedule = VisitSchedule(visits: visits, calendar: TestCalendars.gregorian())
        #expect(schedule.count == 3)
        // The first copy wins, even though a later one differs.
        #expect(schedule.visits(on: CalendarDay(year: 2020, month: 9, day: 10)).first?.state == .todo)
        #expect(
            schedule.diagnostics.map(\.message) == [
                "visit series at 2020-09-10T09:00:00Z is listed 3 times; the copies differ; the first is shown"
            ])
    }

    @Test func eachDayIsInStartOrderWithFeedOrderBreakingTies() {
        let visits = [
            VisitFactory.visit(id: "late", start: "2020-09-10T15:00:00Z"),
            VisitFactory.visit(id: "tie-1", start: "2020-09-10T09:00:00Z"),
            VisitFactory.visit(id: "early", start: "2020-09-10T07:00:00Z"),
            VisitFactory.visit(id: "tie-2", start: "2020-09-10T09:00:00Z"),
        ]
        let schedule = VisitSchedule(visits: visits, calendar: TestCalendars.gregorian())
        #expect(schedule.visits(on: CalendarDay(year: 2020, month: 9, day: 10)).map(\.id) == ["early", "tie-1", "tie-2", "late"])
    }

    @Test func visitsAreGroupedByTheDayTheyStartOnInTheWorkersTimeZone() {
        let visits = [
            VisitFactory.visit(id: "night", start: "2020-09-10T22:30:00Z"),
            VisitFactory.visit(id: "morning", start: "2020-09-11T06:00:00Z"),
        ]
        let copenhagen = VisitSchedule(visits: visits, calendar: TestCalendars.gregorian("da_DK", "Europe/Copenhagen"))
        #expect(copenhagen.days == [CalendarDay(year: 2020, month: 9, day: 11)])
        #expect(copenhagen.visits(on: CalendarDay(year: 2020, month: 9, day: 11)).map(\.id) == ["night", "morning"])
        let newYork = VisitSchedule(visits: visits, calendar: TestCalendars.gregorian("en_US", "America/New_York"))
        #expect(newYork.days == [CalendarDay(year: 2020, month: 9, day: 10), CalendarDay(year: 2020, month: 9, day: 11)])
    }
}
