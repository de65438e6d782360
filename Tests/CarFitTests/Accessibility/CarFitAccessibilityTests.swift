import Foundation
import ScreenKit
import SharedNetworking
import TestSupport
import Testing

@testable import CarFit

/// What VoiceOver says and offers on the CarFit screen, in English, German and Danish.
@Suite("CarFit: spoken labels, traits, actions and announcements", .timeLimit(.minutes(1)))
@MainActor
struct CarFitAccessibilityTests {
    let september10 = CalendarDay(year: 2020, month: 9, day: 10)

    func model(_ source: any CarFitFeedLoading, locale: String, contrast: ContrastPreference = .standard) -> CleanerListViewModel {
        CleanerListViewModel(
            loader: source, clock: TestCalendars.clock("2020-09-10T07:00:00Z"), calendar: TestCalendars.gregorian(locale),
            timeZone: TestCalendars.zone("UTC"), contrast: contrast)
    }

    var visits: [Visit] {
        [
            VisitFactory.visit(id: "a", start: "2020-09-10T08:05:00Z", state: .done, window: "08:00/10:00", taskMinutes: [30, 25]),
            VisitFactory.visit(
                id: "b", start: "2020-09-10T10:00:00Z", state: .inProgress, firstName: "Tone", lastName: "Holtermann", latitude: 55.7745,
                longitude: 12.5197, taskMinutes: [1]),
        ]
    }

    func cell(_ state: CleanerListViewState, _ day: CalendarDay) throws -> CalendarDayCell {
        try #require(state.calendar.weeks.joined().first { $0.day == day })
    }

    @Test("en_GB: a day says its date, then today and has visits; it is a toggle that calls toggle-day")
    func englishDay() async throws {
        let viewModel = model(ScriptedVisitsSource(visits: visits), locale: "en_GB")
        await viewModel.load()
        let today = try cell(try viewModel.screen, september10).accessibility
        #expect(today.label == "Thursday, 10 September 2020")
        #expect(today.value == "today, has visits")
        #expect(today.traits == [.button, .toggle, .selected])
        #expect(today.hint == "Shows or hides this day's visits in the list.")
        #expect(today.actions == [AccessibilityAction(action: "toggle-day", value: "2020-09-10")])
        #expect(today.identifier == "day-2020-09-10")
        let other = try cell(try viewModel.screen, CalendarDay(year: 2020, month: 8, day: 31)).accessibility
        #expect(other.value == "other month")
        #expect(!other.traits.contains(.selected))
        viewModel.calendarViewModel.toggle(september10)
        #expect(try cell(try viewModel.screen, september10).accessibility.traits == [.button, .toggle])
    }

