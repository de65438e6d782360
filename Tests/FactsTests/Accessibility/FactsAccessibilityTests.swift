import Facts
import Foundation
import ScreenKit
import SharedNetworking
import TestSupport
import Testing

/// What VoiceOver says on the facts screen, from the bundled feed, in English and German.
@MainActor
@Suite("Facts: spoken labels, the refresh button, announcements, contrast")
struct FactsAccessibilityTests {
    static let offline = NetworkError.transport(url: url("https://feeds.example/facts.json"), code: -1009, message: "offline")

    func model(_ answers: [Result<Loaded<FactsFeed>, NetworkError>], language: String) -> FactsViewModel {
        FactsViewModel(
            loader: ScriptedFeedLoader(answers: answers),
            images: FactsImageCoordinator(loader: ControlledImageLoader(mode: .immediate(PixelSize(width: 220, height: 165)))),
            clock: ManualClock(now: Date(timeIntervalSince1970: 1_599_724_800)), language: Locale(identifier: language))
    }

    @Test("en_US: each row is one element, title then description, with its picture's state as the value")
    func english() async throws {
        let feed = try decodeFeed(try bundledFeedBytes())
        let model = model([.success(feed)], language: "en_US")
        await model.load()
        let screen = try model.content(width: 375)
        let beavers = try #require(screen.rows.first)
        #expect(beavers.accessibility.label.hasPrefix("Beavers. Beavers are second only to humans"))
        #expect(beavers.accessibility.value == "picture loading", "not requested yet: its slot shows a placeholder")
        #expect(beavers.accessibility.children == .ignore)
        #expect(beavers.accessibility.identifier == "fact-\(beavers.id)")
        let eh = try #require(screen.rows.first { $0.title == "Eh" })
        #expect(eh.accessibility.value == nil, "no picture, nothing said about one")
        #expect(screen.titleAccessibility == .heading("About Canada", level: .h1, identifier: "title"))
        #expect(
            screen.refreshAccessibility
                == AccessibilityElement(
                    label: "Refresh", hint: "Loads the facts again.", traits: .button, actions: [AccessibilityAction(action: "refresh")],
                    identifier: "refresh"))
        #expect(screen.listAccessibility.label == "13 facts")
        #expect(screen.noticeAccessibility?.label == "1 empty row hidden")
        #expect(screen.errorAccessibility == nil && screen.emptyAccessibility == nil)
        // A loaded picture and a failed one.
        model.images.visibleRowsChanged(0..<1)
        await model.images.waitUntilIdle()
        #expect(try model.content(width: 375).rows[0].accessibility.value == "with picture")
    }

    @Test("de_DE: the screen's own words in German, the feed's as sent")
    func german() async throws {
        let feed = try decodeFeed(try bundledFeedBytes())
        let model = model([.success(feed), .failure(Self.offline)], language: "de_DE")
        await model.load()
        var screen = try model.content(width: 375)
        #expect(screen.refreshAccessibility.label == "Aktualisieren")
        #expect(screen.listAccessibility.label == "13 Fakten")
        #expect(screen.noticeAccessibility?.label == "1 leere Zeile ausgeblendet")
        #expect(screen.rows[0].accessibility.value == "Bild wird geladen")
        #expect(screen.rows[0].accessibility.label.hasPrefix("Beavers. "))
        await model.refresh()
        screen = try model.content(width: 375)
        #expect(screen.errorAccessibility?.label == "Die Fakten konnten nicht aktualisiert werden. \(Self.offline.description)")
        #expect(
            screen.announcement?.text
                == "Die Fakten konnten nicht aktualisiert werden. \(Self.offline.description). Offline: gerade eben gespeichert.")
    }

    @Test("a first load says nothing, a refresh says how many facts, failures interrupt")
    func announcements() async throws {
        let feed = try decodeFeed(#"{"title":"T","rows":[{"title":"A","description":"a","imageHref":null}]}"#)
        let model = model([.failure(Self.offline), .success(feed), .success(feed), .failure(Self.offline)], language: "en_US")
        await model.load()
        #expect(
            model.state.announcement == Announcement(id: 1, text: "Couldn't load the facts. \(Self.offline.description)", priority: .high))
        #expect(model.state.content == nil)
        #expect(model.state.placeholder?.accessibility.label == "Couldn't load the facts. \(Self.offline.description)")
        await model.load()
        #expect(model.state.announcement == nil)
        await model.refresh()
        #expect(model.state.announcement == Announcement(id: 2, text: "Facts updated: 1 fact."))
        await model.refresh()
        #expect(
            try model.content(width: 320).announcement
                == Announcement(
                    id: 3, text: "Couldn't refresh the facts. \(Self.offline.description). Offline: saved just now.", priority: .high))
    }

    @Test("while a refresh runs the button says so and is not enabled")
    func refreshing() {
        let state = ScreenState(phase: .loading, content: FactsFeed(title: nil, rows: []))
        let screen = FactsViewState(
            state: state, images: { _ in .none }, width: 320, engine: FactRowLayoutEngine(), spoken: FactsSpokenText(language: .german))
        #expect(screen.refreshAccessibility.value == "Wird aktualisiert")
        #expect(screen.refreshAccessibility.traits == [.button, .notEnabled])
    }

    @Test("contrast: the design's text already reads 10.9:1 and more; Increase Contrast darkens only the hairlines")
    func contrast() {
        for metrics in [FactsLayoutMetrics(), .highContrast] {
            #expect(metrics.titleColor.contrastRatio(with: metrics.backgroundColor) >= 4.5)
            #expect(metrics.descriptionColor.contrastRatio(with: metrics.backgroundColor) >= 4.5)
            #expect(metrics.descriptionColor.contrastRatio(with: metrics.placeholderColor) >= 3, "the slot's icon")
        }
        #expect(FactsLayoutMetrics().separatorColor.contrastRatio(with: .white) < 3)
        #expect(FactsLayoutMetrics.highContrast.separatorColor.contrastRatio(with: .white) >= 3)
        #expect(FactsLayoutMetrics.resolved(for: .increased) == .highContrast)
        #expect(FactsLayoutMetrics.highContrast.titleFont == FactsLayoutMetrics().titleFont, "only colours change")
    }
}

