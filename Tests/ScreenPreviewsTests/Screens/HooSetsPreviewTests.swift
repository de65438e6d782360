import Foundation
import HooSets
import ScreenPreviews
import SharedNetworking
import Testing

@Suite("Hoo sets page")
struct HooSetsPreviewTests {
    @Test("Every section, cell and the selection from the bundled sets, with embedded artwork")
    func bundledSets() async throws {
        let caches = try Fixtures.temporaryDirectory("hoosets")
        defer { try? FileManager.default.removeItem(at: caches) }
        let state = try await Fixtures.hooSets(caches: caches)
        let screen = HooSetsPreview.screen(state)
        let html = PreviewDocument(title: screen.title, screens: [screen]).html
        #expect(html.occurrences(of: "class=\"hoo-header\"") == state.sections.count)
        #expect(html.occurrences(of: "class=\"hoo-cell") == state.hooCount)
        #expect(html.occurrences(of: "class=\"hoo-cell selected\"") == 1)
        // Headers, Hoo images, disc and cell-frame artwork are embedded; nothing points at a file.
        #expect(!html.contains("file:"))
        #expect(html.occurrences(of: "src=\"data:image/png;base64,") >= state.sections.count + state.hooCount)
        #expect(html.contains("background-image: url(\"data:image/png;base64,"))
        // The first cell at its frame from the view state.
        let first = try #require(state.sections.first?.items.first)
        #expect(html.contains("left: \(Int(first.frame.minX))px; top: \(Int(first.frame.minY))px; width: 79px; height: 79px"))
        #expect(html.contains("aria-label=\"Rubies, Red Set, 1 of 14\""))
        // The words in the set's colour and the metrics' fonts.
        let selection = try #require(state.selection)
        #expect(html.contains("color: \(selection.color.hex)"))
        #expect(html.contains(">They brought me rubies from the mine<"))
        let title = state.metrics.discTitleFont
        #expect(
            html.contains(
                "font-size: \(Int(title.size))px; font-weight: \(title.weight.cssValue); font-family: &quot;AGBookPro-MediumCnd&quot;, -apple-system,"
            ))
        #expect(
            html.contains("font-family: &quot;AGBookPro-LightCnd&quot;, -apple-system, "), "the poem line's face, then the system stack")
        #expect(html.contains("background-color: \(state.metrics.backgroundColor.hex)"))
        #expect(html.contains("inset 2px 0px 0px \(state.metrics.borderColor.hex)"))
    }

    @Test("The grid is drawn at content positions whatever the visible region; a touch's mode is marked")
    func contentPositionsAndGesture() async throws {
        let caches = try Fixtures.temporaryDirectory("hoosets")
        defer { try? FileManager.default.removeItem(at: caches) }
        var state = try await Fixtures.hooSets(caches: caches)
        let top = PreviewDocument(title: "Hoo Sets", screens: [HooSetsPreview.screen(state)]).html
        #expect(!top.contains("data-gesture"), "no touch: no mark")
        state.contentOffsetY = 300
        let scrolled = PreviewDocument(title: "Hoo Sets", screens: [HooSetsPreview.screen(state)]).html
        #expect(scrolled == top, "the page's scroll area scrolls the grid; the markup does not move")
        state.gestureMode = .scrubbing
        let scrubbing = PreviewDocument(title: "Hoo Sets", screens: [HooSetsPreview.screen(state)]).html
        #expect(scrubbing.occurrences(of: "data-gesture=\"scrubbing\"") == 1)
    }

    @Test("Titles, poems and URLs from the sets are escaped or refused")
    func hostileSet() async throws {
        let caches = try Fixtures.temporaryDirectory("hoosets")
        defer { try? FileManager.default.removeItem(at: caches) }
        var state = try await Fixtures.hooSets(caches: caches)
        state.sections[0].title = Hostile.script
        state.sections[0].headerImageURL = Hostile.javascriptURL
        state.sections[0].countLabel = Hostile.image
        state.sections[0].items[1].title = Hostile.attribute
        state.sections[0].items[1].accessibilityLabel = Hostile.attribute
        state.sections[0].items[1].imageURL = Hostile.javascriptURL
        state.selection?.title = Hostile.script
        state.selection?.poemLine = Hostile.image
        state.errorMessage = Hostile.script
        let html = PreviewDocument(title: "Hoo Sets", screens: [HooSetsPreview.screen(state)]).html
        #expect(!html.lowercased().contains("<script"))
        #expect(!html.contains("<img src=x"))
        #expect(!html.contains("javascript:"))
        #expect(!html.contains("\" onmouseover=\""))
        #expect(html.contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
        // The header without a usable image draws its title in the fallback font instead.
        let fallback = state.metrics.headerFallbackFont
        let family = CSSValue.fontFamily(fallback).css.replacingOccurrences(of: "\"", with: "&quot;")
        #expect(
            html.contains(
                "font-size: \(Int(fallback.size))px; font-weight: \(fallback.weight.cssValue); font-family: \(family); "
                    + "color: \(state.sections[0].color.hex)\">&lt;script&gt;"
            ))
        // The cell without a usable image gets the placeholder in the set's colour.
        #expect(html.contains("class=\"hoo-placeholder\""))
    }

    @Test("No selection: no disc and no words panel")
    func noSelection() async throws {
        let caches = try Fixtures.temporaryDirectory("hoosets")
        defer { try? FileManager.default.removeItem(at: caches) }
        let state = try await Fixtures.hooSets(caches: caches, selection: nil)
        let screen = HooSetsPreview.screen(state)
        #expect(!screen.content.html.contains("hoo-disc"))
        #expect(!screen.content.html.contains("hoo-words"))
        #expect(screen.caption.contains("nothing selected"))
    }
}