    @Test("en_GB: a card is one element read in a worker's order, its state in words")
    func englishCard() async throws {
        let viewModel = model(ScriptedVisitsSource(visits: visits), locale: "en_GB")
        await viewModel.load()
        let cards = try #require(viewModel.screen.sections.first?.cards)
        #expect(
            cards[0].accessibility.label
                == "Ada Lovelace, Done, starts 08:05, expected 08:00 to 10:00, tasks: Task 1, Task 2, 55 minutes, Akademivej 15, 2800 Kgs. Lyngby"
        )
        #expect(cards[1].accessibility.label.hasPrefix("Tone Holtermann, In progress, starts 10:00, tasks: Task 1, 1 minute, "))
        #expect(cards[1].accessibility.label.hasSuffix(", 0.5 km from the previous visit"))
        #expect(cards.allSatisfy { $0.accessibility.children == .ignore })
        #expect(cards[0].accessibility.identifier == "visit-a-\(Int(TestCalendars.instant("2020-09-10T08:05:00Z").timeIntervalSince1970))")
        #expect(
            try viewModel.screen.sections.first?.accessibility
                == .heading("Thursday 10 September, 2 visits", level: .h2, identifier: "section-2020-09-10"))
    }

    @Test("de_DE: the calendar, its buttons and a card in German")
    func german() async throws {
        let viewModel = model(ScriptedVisitsSource(visits: visits), locale: "de_DE")
        await viewModel.load()
        let state = try viewModel.screen
        #expect(try cell(state, september10).accessibility.label == "Donnerstag, 10. September 2020")
        #expect(try cell(state, september10).accessibility.value == "heute, mit Besuchen")
        #expect(state.calendar.previousMonthAccessibility.label == "Vorheriger Monat, August 2020")
        #expect(state.calendar.nextMonthAccessibility.label == "Nächster Monat, Oktober 2020")
        #expect(state.calendarButtonAccessibility.label == "Kalender")
        #expect(state.titleAccessibility.label == "Heute, Donnerstag, 10. September 2020")
        #expect(state.listAccessibility.namedActions.map(\.name) == ["Aktualisieren"])
        let card = try #require(state.sections.first?.cards.first)
        #expect(
            card.accessibility.label.hasPrefix(
                "Ada Lovelace, Erledigt, Beginn 08:05, erwartet 08:00 bis 10:00, Aufgaben: Task 1, Task 2, 55 Minuten"))
    }

    @Test("da_DK: the exercise's home market hears Danish")
    func danish() async throws {
        let viewModel = model(ScriptedVisitsSource(visits: visits), locale: "da_DK")
        await viewModel.load()
        let state = try viewModel.screen
        #expect(state.calendarButtonAccessibility.label == "Kalender")
        #expect(try cell(state, september10).accessibility.value == "i dag, har besøg")
        #expect(state.sections.first?.cards.first?.accessibility.label.contains("starter 08.05, forventet 08.00 til 10.00") == true)
    }

    @Test("the calendar's buttons name their actions and the months they lead to")
    func calendarButtons() async throws {
        let viewModel = model(ScriptedVisitsSource(visits: visits), locale: "en_GB")
        await viewModel.load()
        var state = try viewModel.screen
        #expect(state.calendarButtonAccessibility.traits == [.button, .toggle])
        #expect(state.calendarButtonAccessibility.actions == [AccessibilityAction(action: CarFitAction.toggleCalendar.rawValue)])
        viewModel.calendarViewModel.present()
        state = try viewModel.screen
        #expect(state.calendarButtonAccessibility.traits == [.button, .toggle, .selected])
        #expect(state.calendar.previousMonthAccessibility.actions == [AccessibilityAction(action: "show-previous-month", value: "2020-08")])
        #expect(state.calendar.nextMonthAccessibility.actions == [AccessibilityAction(action: "show-next-month", value: "2020-10")])
        #expect(state.calendar.titleAccessibility == .heading("September 2020", level: .h2, identifier: "calendar-title"))
        #expect(state.calendar.accessibility.label == "Calendar, September 2020")
        #expect(
            state.calendar.accessibility.namedActions == [
                AccessibilityAction(named: "Previous month, August 2020", action: "show-previous-month", value: "2020-08"),
                AccessibilityAction(named: "Next month, October 2020", action: "show-next-month", value: "2020-10"),
                AccessibilityAction(named: "Close calendar", action: "dismiss-calendar"),
            ])
        #expect(state.titleAccessibility.label == "Today, Thursday, 10 September 2020")
        #expect(state.titleAccessibility.value == "Updated 07:00")
        #expect(state.listAccessibility.actions == [AccessibilityAction(named: "Refresh", action: "refresh")])
    }

    @Test("a refresh announces what is on screen; a failed refresh interrupts with why; a first load says nothing")
    func announcements() async throws {
        let failure = NetworkError.refusal("maintenance", code: 503)
        let source = ScriptedVisitsSource([.success(VisitBatch(visits: visits)), .success(VisitBatch(visits: visits)), .failure(failure)])
        let viewModel = model(source, locale: "en_GB")
        await viewModel.load()
        #expect(viewModel.state.announcement == nil)
        await viewModel.refresh()
        #expect(viewModel.state.announcement == Announcement(id: 1, text: "Visits updated. 2 visits on the selected days."))
        await viewModel.refresh()
        #expect(
            viewModel.state.announcement
                == Announcement(
                    id: 2, text: "Couldn't update the visits. \(failure.description). Not updated: saved just now.", priority: .high))
        let german = model(ScriptedVisitsSource([.failure(failure)]), locale: "de_DE")
        await german.load()
        #expect(german.state.announcement?.text == "Die Besuche konnten nicht geladen werden. \(failure.description)")
    }

    @Test("Increase Contrast: the badges darken until their labels read 4.5:1; the cards follow a change at once")
    func badges() async throws {
        let states: [VisitState] = [.todo, .inProgress, .done, .rejected, .unknown("?")]
        for state in states {
            let badge = VisitStateAppearance(state: state, contrast: .increased)
            #expect(badge.color.contrastRatio(with: badge.textColor) >= 4.5, "\(state)")
        }
        let failing = states.filter {
            let badge = VisitStateAppearance(state: $0)
            return badge.color.contrastRatio(with: badge.textColor) < 4.5
        }
        #expect(failing == [.todo], "the design's one badge under 4.5:1: white on the Todo blue, 4.26:1")
        #expect(VisitStateAppearance(state: .todo, contrast: .increased).color.hex == "#4C73CF")
        #expect(VisitStateAppearance(state: .done, contrast: .increased) == VisitStateAppearance(state: .done), "already 4.5:1: unchanged")
        let viewModel = model(ScriptedVisitsSource(visits: visits), locale: "en_GB")
        await viewModel.load()
        #expect(try viewModel.screen.sections.first?.cards.first?.stateColor == VisitStateAppearance.done)
        viewModel.contrast = .increased
        #expect(
            try viewModel.screen.sections.first?.cards.first?.stateColor == VisitStateAppearance(state: .done, contrast: .increased).color)
    }

    @Test("Increase Contrast: every text of the theme reads 4.5:1 and the markers 3:1 where they are drawn")
    func theme() throws {
        func failing(_ theme: CarFitTheme) -> [String] {
            let pairs: [(String, RGBColor, RGBColor, Double)] = [
                ("primary on card", theme.primaryText, theme.cardBackground, 4.5),
                ("secondary on card", theme.secondaryText, theme.cardBackground, 4.5),
                ("secondary on screen", theme.secondaryText, theme.screenBackground, 4.5),
                ("outside month", theme.outsideMonthText, theme.cardBackground, 4.5),
                ("selected day", theme.cardBackground, theme.accent, 4.5),
                ("today ring", theme.accent, theme.cardBackground, 3),
                ("visit dot", theme.visitMarker, theme.cardBackground, 3),
                ("calendar button", theme.accent, theme.screenBackground, 3),
            ]
            return pairs.filter { $0.1.contrastRatio(with: $0.2) < $0.3 }.map(\.0)
        }
        #expect(failing(.highContrast).isEmpty)
        #expect(Set(failing(.standard)) == ["outside month", "selected day"])
        #expect(CarFitTheme.resolved(for: .increased) == .highContrast)
    }
}

