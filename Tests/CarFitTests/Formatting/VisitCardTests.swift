import Foundation
import SharedNetworking
import Testing

@testable import CarFit

/// The cards of the real sample, field by field, and each field's rules on edge cases.
@Suite("Visit cards")
struct VisitCardTests {
    func sampleSchedule(_ calendar: Calendar) async throws -> VisitSchedule {
        let batch = try await CarFitFeedLoader(source: CarFitSource.bundled(), network: .offline)
            .load()
        return VisitSchedule(visits: batch.visits, calendar: calendar)
    }

    @Test func sampleCardsOfTheTenthOfSeptemberInUTC() async throws {
        let calendar = TestCalendars.gregorian("en_GB", "UTC")
        let schedule = try await sampleSchedule(calendar)
        let cards = VisitCardFormatter(calendar: calendar).cards(for: schedule.visits(on: CalendarDay(year: 2020, month: 9, day: 10)))
        try #require(cards.count == 3)

        let tone = cards[0]
        #expect(
            tone.id
                == VisitOccurrenceID(visitID: "799d7830-a5ff-4a0b-b571-9052df6a2e64", start: TestCalendars.instant("2020-09-10T08:05:00Z")))
        #expect(tone.clientName == "Tone Holtermann")
        #expect(tone.stateLabel == "Done")
        #expect(tone.stateColor.hex == "#25A87B")
        #expect(tone.tasksText == "Pudsning indvendig, Pudsning udvendig")
        #expect(tone.startTimeText == "08:05")
        #expect(tone.expectedWindowText == "08:00-10:00")
        #expect(tone.timeText == "08:05 / 08:00-10:00")
        #expect(tone.durationMinutes == 60)
        #expect(tone.durationText == "60 min")
        #expect(tone.addressText == "Akademivej 15, 1 th, 2800 Kgs. Lyngby")
        #expect(tone.phoneNumber == "+4520934021")
        // The first visit of a day has no distance.
        #expect(tone.distanceFromPreviousMeters == nil)
        #expect(tone.distanceText == nil)

        let kenn = cards[1]
        #expect(kenn.clientName == "Kenn Jørgensen")
        #expect(kenn.stateLabel == "In progress")
        #expect(kenn.stateColor.hex == "#F5C709")
        #expect(kenn.tasksText == "Pudsning udvendig")
        #expect(kenn.timeText == "08:40")
        #expect(kenn.expectedWindowText == nil)
        #expect(kenn.durationText == "45 min")
        #expect(kenn.addressText == "Kornagervej 67, 2800 Kgs. Lyngby")
        #expect(kenn.distanceText == "0.5 km")
        #expect(kenn.distanceAccessibilityLabel == "0.5 km from the previous visit")
        let kennMetres = try #require(kenn.distanceFromPreviousMeters)
        #expect((480...500).contains(kennMetres))