/// The saved rows' banner as VoiceOver reaches it, and what the view-model announces when the
/// network fails with saved rows on screen.
@MainActor
@Suite("Facts: the offline banner, spoken")
struct FactsOfflineAnnouncementTests {
    static let now = Date(timeIntervalSince1970: 1_599_724_800)

    func model(_ answers: [Result<Loaded<FactsFeed>, NetworkError>], language: String) throws -> FactsViewModel {
        let feed = try decodeFeed(#"{"title":"T","rows":[{"title":"A","description":"a","imageHref":null}]}"#)
        return FactsViewModel(
            loader: ScriptedFeedLoader(
                answers: answers, saved: Saved(value: feed, savedAt: Self.now.addingTimeInterval(-7200), isFresh: false)),
            images: FactsImageCoordinator(loader: ControlledImageLoader(mode: .immediate(PixelSize(width: 220, height: 165)))),
            clock: ManualClock(now: Self.now), language: Locale(identifier: language))
    }

    @Test("en_US: the banner is reachable static text; its first appearance is announced with the failure, not again")
    func english() async throws {
        let offline = FactsAccessibilityTests.offline
        let model = try model([.failure(offline), .failure(offline)], language: "en_US")
        await model.load()
        let screen = try model.content(width: 375)
        #expect(
            screen.notice?.accessibility
                == AccessibilityElement(label: "Offline: saved 2 hours ago", traits: .staticText, identifier: "network-notice"))
        #expect(screen.noticeAccessibility == nil, "the dropped-rows notice is another element")
        #expect(
            screen.announcement
                == Announcement(
                    id: 1, text: "Couldn't refresh the facts. \(offline.description). Offline: saved 2 hours ago.", priority: .high))
        await model.refresh()
        #expect(
            model.state.announcement == Announcement(id: 2, text: "Couldn't refresh the facts. \(offline.description)", priority: .high))
    }

    @Test("de_DE: a server that answers badly is `Nicht aktualisiert`, in German")
    func german() async throws {
        let broken = NetworkError.httpStatus(code: 503, url: url("https://feeds.example/facts.json"), bodyExcerpt: "maintenance")
        let model = try model([.failure(broken)], language: "de_DE")
        await model.load()
        #expect(model.state.notice?.accessibility.label == "Nicht aktualisiert: vor 2 Stunden gespeichert")
        #expect(
            model.state.announcement?.text
                == "Die Fakten konnten nicht aktualisiert werden. \(broken.description). Nicht aktualisiert: vor 2 Stunden gespeichert.")
    }
}