/// The saved visits' banner as VoiceOver reaches it, and what the view-model announces when the
/// network fails with saved visits on screen.
@Suite("CarFit: the offline banner, spoken", .timeLimit(.minutes(1)))
@MainActor
struct CarFitOfflineAnnouncementTests {
    let now = "2020-09-10T07:00:00Z"

    func model(_ results: [Result<VisitBatch, NetworkError>], locale: String) -> CleanerListViewModel {
        let visits = [
            VisitFactory.visit(id: "a", start: "2020-09-10T08:00:00Z"), VisitFactory.visit(id: "b", start: "2020-09-10T10:00:00Z"),
        ]
        let saved = Saved(
            value: VisitBatch(visits: visits), savedAt: TestCalendars.clock(now).now.addingTimeInterval(-7200), isFresh: false)
        return CleanerListViewModel(
            loader: ScriptedVisitsSource(answers: results, saved: saved), clock: TestCalendars.clock(now),
            calendar: TestCalendars.gregorian(locale), timeZone: TestCalendars.zone("UTC"))
    }

    @Test("en_US: the banner is reachable static text; its first appearance is announced with the failure, not again")
    func english() async throws {
        let offline = CleanerListOfflineTests.offline
        let viewModel = model([.failure(offline), .failure(offline), .success(VisitBatch(visits: []))], locale: "en_US")
        await viewModel.load()
        #expect(
            viewModel.state.notice?.accessibility
                == AccessibilityElement(label: "Offline: saved 2 hours ago", traits: .staticText, identifier: "network-notice"))
        #expect(
            viewModel.state.announcement
                == Announcement(
                    id: 1, text: "Couldn't update the visits. \(offline.description). Offline: saved 2 hours ago.", priority: .high))
        await viewModel.refresh()
        #expect(
            viewModel.state.announcement == Announcement(id: 2, text: "Couldn't update the visits. \(offline.description)", priority: .high)
        )
        await viewModel.refresh()
        #expect(viewModel.state.notice == nil)
        #expect(viewModel.state.announcement?.text == "Visits updated. 0 visits on the selected days.")
    }

    @Test("de_DE: the banner and the announcement are German")
    func german() async throws {
        let offline = CleanerListOfflineTests.offline
        let viewModel = model([.failure(offline)], locale: "de_DE")
        await viewModel.load()
        #expect(viewModel.state.notice?.accessibility.label == "Offline: vor 2 Stunden gespeichert")
        let announced = try #require(viewModel.state.announcement?.text)
        #expect(announced.hasSuffix(". Offline: vor 2 Stunden gespeichert."))
        #expect(announced.hasPrefix("Die Besuche konnten nicht aktualisiert werden. "))
    }
}
