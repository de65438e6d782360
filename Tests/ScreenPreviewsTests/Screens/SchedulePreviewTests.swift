import Foundation
import Schedule
import ScreenPreviews
import SharedNetworking
import Testing

@Suite("Schedule page")
struct SchedulePreviewTests {
    @Test("Sticky section headers, rows at the metrics' heights, fonts and colours from ScheduleMetrics")
    func bundledSchedule() async throws {
        let state = try await Fixtures.schedule()
        let metrics = state.metrics
        let screen = SchedulePreview.screen(state)
        let html = PreviewDocument(title: "Schedule", screens: [screen]).html
        #expect(
            html.contains(
                ".schedule-header { display: flex; align-items: center; position: sticky; top: 0px; z-index: 1; height: \(Int(metrics.sectionHeaderHeight))px"
            ))
        #expect(html.contains("background-color: \(metrics.sectionHeaderBackground.hex)"))
        for section in state.sections {
            #expect(html.contains(">\(section.title)</h2>"))
        }
        let games = state.allRows.compactMap(\.game)
        #expect(html.occurrences(of: "class=\"schedule-row schedule-game") == games.count)
        #expect(html.occurrences(of: "class=\"schedule-row schedule-bye\"") == state.allRows.count - games.count)
        #expect(html.contains("style=\"height: \(Int(metrics.gameRowHeight))px\""))
        #expect(html.contains("style=\"height: \(Int(metrics.byeRowHeight))px\""))
        let score = metrics.score
        #expect(
            html.contains(
                "font-size: \(Int(score.font.size))px; font-weight: \(score.font.weight.cssValue); color: \(score.color.hex)\">43<"))
        #expect(html.contains("border-top: \(Int(metrics.separatorHeight))px solid \(metrics.separatorColor.hex)"))
        // The navigation bar in the team's colours.
        let bar = state.navigationBar
        #expect(html.contains("<header class=\"nav-bar\" style=\"background-color: \(bar.background.hex); color: \(bar.titleColor.hex)\">"))
        #expect(html.contains(">SCHEDULE<") && html.contains(">\(bar.teamName)<"))
        // The row the screen opens at, once.
        #expect(state.initialRow != nil)
        #expect(html.occurrences(of: "id=\"\(SchedulePreview.initialRowAnchor)\"") == 1)
        // No logo in any cache: the tricode placeholders.
        #expect(html.contains("class=\"schedule-logo schedule-logo-placeholder\""))
        #expect(html.contains(">GB</span>"))
        #expect(!html.contains("<img"))
    }

    @Test("A logo in the pipeline's disk cache is embedded; the others stay placeholders")
    func cachedLogo() async throws {
        let state = try await Fixtures.schedule()
        let scratch = try ScratchDiskCache()
        defer { scratch.remove() }
        let cache = scratch.cache
        let packers = try #require(state.allRows.compactMap(\.game).first?.left)
        #expect(packers.triCode == "GB")
        let logo = PNGImage.encode(solid: PNGImage.Pixel(red: 0xD0, green: 0x20, blue: 0x20), width: 8, height: 8)
        cache.store(logo, forKey: try #require(packers.logoURL).absoluteString)
        let html = SchedulePreview.screen(state, images: PreviewImages(caches: [cache])).content.html
        let gamesWithPackers = state.allRows.compactMap(\.game).filter { $0.left.triCode == "GB" || $0.right.triCode == "GB" }.count
        // Decorative: the row's spoken sentence names the team.
        #expect(html.occurrences(of: "<img src=\"data:image/png;base64,\(logo.base64EncodedString())\" alt=\"\"") == gamesWithPackers)
        #expect(!html.contains(">GB</span>"))
        #expect(html.contains(">MIN</span>"))
    }

    @Test("Team names, weeks and headings from the feed are escaped; a javascript: logo URL is not used")
    func hostileFeed() async throws {
        var state = try await Fixtures.schedule()
        state.sections[0].title = Hostile.script
        state.navigationBar.teamName = Hostile.image
        guard case .game(var game) = state.sections[0].rows[0] else { Issue.record("the first row is not a game"); return }
        game.left.name = Hostile.script
        game.left.logoURL = Hostile.javascriptURL
        game.left.logoPlaceholder = Hostile.attribute
        game.weekText = Hostile.image
        state.sections[0].rows[0] = .game(game)
        let html = PreviewDocument(
            title: "Schedule", screens: [SchedulePreview.screen(state, images: PreviewImages(linksRemoteImages: true))]
        ).html
        #expect(!html.lowercased().contains("<script"))
        #expect(!html.contains("<img src=x"))
        #expect(!html.contains("javascript:"))
        #expect(!html.contains("\" onmouseover=\""))
        #expect(html.contains(">&lt;script&gt;alert(1)&lt;/script&gt;</h2>"))
    }

    @Test("An empty schedule shows its message")
    func empty() async throws {
        var state = try await Fixtures.schedule()
        state.sections = []
        state.emptyMessage = "No games in this schedule."
        let html = SchedulePreview.screen(state).content.html
        #expect(html.contains(">No games in this schedule.<"))
        #expect(!html.contains("schedule-row"))
    }
}
