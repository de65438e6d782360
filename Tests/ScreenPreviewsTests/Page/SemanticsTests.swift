import CarFit
import Facts
import Foundation
import HooSets
import Schedule
import ScreenKit
import SharedNetworking
import Testing
import Trivia

@testable import ScreenPreviews

/// The semantics every page gives a screen reader and a keyboard, read from the page's tags:
/// what can be pressed is a `<button>` naming its view-model action, ids are unique, one `h1`,
/// images have an `alt`, a live region, nothing named that cannot be.
@Suite("Pages: semantics from the view state")
struct SemanticsTests {
    static func pages() async throws -> [(String, String)] {
        let caches = try Fixtures.temporaryDirectory("semantics")
        defer { try? FileManager.default.removeItem(at: caches) }
        let trivia = Fixtures.triviaScreens(threeQuestions)
        let question = try #require(trivia.first { $0.question?.choices.contains { $0.isSelectable } == true })
        let final = try #require(trivia.last { $0.kind == .final })
        let screens = [
            SchedulePreview.screen(try await Fixtures.schedule()), CarFitPreview.screen(try await Fixtures.carFit()),
            HooSetsPreview.screen(try await Fixtures.hooSets(caches: caches)), FactsPreview.screen(try await Fixtures.facts()),
            TriviaPreview.screen(question, slug: "trivia-question", title: "Q", caption: ""),
            TriviaPreview.screen(final, slug: "trivia-final", title: "F", caption: ""),
        ]
        return screens.map { ($0.slug, PreviewDocument(title: $0.title, screens: [$0]).html) } + (try await savedScreens())
    }

    /// The three feed screens as a saved copy kept offline (Schedule, Facts) or retried over a
    /// saved copy (CarFit), each with the view-model's announcement: every rule holds for them too.
    static func savedScreens() async throws -> [(String, String)] {
        let words = NetworkNoticeText(locale: Locale(identifier: "en_US"))
        let now = Date(timeIntervalSince1970: 1_599_724_800)
        let offline = words.failed(offline: true, savedAt: now.addingTimeInterval(-7200), now: now)
        let announcement = Announcement(id: 1, text: "Couldn't load the schedule. Offline: saved 2 hours ago.", priority: .high)
        var schedule = SchedulePreview.screen(try await Fixtures.schedule(), notice: offline, announcement: announcement)
        var carFitState = try await Fixtures.carFit()
        carFitState.notice = words.retrying(
            RetryNotice(attempt: 2, maxAttempts: 3, delay: .seconds(1), reason: .cancelled), savedAt: now.addingTimeInterval(-7200),
            now: now)
        var carFit = CarFitPreview.screen(carFitState)
        var factsState = try await Fixtures.facts()
        factsState.notice = offline
        var facts = FactsPreview.screen(factsState)
        schedule.slug = "schedule-offline"
        carFit.slug = "carfit-retrying"
        facts.slug = "facts-offline"
        return [schedule, carFit, facts].map { ($0.slug, PreviewDocument(title: $0.title, screens: [$0]).html) }
    }

    static let threeQuestions = [
        TriviaQuestion(id: "q1", text: "One?", choices: ["a", "b", "c"], answer: 1),
        TriviaQuestion(id: "q2", text: "Two?", choices: ["a", "b", "c"], answer: 0),
    ]

