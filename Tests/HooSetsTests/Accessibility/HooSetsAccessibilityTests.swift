import Foundation
import ScreenKit
import SharedNetworking
import TestSupport
import Testing

@testable import HooSets

/// What VoiceOver says and offers on the Hoo sets, and how it selects without scrubbing.
@MainActor
@Suite("Hoo sets: spoken labels, named actions, announcements, contrast")
struct HooSetsAccessibilityTests {
    static func model(language: String? = nil, metrics: HooGridMetrics = .standard) -> HooSetsViewModel {
        let library = HooSetsViewModelTests.library()
        return HooSetsViewModel(
            loader: ScriptedFeedLoader(Loaded(value: library, diagnostics: [], source: "test")), clock: ManualClock(now: .distantPast),
            metrics: metrics,
            artwork: HooArtworkState(),
            language: language.map(Locale.init(identifier:)))
    }

    @Test("en_US: each Hoo is a toggle button with its title, set and place; each set a heading; the screen an h1")
    func english() async throws {
        let model = Self.model(language: "en_US")
        await model.load()
        let state = model.grid
        let first = state.sections[0].items[0].accessibility
        #expect(first.label == "Red 1, Red Set, 1 of 14")
        #expect(first.traits == [.button, .image, .toggle])
        #expect(first.actions == [AccessibilityAction(action: "select-hoo", value: "01/01")])
        #expect(first.hint == "Shows the Hoo's title and line of the poem.")
        #expect(first.identifier == "hoo-1-1")
        #expect(state.sections.map(\.accessibility.label) == ["Red Set, 14 Hoos", "Yellow Set, 5 Hoos"])
        #expect(state.sections.allSatisfy { $0.accessibility.headingLevel == .h2 })
        #expect(state.titleAccessibility == .heading("Hoo Sets", level: .h1, identifier: "title"))
        #expect(state.gridAccessibility.children == .contain)
    }

    @Test("de_DE: the same in German")
    func german() async throws {
        let model = Self.model(language: "de_DE")
        await model.load()
        model.select(HooID(set: 1, hoo: 14))
        let state = model.grid
        #expect(state.sections[0].items[1].accessibility.label == "Red 2, Red Set, 2 von 14")
        #expect(state.sections[1].accessibility.label == "Yellow Set, 5 Hoos")
        let selected = state.sections[0].items[13].accessibility
        #expect(selected.hint == "Schließt die Anzeige des Hoos.")
        #expect(selected.namedActions.map(\.name) == ["Nächstes Hoo", "Vorheriges Hoo"])
        #expect(state.selection?.accessibility.namedActions.map(\.name) == ["Nächstes Hoo", "Vorheriges Hoo", "Schließen"])
        #expect(state.announcement?.text == "Red 14, Red Set. line 14")
        #expect(state.titleAccessibility.label == "Hoo-Sets")
    }

    @Test("the selected Hoo offers Next and Previous (across sets), its panel Close; none past the ends")
    func namedActions() async throws {
        let model = Self.model()
        await model.load()
        model.select(HooID(set: 1, hoo: 14))
        var state = model.grid
        let selected = state.sections[0].items[13].accessibility
        #expect(selected.traits.contains(.selected))
        #expect(
            selected.namedActions == [
                AccessibilityAction(named: "Next Hoo", action: "select-next-hoo", value: "02/01"),
                AccessibilityAction(named: "Previous Hoo", action: "select-previous-hoo", value: "01/13"),
            ])
        let panel = try #require(state.selection?.accessibility)
        #expect(panel.label == "Red 14, Red Set. line 14")
        #expect(panel.value == "14 of 14")
        #expect(panel.namedActions.last == AccessibilityAction(named: "Close", action: "dismiss-selection"))
        #expect(state.sections[0].items[12].accessibility.namedActions.isEmpty, "only the selected Hoo offers them")
        model.select(HooID(set: 1, hoo: 1))
        state = model.grid
        #expect(state.selection?.accessibility.namedActions.map(\.action) == ["select-next-hoo", "dismiss-selection"])
    }

    @Test("without the scrub gesture: next and previous select and open Hoos in the grid's order, and say what opened")
    func stepping() async throws {
        let model = Self.model()
        await model.load()
        model.selectNext()
        #expect(model.grid.selection?.id == HooID(set: 1, hoo: 1), "nothing selected: the first")
        #expect(model.state.announcement == Announcement(id: 1, text: "Red 1, Red Set. line 1"))
        model.select(HooID(set: 1, hoo: 14))
        model.selectNext()
        #expect(model.grid.selection?.id == HooID(set: 2, hoo: 1), "into the next set")
        #expect(model.state.announcement?.text == "Yellow 1, Yellow Set. line 1")
        model.selectPrevious()
        #expect(model.grid.selection?.id == HooID(set: 1, hoo: 14))
        model.select(HooID(set: 2, hoo: 5))
        let before = model.state.announcement
        model.selectNext()
        #expect(model.grid.selection?.id == HooID(set: 2, hoo: 5), "at the last Hoo nothing changes")
        #expect(model.state.announcement == before)
        model.dismissSelection()
        model.selectPrevious()
        #expect(model.grid.selection?.id == HooID(set: 2, hoo: 5), "nothing selected: the last")
        // Scrolling and rebuilding keep the announcement; only a new one replaces it.
        let last = model.state.announcement
        model.setVisibleRegion(LayoutRect(x: 0, y: 40, width: 320, height: 480))
        #expect(model.state.announcement == last)
    }

    @Test("a failed load is announced, interrupting")
    func failure() async {
        let model = HooSetsViewModel(
            loader: ScriptedFeedLoader<HooSetsFeed>([.failure(HooSetsError.noSets(path: "/nowhere").networkError)]),
            clock: ManualClock(now: .distantPast),
            artwork: HooArtworkState(), language: Locale(identifier: "en_US"))
        await model.load()
        let announcement = model.state.announcement
        #expect(announcement?.priority == .high)
        #expect(announcement?.text.hasPrefix("Couldn't load the Hoo sets. ") == true)
    }

    @Test("Increase Contrast: text in every set's colour reads 4.5:1 on the surround; the count is opaque")
    func contrast() {
        let metrics = HooGridMetrics.highContrast
        var failingInDesign: [String] = []
        for (name, hex) in HooColorTable.dataColors.sorted(by: { $0.key < $1.key }) {
            guard let color = RGBColor(hex: hex) else { continue }
            #expect(metrics.textColor(for: color).contrastRatio(with: metrics.borderColor) >= 4.5, "\(name)")
            #expect(metrics.textColor(for: color).contrastRatio(with: metrics.backgroundColor) >= 4.5, "\(name)")
            if color.composited(opacity: 0.75, over: metrics.backgroundColor).contrastRatio(with: metrics.backgroundColor) < 4.5 {
                failingInDesign.append(name)
            }
            #expect(HooGridMetrics.standard.textColor(for: color) == color, "the design keeps the set's colour")
        }
        #expect(failingInDesign == ["blue", "brown", "green", "purple", "red"])
        #expect(metrics.secondaryTextOpacity == 1 && HooGridMetrics.standard.secondaryTextOpacity == 0.75)
    }
}
