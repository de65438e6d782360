import CarFit
import Facts
import Foundation
import HooSets
import Schedule
import ScreenKit
import ScreenPreviews
import SharedNetworking
import Testing
import Trivia
import TriviaHost

/// Screenshots every page in headless Chromium at the phone's size and checks what a person
/// would see: the size, that something is drawn, and the design's colours at known places.
/// Skipped where Chromium is not installed (CI installs the Debian `chromium` package).
@Suite(
    "Pages in a real browser", .serialized,
    .enabled(if: Chromium.installed != nil, "Chromium is not installed (apt-get install chromium): the browser checks are skipped"))
struct BrowserTests {
    let chromium = Chromium.installed ?? Chromium(executable: URL(fileURLWithPath: "/usr/bin/chromium"))
    let device = PreviewDevice.iPhone14

    func expectPhoneSized(_ image: PNGImage, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(image.width == Int(device.width) && image.height == Int(device.height), sourceLocation: sourceLocation)
        #expect(image.distinctColorCount > 20, "the page looks blank", sourceLocation: sourceLocation)
    }

    func expect(_ image: PNGImage, x: Int, y: Int, is color: RGBColor, sourceLocation: SourceLocation = #_sourceLocation) {
        let expected = PNGImage.Pixel(red: color.red, green: color.green, blue: color.blue)
        let actual = image.pixel(x: x, y: y)
        #expect(
            actual.distance(to: expected) <= 2, "pixel (\(x), \(y)) is \(actual), expected \(color.hex)", sourceLocation: sourceLocation)
    }

    func pixel(_ color: RGBColor) -> PNGImage.Pixel { PNGImage.Pixel(red: color.red, green: color.green, blue: color.blue) }

    @Test("Hoo sets: grid background, the 10 % white surround, the selection disc artwork on the first cell")
    func hooSets() async throws {
        let caches = try Fixtures.temporaryDirectory("hoosets")
        defer { try? FileManager.default.removeItem(at: caches) }
        let state = try await Fixtures.hooSets(caches: caches)
        let image = try await BrowserPage([HooSetsPreview.screen(state)]).screenshot(chromium)
        expectPhoneSized(image)
        let top = Int(device.statusBarHeight)
        let left = (Int(device.width) - Int(state.viewport.width)) / 2
        expect(image, x: 200, y: 10, is: state.metrics.backgroundColor)
        expect(image, x: 10, y: 300, is: state.metrics.borderColor)
        expect(image, x: left + 5, y: top + 2, is: state.metrics.backgroundColor)
        // Inside the disc, left of the Hoo drawn on it: the artwork's own purple.
        let disc = try #require(state.selection?.discFrame)
        expect(image, x: left + Int(disc.minX) + 8, y: top + Int(disc.midY), is: try #require(RGBColor(hex: "#4100B2")))
        // The poem line is drawn in the set's colour.
        let red = try #require(state.selection?.color)
        #expect(image.count(pixel(red), x: left..<(left + 320), y: 600..<844, tolerance: 8) > 100)
    }

    @Test("Schedule: the section header #F3F3F2, the hairline under a 140 pt row, the team's bar, a cached logo")
    func schedule() async throws {
        let state = try await Fixtures.schedule()
        let metrics = state.metrics
        let scratch = try ScratchDiskCache()
        defer { scratch.remove() }
        let cache = scratch.cache
        let logoColor = try #require(RGBColor(hex: "#D02020"))
        let packers = try #require(state.allRows.compactMap(\.game).first?.left.logoURL)
        cache.store(PNGImage.encode(solid: pixel(logoColor), width: 8, height: 8), forKey: packers.absoluteString)
        let image = try await BrowserPage([SchedulePreview.screen(state, images: PreviewImages(caches: [cache]))]).screenshot(chromium)
        expectPhoneSized(image)
        let top = Int(device.statusBarHeight + device.navigationBarHeight)
        expect(image, x: 10, y: 60, is: state.navigationBar.background)
        expect(image, x: 380, y: top + 15, is: metrics.sectionHeaderBackground)
        let rowBottom = top + Int(metrics.sectionHeaderHeight + metrics.gameRowHeight)
        expect(image, x: 150, y: rowBottom - 2, is: metrics.rowBackground)
        expect(image, x: 150, y: rowBottom, is: metrics.separatorColor)
        expect(image, x: 150, y: rowBottom + Int(metrics.rowSpacing) - 1, is: metrics.listBackground)
        // The Packers' logo (40 pt) in the first row.
        #expect(
            image.count(pixel(logoColor), x: 0..<Int(device.width), y: top..<rowBottom) >= Int(metrics.logoSide * metrics.logoSide) - 10)
    }

    @Test("Schedule: scrolled into a section, its header stays pinned at the top (position: sticky)")
    func stickyHeader() async throws {
        var state = try await Fixtures.schedule()
        let metrics = state.metrics
        // Open at the sixth row of the regular season, far below its header.
        state.initialRow = RowPosition(section: 0, row: 5)
        let image = try await BrowserPage([SchedulePreview.screen(state)]).screenshot(chromium, fragment: SchedulePreview.initialRowAnchor)
        expectPhoneSized(image)
        let top = Int(device.statusBarHeight + device.navigationBarHeight)
        // The header is pinned over the content (where, unpinned, row 5's upper part would be)…
        expect(image, x: 380, y: top + 2, is: metrics.sectionHeaderBackground)
        expect(image, x: 380, y: top + Int(metrics.sectionHeaderHeight) - 2, is: metrics.sectionHeaderBackground)
        // …and the row scrolled to starts right under it.
        expect(image, x: 380, y: top + Int(metrics.sectionHeaderHeight) + 2, is: metrics.rowBackground)
        // The grey header band is drawn once, at the top: nothing else that tall and grey.
        let bands = image.count(pixel(metrics.sectionHeaderBackground), x: 370..<390, y: top..<Int(device.height))
        #expect(bands < 20 * (Int(metrics.sectionHeaderHeight) + 10 * Int(metrics.rowSpacing)))
    }

    @Test("Facts: rows with embedded images at their layout frames, separators between rows")
    func facts() async throws {
        let blue = try #require(RGBColor(hex: "#2060D0"))
        let png = PNGImage.encode(solid: pixel(blue), width: 40, height: 30)
        let screen = try await Fixtures.facts(width: device.width, image: png)
        let scratch = try ScratchDiskCache()
        defer { scratch.remove() }
        let cache = scratch.cache
        for url in screen.rows.compactMap(\.imageURL) { cache.store(png, forKey: url.absoluteString) }
        let image = try await BrowserPage([FactsPreview.screen(screen, images: PreviewImages(caches: [cache]))]).screenshot(chromium)
        expectPhoneSized(image)
        let top = Int(device.statusBarHeight + device.navigationBarHeight)
        expect(image, x: 200, y: 10, is: screen.metrics.backgroundColor)
        // The first row's image fills its frame (aspect-fit of a 4:3 image into a 4:3 frame).
        let first = try #require(screen.rows.first { $0.layout.image != nil })
        let frame = try #require(first.layout.image)
        expect(image, x: Int(frame.x + frame.width / 2), y: top + Int(frame.y + frame.height / 2), is: blue)
        #expect(image.count(pixel(blue), x: 0..<Int(device.width), y: top..<Int(device.height)) > Int(frame.width * frame.height))
        // The separator at the bottom of the first row.
        expect(image, x: 200, y: top + Int(screen.rows[0].layout.size.height) - 1, is: screen.metrics.separatorColor)
    }

    @Test("CarFit: the Done badge in #25A87B, the selected day in the accent colour, white cards on the grouped background")
    func carFit() async throws {
        let state = try await Fixtures.carFit()
        let theme = CarFitTheme.standard
        let image = try await BrowserPage([CarFitPreview.screen(state)]).screenshot(chromium)
        expectPhoneSized(image)
        expect(image, x: 200, y: 10, is: theme.screenBackground)
        expect(image, x: 4, y: 500, is: theme.screenBackground)
        let width = 0..<Int(device.width)
        // The first card's badge (Done) and the selected 10th (a disc of the accent colour).
        let done = try #require(RGBColor(hex: "#25A87B"))
        #expect(image.count(pixel(done), x: width, y: 300..<844) > 400)
        let disc = Double.pi * pow(theme.calendarCellSize / 2, 2)
        #expect(Double(image.count(pixel(theme.accent), x: width, y: 100..<500)) > disc * 0.6)
        #expect(image.count(pixel(theme.cardBackground), x: width, y: 100..<844) > 100_000)
    }

    @Test("Trivia: every moment of a run, in the theme's colours")
    func trivia() async throws {
        let screens = Fixtures.triviaScreens(Fixtures.questions)
        let question = try #require(
            screens.first { $0.question?.countdown != nil && $0.question?.lockedOverlay == nil && $0.question?.choices.isEmpty == false })
        let offer = try #require(screens.first { $0.question?.wildcardOffer?.isSending == false })
        let correct = try #require(screens.first { $0.question?.result?.outcome == .correct })
        let final = try #require(screens.last { $0.kind == .final })
        for (name, state) in [("question", question), ("wildcard", offer), ("result", correct), ("final", final)] {
            let image = try await BrowserPage([TriviaPreview.screen(state, slug: name, title: name, caption: "")]).screenshot(chromium)
            expectPhoneSized(image)
            expect(image, x: 200, y: 10, is: state.style.background)
            expect(image, x: 3, y: 800, is: state.style.background)
            let content = 0..<Int(device.width)
            switch name {
            case "question":
                // Three choices of 52 pt in the normal colour.
                #expect(image.count(pixel(TriviaTheme.choice), x: content, y: 100..<700) > 3 * 200 * Int(state.style.choiceHeight))
            case "wildcard":
                #expect(image.count(pixel(TriviaTheme.incorrect), x: content, y: 100..<700) > 200 * Int(state.style.choiceHeight))
                #expect(image.count(pixel(TriviaTheme.selected), x: content, y: 100..<844) > 100 * Int(state.style.choiceHeight))
            case "result":
                #expect(image.count(pixel(TriviaTheme.correct), x: content, y: 100..<700) > 2 * 200 * Int(state.style.choiceHeight))
            default:
                #expect(image.count(pixel(TriviaTheme.correct), x: content, y: 100..<300) > 500)
            }
        }
    }

    @Test("A feed's <script>, an onerror image and a javascript: URL stay text in the browser's DOM")
    func escapingInTheBrowser() async throws {
        let caches = try Fixtures.temporaryDirectory("hoosets")
        defer { try? FileManager.default.removeItem(at: caches) }
        var hoo = try await Fixtures.hooSets(caches: caches)
        hoo.sections[0].title = Hostile.script
        hoo.sections[0].headerImageURL = Hostile.javascriptURL
        hoo.sections[0].items[0].imageURL = Hostile.javascriptURL
        hoo.selection?.poemLine = Hostile.image
        hoo.selection?.title = Hostile.attribute
        let trivia = Fixtures.triviaScreens(
            [TriviaQuestion(id: QuestionID("x"), text: Hostile.script, choices: [Hostile.image, Hostile.attribute], answer: 1)],
            title: Hostile.image)
        let question = try #require(trivia.first { $0.question?.prompt == Hostile.script })
        let page = BrowserPage([
            HooSetsPreview.screen(hoo), TriviaPreview.screen(question, slug: "t", title: Hostile.script, caption: Hostile.image),
        ])
        let dom = try await page.dom(chromium)
        #expect(dom.contains("<body"))
        // The tags of the parsed document (text nodes are serialized with &lt;, so a `<` starts a
        // real tag): no script element, no event handler, no javascript: URL, nothing set by one.
        let tags = Self.tags(in: dom)
        #expect(tags.count > 100)
        #expect(!tags.contains { $0.name == "script" })
        #expect(!tags.contains { $0.attributes.contains { $0.hasPrefix("on") } })
        #expect(!tags.contains { $0.name == "img" && !$0.source.hasPrefix("<img src=\"data:image/") })
        #expect(!dom.contains("javascript:"))
        #expect(!dom.contains("data-pwned=\""))
        // The hostile strings are there, as text.
        #expect(dom.contains(">&lt;script&gt;alert(1)&lt;/script&gt;<"))
        #expect(dom.contains(">&lt;img src=x onerror=\"document.body.setAttribute('data-pwned','1')\"&gt;<"))
        #expect(dom.contains(">\" onmouseover=\"document.body.setAttribute('data-pwned','1')\" x=\"<"))
    }

    /// Start tags of serialized HTML with their attribute names.
    static func tags(in html: String) -> [(name: String, attributes: [String], source: String)] {
        var tags: [(name: String, attributes: [String], source: String)] = []
        var rest = Substring(html)
        while let open = rest.firstIndex(of: "<") {
            rest = rest[rest.index(after: open)...]
            guard let first = rest.first, first.isLetter, let close = rest.firstIndex(of: ">") else { continue }
            let inside = String(rest[..<close])
            // Attribute values are quoted and escape `"`, so dropping quoted runs leaves the names.
            let unquoted = inside.split(separator: "\"", omittingEmptySubsequences: false).enumerated().filter { $0.offset % 2 == 0 }.map(
                \.element
            ).joined(separator: " ")
            let words = unquoted.split(whereSeparator: { $0 == " " || $0 == "=" || $0 == "/" }).map { $0.lowercased() }
            tags.append((name: words.first ?? "", attributes: Array(words.dropFirst()), source: "<" + inside + ">"))
            rest = rest[close...]
        }
        return tags
    }
}
