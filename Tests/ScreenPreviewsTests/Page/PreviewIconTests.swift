import Foundation
import ScreenKit
import ScreenPreviews
import Testing

/// Icons are drawn once per document (a sprite of `<symbol>`s) and referenced by every use, so a
/// screen with many icons, or a live page's patch, does not carry their shapes again and again.
@Suite("Icons")
struct PreviewIconTests {
    /// The `#…` each `<use>` of `html` follows, and the `id` of each `<symbol>` it defines.
    static func references(in html: String) -> (used: [String], defined: [String]) {
        let tags = HTMLTag.startTags(in: html)
        return (tags.filter { $0.name == "use" }.compactMap { $0["href"] }, tags.filter { $0.name == "symbol" }.compactMap { $0["id"] })
    }

    /// Every reference of `html` finds a symbol defined once in it, and nothing else is defined.
    static func expectSelfContained(_ html: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let (used, defined) = references(in: html)
        #expect(Set(defined).count == defined.count, "a symbol is defined twice", sourceLocation: sourceLocation)
        #expect(Set(used) == Set(defined.map { "#" + $0 }), "references \(Set(used)), defines \(defined)", sourceLocation: sourceLocation)
    }

    @Test("An icon is a reference to its symbol at its size, hidden from assistive technology, with no shape of its own")
    func iconIsAReference() {
        #expect(
            PreviewIcon.clock.node(size: 15).html
                == ##"<svg class="icon icon-clock" width="15" height="15" aria-hidden="true"><use href="#icon-clock"/></svg>"##)
        for icon in PreviewIcon.allCases {
            let html = icon.node(size: 22).html
            #expect(Self.references(in: html).used == ["#\(icon.symbolID)"], "\(icon)")
            #expect(!html.contains("<path") && !html.contains("<circle") && !html.contains("<rect"), "\(icon)")
        }
    }

    @Test("The sprite defines each icon once, on the 24-point grid, stroked in the colour of the text around its use")
    func spriteDefinesEverySymbol() throws {
        let html = PreviewIcon.sprite().html
        let tags = HTMLTag.startTags(in: html)
        let sprite = try #require(tags.first)
        #expect(sprite.name == "svg" && sprite["aria-hidden"] == "true" && sprite["width"] == "0" && sprite["height"] == "0")
        let symbols = tags.filter { $0.name == "symbol" }
        #expect(symbols.compactMap { $0["id"] } == PreviewIcon.allCases.map(\.symbolID))
        for symbol in symbols {
            #expect(symbol["viewBox"] == "0 0 24 24" && symbol["fill"] == "none" && symbol["stroke"] == "currentColor")
            #expect(symbol["stroke-width"] == "2" && symbol["stroke-linecap"] == "round" && symbol["stroke-linejoin"] == "round")
        }
        #expect(
            html.contains(
                #"<symbol id="icon-clock" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"><circle cx="12" cy="12" r="9"/><path d="M12 7v5l3 2"/></symbol>"#
            ))
        #expect(PreviewIcon.sprite([]).html.isEmpty)
        #expect(HTMLTag.startTags(in: PreviewIcon.sprite([.pin, .clock]).html).compactMap { $0["id"] } == ["icon-clock", "icon-pin"])
    }

    @Test("A static page defines the symbols its screens use, once, before them, and no other")
    func staticPageDefinesWhatItUses() async throws {
        let state = try await Fixtures.carFit()
        let html = PreviewDocument(title: "CarFit", screens: [CarFitPreview.screen(state)]).html
        Self.expectSelfContained(html)
        let (used, defined) = Self.references(in: html)
        #expect(used.filter { $0 == "#icon-clock" }.count == state.sections.flatMap(\.cards).count)
        #expect(Set(defined).isSuperset(of: ["icon-calendar", "icon-chevronLeft", "icon-clock"]))
        // CarFit draws no photo: its symbol is left out.
        #expect(!defined.contains(PreviewIcon.photo.symbolID))
        let sprite = try #require(html.range(of: "<svg class=\"icon-sprite\""))
        let screen = try #require(html.range(of: "<figure"))
        #expect(sprite.lowerBound < screen.lowerBound)

        let plain = PreviewScreen(slug: "plain", title: "Plain", caption: "", background: .white, content: .text("No icon"))
        #expect(!PreviewDocument(title: "Plain", screens: [plain]).html.contains("<svg"))
    }

    @Test("A live tree keeps the reference as the page writes it")
    func liveTreeKeepsTheReference() {
        var sheet = LiveStyleSheet()
        let node = PreviewIcon.pin.node(size: 15)
        #expect(LiveTree(node, sheet: &sheet).html == node.html)
    }
}
