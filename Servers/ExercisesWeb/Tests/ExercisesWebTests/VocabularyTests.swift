import CarFit
import Foundation
import Logging
import NIOPosix
import ScreenPreviews
import SharedNetworking
import TestSupport
import Testing

@testable import ExercisesWeb

/// One vocabulary of actions: every `data-action` (with its `data-value`) that a live screen
/// draws, taken from the view state's accessibility by the preview renderers, is one its screen
/// takes; names the view states do not have are refused.
@Suite("One vocabulary of actions", .temporaryCaches)
@MainActor
struct VocabularyTests {
    /// Every `(data-action, data-value)` in `html`.
    static func actions(in html: String) -> [(String, String?)] {
        let pattern = /data-action="([a-z-]+)"(?: data-value="([^"]*)")?/
        return html.matches(of: pattern).map { (String($0.output.1), $0.output.2.map(String.init)) }
    }

    /// The screen's markup once `ready` holds (its load ended), at most 20 s.
    static func markup(_ screen: any LiveScreen, until ready: () -> Bool) async throws -> String {
        screen.start()
        try #require(await eventually(within: .seconds(20)) { ready() }, "the screen did not load")
        var sheet = LiveStyleSheet()
        return LiveMarkup.html(screen.render(), sheet: &sheet)
    }

    @Test(.timeLimit(.minutes(1)))
    func everyCarFitControlIsTaken() async throws {
        let screen = CarFitLiveScreen(context: SessionTests.context())
        defer { screen.stop() }
        _ = try await Self.markup(screen) { screen.model.state.content?.sections.isEmpty == false }
        try screen.handle(.action(name: "toggle-calendar", value: nil))
        var sheet = LiveStyleSheet()
        let html = LiveMarkup.html(screen.render(), sheet: &sheet)
        let actions = Self.actions(in: html)
        let names = Set(actions.map(\.0))
        #expect(names == ["refresh", "toggle-calendar", "dismiss-calendar", "show-previous-month", "show-next-month", "toggle-day"])
        for (name, value) in actions where name != "refresh" && name != "toggle-calendar" {
            #expect(throws: Never.self, "\(name) \(value ?? "")") { try screen.handle(.action(name: name, value: value)) }
        }
        for old in ["select-day", "previous-month", "next-month"] {
            #expect(throws: LiveEventError.self) { try screen.handle(.action(name: old, value: "2020-09-11")) }
        }
    }

    @Test(.timeLimit(.minutes(1)))
    func everyHooSetsControlIsTaken() async throws {
        let screen = HooSetsLiveScreen(context: SessionTests.context())
        defer { screen.stop() }
        _ = try await Self.markup(screen) { screen.model.state.content?.sections.isEmpty == false }
        try screen.handle(.action(name: "select-hoo", value: "01/02"))
        var sheet = LiveStyleSheet()
        let html = LiveMarkup.html(screen.render(), sheet: &sheet)
        let actions = Self.actions(in: html)
        #expect(Set(actions.map(\.0)) == ["select-hoo", "select-next-hoo", "select-previous-hoo", "dismiss-selection"])
        let next = try #require(actions.first { $0.0 == "select-next-hoo" })
        try screen.handle(.action(name: next.0, value: next.1))
        #expect(screen.model.state.content?.selection?.id.description == next.1)
        try screen.handle(.action(name: "dismiss-selection", value: nil))
        #expect(screen.model.state.content?.selection == nil)
        #expect(throws: LiveEventError.self) { try screen.handle(.action(name: "dismiss", value: nil)) }
    }

    @Test(.timeLimit(.minutes(1)))
    func factsAndScheduleRefreshFromTheirOwnButtons() async throws {
        let facts = FactsLiveScreen(context: SessionTests.context())
        defer { facts.stop() }
        let factsHTML = try await Self.markup(facts) { facts.model.state.content?.rows.isEmpty == false }
        #expect(Self.actions(in: factsHTML).map(\.0) == ["refresh"])
        let schedule = ScheduleLiveScreen(context: SessionTests.context())
        defer { schedule.stop() }
        let scheduleHTML = try await Self.markup(schedule) { schedule.model.state.content != nil }
        // The list's named action (the Actions rotor's) and the bar's visible button: one action.
        #expect(Self.actions(in: scheduleHTML).map(\.0) == ["refresh", "refresh"])
        #expect(scheduleHTML.contains("id=\"refresh\" data-action=\"refresh\" aria-label=\"Refresh\""))
        for screen in [facts, schedule] as [any LiveScreen] {
            #expect(throws: Never.self) { try screen.handle(.action(name: "refresh", value: nil)) }
            #expect(throws: LiveEventError.self) { try screen.handle(.action(name: "reload", value: nil)) }
        }
    }

    /// `--contrast high` reaches the view-models and the renderers: the calendar is drawn in the
    /// high-contrast theme's colours (its outside-month days are the standard theme's failure).
    @Test(.timeLimit(.minutes(1)))
    func highContrastReachesEveryLayer() async throws {
        var html: [ContrastPreference: String] = [:]
        for contrast in ContrastPreference.allCases {
            let screen = CarFitLiveScreen(context: SessionTests.context(contrast: contrast))
            defer { screen.stop() }
            _ = try await Self.markup(screen) { screen.model.state.content?.sections.isEmpty == false }
            try screen.handle(.action(name: "toggle-calendar", value: nil))
            var sheet = LiveStyleSheet()
            html[contrast] = LiveMarkup.html(screen.render(), sheet: &sheet) + sheet.css
            #expect(screen.model.contrast == contrast)
        }
        let standard = CarFitTheme.resolved(for: .standard), increased = CarFitTheme.resolved(for: .increased)
        #expect(standard.outsideMonthText != increased.outsideMonthText)
        #expect(html[.increased]?.contains(increased.outsideMonthText.hex) == true)
        #expect(html[.increased]?.contains(standard.outsideMonthText.hex) == false)
        #expect(html[.standard]?.contains(standard.outsideMonthText.hex) == true)
    }
}

/// A seat is a person's: the page's own `next-game` is taken only where the screen offers it.
@Suite("Trivia's next game", .temporaryCaches)
@MainActor
struct TriviaNextGameTests {
    @Test func nextGameIsRefusedAnywhereButTheFinalScreen() {
        let screen = TriviaLiveScreen(
            context: SessionTests.context(), eventLoopGroup: MultiThreadedEventLoopGroup.singleton, logger: Logger(label: "test"))
        defer { screen.stop() }
        #expect(throws: LiveEventError.self) { try screen.handle(.action(name: TriviaLiveScreen.nextGame, value: nil)) }
    }
}