        let mads = cards[2]
        #expect(mads.clientName == "Mads Kolding")
        #expect(mads.stateLabel == "Todo")
        #expect(mads.stateColor.hex == "#4E77D6")
        #expect(mads.timeText == "09:15")
        #expect(mads.durationText == "35 min")
        #expect(mads.addressText == "Sorgenfrigårdsvej 54 st th, 2800 Lyngby")
        #expect(mads.distanceText == "0.5 km")
    }

    @Test func startTimesAreShownInTheWorkersTimeZoneButTheWindowAsWritten() async throws {
        let calendar = TestCalendars.gregorian("da_DK", "Europe/Copenhagen")
        let schedule = try await sampleSchedule(calendar)
        let cards = VisitCardFormatter(calendar: calendar).cards(for: schedule.visits(on: CalendarDay(year: 2020, month: 9, day: 10)))
        // 08:05 UTC is 10:05 summer time in Copenhagen; Danish writes times with a period.
        #expect(cards.map(\.startTimeText) == ["10.05", "10.40", "11.15"])
        #expect(cards.first?.timeText == "10.05 / 08.00-10.00")
        #expect(cards.first?.stateLabel == "Udført")
        #expect(cards.last?.distanceText == "0,5 km")
        #expect(cards.last?.distanceAccessibilityLabel == "0,5 km fra forrige besøg")
    }

    @Test func usEnglishUsesTwelveHourTimes() throws {
        let calendar = TestCalendars.gregorian("en_US", "America/New_York")
        let card = VisitCardFormatter(calendar: calendar).card(
            for: VisitFactory.visit(start: "2020-09-10T17:35:00Z", window: "13:00/15:00"), after: nil)
        let space = "\u{202F}"
        #expect(card.startTimeText.replacingOccurrences(of: space, with: " ") == "1:35 PM")
        #expect(card.expectedWindowText?.replacingOccurrences(of: space, with: " ") == "1:00 PM-3:00 PM")
    }

    @Test func nameToleratesMissingParts() {
        let formatter = VisitCardFormatter(calendar: TestCalendars.gregorian())
        #expect(formatter.card(for: VisitFactory.visit(firstName: nil, lastName: "Kolding"), after: nil).clientName == "Kolding")
        #expect(formatter.card(for: VisitFactory.visit(firstName: "Mads", lastName: nil), after: nil).clientName == "Mads")
        #expect(formatter.card(for: VisitFactory.visit(firstName: nil, lastName: nil), after: nil).clientName == "Unnamed client")
    }

    @Test func addressSkipsMissingParts() {
        let formatter = VisitCardFormatter(calendar: TestCalendars.gregorian())
        #expect(formatter.card(for: VisitFactory.visit(street: nil), after: nil).addressText == "2800 Kgs. Lyngby")
        #expect(formatter.card(for: VisitFactory.visit(zip: nil), after: nil).addressText == "Akademivej 15, Kgs. Lyngby")
        #expect(formatter.card(for: VisitFactory.visit(city: nil), after: nil).addressText == "Akademivej 15, 2800")
        #expect(formatter.card(for: VisitFactory.visit(street: nil, zip: nil, city: nil), after: nil).addressText == nil)
    }

    @Test func durationSumsOnlyUsableTaskTimes() {
        let formatter = VisitCardFormatter(calendar: TestCalendars.gregorian())
        #expect(formatter.card(for: VisitFactory.visit(taskMinutes: [25, nil, 30]), after: nil).durationText == "55 min")
        #expect(formatter.card(for: VisitFactory.visit(taskMinutes: [nil]), after: nil).durationText == nil)
        #expect(formatter.card(for: VisitFactory.visit(taskMinutes: []), after: nil).durationMinutes == nil)
        #expect(formatter.card(for: VisitFactory.visit(taskMinutes: [600, 700]), after: nil).durationText == "1,300 min")
    }

    @Test func noDistanceWhenEitherVisitHasNoValidPosition() {
        let formatter = VisitCardFormatter(calendar: TestCalendars.gregorian())
        let located = VisitFactory.visit(id: "a")
        let unlocated = VisitFactory.visit(id: "b", latitude: 0, longitude: 0)
        #expect(formatter.card(for: unlocated, after: located).distanceText == nil)
        #expect(formatter.card(for: located, after: unlocated).distanceText == nil)
        #expect(formatter.card(for: located, after: located).distanceText == "0.0 km")
    }

    @Test func unknownStateShowsItsTextInNeutralGrey() {
        let card = VisitCardFormatter(calendar: TestCalendars.gregorian()).card(
            for: VisitFactory.visit(state: .unknown("Paused")), after: nil)
        #expect(card.stateLabel == "Paused")
        #expect(card.stateColor == VisitStateAppearance.unknown)
    }

    @Test func emptyTaskTitlesAreLeftOutOfTheTaskLine() {
        var visit = VisitFactory.visit()
        visit.tasks = [VisitTask(title: "Vask", minutes: 10), VisitTask(title: "", minutes: 5), VisitTask(title: "Polering", minutes: nil)]
        #expect(VisitCardFormatter(calendar: TestCalendars.gregorian()).card(for: visit, after: nil).tasksText == "Vask, Polering")
    }
}
