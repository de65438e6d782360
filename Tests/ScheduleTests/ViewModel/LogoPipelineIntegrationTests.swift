import Foundation
import SharedNetworking
import TestSupport
import Testing

@testable import Schedule

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Logos through the real `ResourcePipeline`, served by a loopback server with real PNG bytes.
@MainActor
@Suite("Logos through the resource pipeline (loopback server)")
struct LogoPipelineIntegrationTests {
    /// The fixture's 15 teams.
    static let triCodes = ["GB", "MIN", "DET", "NO", "ATL", "TB", "HOU", "SF", "JAX", "IND", "CHI", "PHI", "CAR", "TEN", "LAR"]

    /// A real PNG: the HooSets exercise's selection disc, read from the package's sources.
    static func png() throws -> Data {
        let url = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
            .appendingPathComponent("Sources/HooSets/Resources/Artwork/selection_disc.png")
        return try Data(contentsOf: url)
    }

    static func logoPath(_ code: String) -> String { "/nfl/logos/nfl_\(code.lowercased())_light.png" }

    struct Harness {
        let server: LoopbackHTTPServer
        let cacheDirectory: URL
        let clock = ManualClock(now: Fixture.date("2021-01-14T18:35:41Z"))

        init() throws {
            server = try LoopbackHTTPServer()
            cacheDirectory = FileManager.default.temporaryDirectory.appendingPathComponent(
                "schedule-logos-\(UUID().uuidString)", isDirectory: true)
        }

        func pipeline() -> ResourcePipeline {
            let configuration = URLSessionConfiguration.ephemeral
            return ResourcePipeline(
                configuration: .init(
                    httpClient: URLSessionHTTPClient(configuration: configuration),
                    clock: clock,
                    diskCacheDirectory: cacheDirectory
                ))
        }

        @MainActor
        func viewModel(_ resources: any ResourceLoading, feeds: Int = 1) throws -> ScheduleViewModel {
            let zone = TimeZone(identifier: "America/New_York") ?? .gmt
            let locale = Locale(identifier: "en_US")
            let loader = ScriptedScheduleLoader(Array(repeating: .feed(try Fixture.data()), count: feeds))
            return ScheduleViewModel(
                loader: loader, resources: resources, locale: locale, timeZone: zone,
                calendar: AppEnvironment.calendar(locale: locale, timeZone: zone), clock: clock,
                logos: TeamLogoCatalog(baseURL: server.url("/nfl/logos/"))
            )
        }

        func stop() {
            server.stop()
            try? FileManager.default.removeItem(at: cacheDirectory)
        }
    }

    /// Every row asks for its logos, as a list does when rows appear.
    func renderAllRows(_ model: ScheduleViewModel) async {
        let rows = model.state.content?.allRows ?? []
        await withTaskGroup(of: Void.self) { group in
            for row in rows { group.addTask { await model.loadLogos(for: row) } }
        }
    }

    @Test func renderingAllRowsTwiceFetchesEachDistinctLogoOnce() async throws {
        let harness = try Harness()
        defer { harness.stop() }
        let png = try Self.png()
        for code in Self.triCodes { harness.server.route(Self.logoPath(code), .ok(png, contentType: "image/png")) }

        let model = try harness.viewModel(harness.pipeline())
        await model.load()
        await renderAllRows(model)
        await renderAllRows(model)

        #expect(harness.server.totalRequests == Self.triCodes.count)
        for code in Self.triCodes {
            #expect(harness.server.requestCount(Self.logoPath(code)) == 1, "\(code)")
        }
        for game in Fixture.games(try #require(model.state.content)) {
            for side in [game.left, game.right] {
                guard case .loaded(let image) = model.logo(for: side) else {
                    Issue.record("\(side.triCode): \(model.logo(for: side))")
                    continue
                }
                #expect(image.data == png)
                #expect(image.info?.format == .png)
            }
        }
    }

    @Test func aNewScreenOnTheSameDiskCacheFetchesNothing() async throws {
        let harness = try Harness()
        defer { harness.stop() }
        let png = try Self.png()
        for code in Self.triCodes { harness.server.route(Self.logoPath(code), .ok(png, contentType: "image/png")) }

        let first = try harness.viewModel(harness.pipeline())
        await first.load()
        await renderAllRows(first)
        #expect(harness.server.totalRequests == Self.triCodes.count)

        // A fresh pipeline (an app launched again) on the same cache directory.
        let second = try harness.viewModel(harness.pipeline())
        await second.load()
        await renderAllRows(second)
        #expect(harness.server.totalRequests == Self.triCodes.count)
        let week1 = try #require(second.state.content?.allRows.first?.game)
        #expect(second.logo(for: week1.left).placeholderText == nil)
    }

    @Test func failedLogosShowTheirTricodeAndAreRetriedOnceOnRefresh() async throws {
        let harness = try Harness()
        defer { harness.stop() }
        let png = try Self.png()
        for code in Self.triCodes { harness.server.route(Self.logoPath(code), .ok(png, contentType: "image/png")) }
        // Minnesota: 404 first, then the image. Detroit: an HTML page served with 200.
        harness.server.route(Self.logoPath("MIN"), responses: [.text("Not Found", status: 404), .ok(png, contentType: "image/png")])
        harness.server.route(Self.logoPath("DET"), .html("<html><body>Sign in to the Wi-Fi</body></html>"))

        let model = try harness.viewModel(harness.pipeline(), feeds: 2)
        await model.load()
        await renderAllRows(model)
        await renderAllRows(model)

        let games = Fixture.games(try #require(model.state.content))
        let vikings = games[0].right
        let lions = games[1].left
        #expect(vikings.triCode == "MIN" && lions.triCode == "DET")
        guard case .placeholder(let text, .some(.network(.httpStatus(404, _, _, _)))) = model.logo(for: vikings) else {
            Issue.record("MIN: \(model.logo(for: vikings))")
            return
        }
        #expect(text == "MIN")
        guard case .placeholder("DET", .some(.notAnImage)) = model.logo(for: lions) else {
            Issue.record("DET: \(model.logo(for: lions))")
            return
        }
        // Two passes over every row, one request each: no retry loop.
        #expect(harness.server.requestCount(Self.logoPath("MIN")) == 1)
        #expect(harness.server.requestCount(Self.logoPath("DET")) == 1)

        await model.refresh()
        #expect(harness.server.requestCount(Self.logoPath("MIN")) == 2)
        #expect(harness.server.requestCount(Self.logoPath("DET")) == 2)
        #expect(model.logo(for: vikings).placeholderText == nil)
        #expect(model.logo(for: lions).placeholderText == "DET")
        // Logos that had loaded were not fetched again.
        #expect(harness.server.requestCount(Self.logoPath("GB")) == 1)
    }
}
