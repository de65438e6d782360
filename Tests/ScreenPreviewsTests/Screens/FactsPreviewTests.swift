import Facts
import Foundation
import ScreenPreviews
import SharedNetworking
import Testing

@Suite("Facts page")
struct FactsPreviewTests {
    @Test("Rows at their computed heights, the layout's own lines, image slots for rows with a URL")
    func bundledFeed() async throws {
        let screen = try await Fixtures.facts()
        let metrics = screen.metrics
        let html = PreviewDocument(title: "Facts", screens: [FactsPreview.screen(screen)]).html
        #expect(html.contains(">\(screen.title)<"))
        #expect(html.occurrences(of: "<li class=\"facts-row") == screen.rows.count)
        for (index, row) in screen.rows.enumerated() {
            #expect(
                html.contains("id=\"fact-\(row.id)\" data-row=\"\(index)\" style=\"height: \(CSSValue.px(row.layout.size.height).css);"))
            for line in (row.layout.title?.lines ?? []) + (row.layout.description?.lines ?? []) {
                #expect(html.contains("<div class=\"facts-line\">\(HTMLEscaping.text(line))</div>"))
            }
        }
        #expect(html.occurrences(of: "class=\"facts-slot\"") == screen.rows.filter { $0.layout.imageSlot != nil }.count)
        #expect(html.contains("background-color: \(metrics.placeholderColor.hex)"))
        let title = metrics.titleFont
        #expect(html.contains("font-size: \(Int(title.size))px; font-weight: \(title.weight.cssValue); color: \(metrics.titleColor.hex)"))
        #expect(!html.contains("<img"))
        // 375 pt in a 390 pt phone: the table is centred, the phone keeps its width.
        #expect(html.contains("<ol class=\"facts-table\" aria-label=\"\(screen.rows.count) facts\" style=\"width: 375px;"))
        #expect(html.contains("<div class=\"phone\" style=\"background-color: \(metrics.backgroundColor.hex)\">"))
    }

    @Test("Downloaded images sized by their aspect ratio and embedded from the disk cache")
    func images() async throws {
        let png = PNGImage.encode(solid: PNGImage.Pixel(red: 0x20, green: 0x60, blue: 0xD0), width: 40, height: 30)
        let screen = try await Fixtures.facts(image: png)
        let scratch = try ScratchDiskCache()
        defer { scratch.remove() }
        let cache = scratch.cache
        let urls = screen.rows.compactMap(\.imageURL)
        for url in urls { cache.store(png, forKey: url.absoluteString) }
        #expect(screen.rows.contains { $0.image == .loaded(pixelSize: PixelSize(width: 40, height: 30)) })
        let html = FactsPreview.screen(screen, images: PreviewImages(caches: [cache])).content.html
        let loaded = screen.rows.filter { if case .loaded = $0.image { $0.imageURL != nil } else { false } }
        #expect(!loaded.isEmpty)
        #expect(html.occurrences(of: "<img src=\"data:image/png;base64,") == loaded.count)
    }

    @Test("An iPad width widens the phone")
    func wideLayout() async throws {
        let screen = try await Fixtures.facts(width: 1024)
        let html = PreviewDocument(title: "Facts", screens: [FactsPreview.screen(screen)]).html
        #expect(html.contains("<div class=\"phone\" style=\"background-color: \(screen.metrics.backgroundColor.hex); width: 1024px\">"))
    }

    @Test("Titles, descriptions and the feed title are escaped")
    func hostileFeed() async throws {
        var screen = try await Fixtures.facts()
        screen.title = Hostile.script
        screen.errorMessage = Hostile.image
        screen.rows[0].title = Hostile.script
        screen.rows[0].layout.title?.lines = [Hostile.script, Hostile.attribute]
        screen.rows[0].imageURL = Hostile.javascriptURL
        screen.rows[0].image = .failed(reason: Hostile.attribute)
        let html = PreviewDocument(title: "Facts", screens: [FactsPreview.screen(screen, images: PreviewImages(linksRemoteImages: true))])
            .html
        #expect(!html.lowercased().contains("<script"))
        #expect(!html.contains("<img src=x"))
        #expect(!html.contains("javascript:"))
        #expect(!html.contains("\" onmouseover=\""))
        #expect(html.contains("<div class=\"facts-line\">&lt;script&gt;alert(1)&lt;/script&gt;</div>"))
    }

    /// A failed image says why in the screen's language: the network layer's reason (English,
    /// with the URL) on an English page, a German sentence alone on a German one.
    @Test func aFailedImageSaysWhyInTheScreensLanguage() async throws {
        var screen = try await Fixtures.facts()
        let reason = "http://example.com/kitten.png: timed out"
        screen.rows[0].image = .failed(reason: reason)
        let english = FactsPreview.screen(screen).content.html
        #expect(english.contains("title=\"The image could not be loaded: \(reason)\""))
        screen.language = .german
        let german = FactsPreview.screen(screen).content.html
        #expect(german.contains("title=\"Das Bild konnte nicht geladen werden.\""))
        #expect(!german.contains("timed out"), "no English words on a German page")
    }
}