    @Test("every page: actions on buttons only, unique ids, one h1, alt on every image, a live region, no name on a generic element")
    func everyPage() async throws {
        for (slug, html) in try await Self.pages() {
            let tags = HTMLTag.startTags(in: html)
            let actionable = tags.filter { $0["data-action"] != nil }
            #expect(!actionable.isEmpty || slug == "trivia-final", "\(slug): nothing to press")
            #expect(actionable.allSatisfy { $0.name == "button" && $0["type"] == "button" }, "\(slug): an action on a non-button")
            let ids = tags.compactMap { $0["id"] }
            #expect(
                Set(ids).count == ids.count,
                "\(slug): duplicate ids \(Dictionary(grouping: ids, by: { $0 }).filter { $1.count > 1 }.keys.sorted())")
            #expect(tags.filter { $0.name == "h1" }.count == 1, "\(slug): one h1")
            #expect(tags.filter { $0.name == "img" }.allSatisfy { $0["alt"] != nil }, "\(slug): an image without alt")
            #expect(
                tags.contains { $0["aria-live"] != nil && ($0["role"] == "status" || $0["role"] == "alert") }, "\(slug): no live region")
            #expect(tags.contains { $0.name == "main" && $0["tabindex"] == "0" }, "\(slug): main cannot be scrolled by keyboard")
            #expect(tags.contains { $0["class"] == "status-bar" && $0["aria-hidden"] == "true" }, "\(slug): the status bar is read")
            let named = tags.filter { ["span", "div"].contains($0.name) && $0["aria-label"] != nil && $0["role"] == nil }
            #expect(named.isEmpty, "\(slug): aria-label on a generic element: \(named.map(\.attributes))")
            // A named action's button is named by its text; every other button by its element's label.
            let unnamed = tags.filter { $0.name == "button" && $0["class"] != "a11y-action" && ($0["aria-label"] ?? "").isEmpty }
            #expect(unnamed.isEmpty, "\(slug): unnamed buttons \(unnamed.map(\.attributes))")
            #expect(html.contains(":focus-visible { outline: 3px solid #000000"), "\(slug): no focus ring")
        }
    }

    @Test("the actions each page offers, as the browser app reads them")
    func actions() async throws {
        let pages = Dictionary(uniqueKeysWithValues: try await Self.pages())
        func actions(_ slug: String) -> Set<String> {
            Set(HTMLTag.startTags(in: pages[slug] ?? "").compactMap { $0["data-action"] })
        }
        #expect(actions("schedule") == ["refresh"])
        #expect(
            actions("carfit") == ["toggle-calendar", "dismiss-calendar", "show-previous-month", "show-next-month", "toggle-day", "refresh"])
        #expect(actions("hoosets") == ["select-hoo", "select-next-hoo", "dismiss-selection"])
        #expect(actions("facts") == ["refresh"])
        #expect(actions("trivia-question") == ["answer"])
        // A saved copy's banner offers nothing to press: the screen's actions stay what they were.
        #expect(actions("schedule-offline") == actions("schedule"))
        #expect(actions("carfit-retrying") == actions("carfit"))
        #expect(actions("facts-offline") == actions("facts"))
        let carfit = HTMLTag.startTags(in: pages["carfit"] ?? "")
        let today = try #require(carfit.first { $0["aria-current"] == "date" })
        #expect(today["data-action"] == "toggle-day" && today["data-value"] == "2020-09-10" && today["id"] == "day-2020-09-10")
        #expect(today["aria-pressed"] == "true")
        let hoos = HTMLTag.startTags(in: pages["hoosets"] ?? "").filter { $0["data-action"] == "select-hoo" }
        #expect(hoos.count == 108)
        #expect(hoos.first?["data-value"] == "01/01" && hoos.first?["aria-pressed"] == "true")
    }

    @Test("headings at the levels the view state gives, lists where the view state has lists")
    func structure() async throws {
        let pages = Dictionary(uniqueKeysWithValues: try await Self.pages())
        let schedule = HTMLTag.startTags(in: pages["schedule"] ?? "")
        #expect(schedule.first { $0.name == "h1" }?["aria-label"] == "Schedule, Green Bay Packers")
        #expect(schedule.filter { $0.name == "h2" }.map { $0["aria-label"] } == ["Regular Season", "Postseason"])
        #expect(schedule.filter { $0.name == "ul" }.count == 2)
        #expect(
            pages["schedule"]?.contains(
                "<span class=\"sr-only\">Packers at Vikings, Sunday, September 13, week 1, final, Packers won 43 to 34</span>") == true)
        let facts = HTMLTag.startTags(in: pages["facts"] ?? "")
        #expect(facts.first { $0.name == "ol" }?["aria-label"] == "13 facts")
        #expect(facts.filter { $0.name == "li" }.count == 13)
        let final = HTMLTag.startTags(in: pages["trivia-final"] ?? "")
        #expect(final.map(\.name).filter { $0.hasPrefix("h") && $0.count == 2 } == ["h1", "h2", "h3"])
    }

    @Test("a button from an element: name, value, state, hint, not enabled")
    func button() {
        let element = AccessibilityElement(
            label: "Thursday, 10 September 2020", value: "today", hint: "Shows this day.", traits: [.button, .toggle, .selected],
            actions: [AccessibilityAction(action: "toggle-day", value: "2020-09-10")], identifier: "day-2020-09-10")
        let html = PreviewDocument(
            title: "t", screens: [PreviewScreen(slug: "s", title: "t", caption: "", background: .white, content: .empty)]
        ).html
        #expect(html.contains("<div class=\"sr-only a11y-live\" role=\"status\" aria-live=\"polite\" aria-atomic=\"true\"></div>"))
        let screen = PreviewScreen(
            slug: "s", title: "t", caption: "", background: .white,
            content: .group([
                AccessibleMarkup.button(element, classes: "probe", []),
                AccessibleMarkup.button(
                    AccessibilityElement(label: "Choice A, a", traits: [.button, .selected, .notEnabled]), classes: "probe", []),
            ]), announcement: Announcement(id: 3, text: "5 seconds left.", priority: .high))
        let page = PreviewDocument(title: "t", screens: [screen]).html
        #expect(
            page.contains(
                "<button type=\"button\" class=\"probe\" id=\"day-2020-09-10\" data-action=\"toggle-day\" data-value=\"2020-09-10\" aria-label=\"Thursday, 10 September 2020, today\" aria-pressed=\"true\" title=\"Shows this day.\">"
            ))
        #expect(page.contains("<button type=\"button\" class=\"probe\" aria-label=\"Choice A, a\" aria-current=\"true\" disabled>"))
        #expect(page.contains("role=\"alert\" aria-live=\"assertive\" aria-atomic=\"true\">5 seconds left.</div>"))
    }
}
