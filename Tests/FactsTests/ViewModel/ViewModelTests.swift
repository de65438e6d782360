import Facts
import Foundation
import ScreenKit
import SharedNetworking
import TestSupport
import Testing

@MainActor
@Suite("The facts view-model")
struct ViewModelTests {
    static let now = Date(timeIntervalSince1970: 1_599_724_800)
    static let remote = FeedSource.remote(url("https://feeds.example/facts.json"))

    static func feed(_ titles: [String], title: String = "About Canada") -> Data {
        let rows = titles.map { #"{"title":"\#($0)","description":null,"imageHref":"https://img.example/\#($0).png"}"# }
        return Data(#"{"title":"\#(title)","rows":[\#(rows.joined(separator: ","))]}"#.utf8)
    }

    @MainActor
    struct Harness {
        let client = ScriptedHTTPClient.holding()
        let images = ControlledImageLoader(mode: .immediate(PixelSize(width: 220, height: 165)))
        let clock = ManualClock(now: ViewModelTests.now)
        let model: FactsViewModel

        init(source: FeedSource = ViewModelTests.remote) {
            model = FactsViewModel(
                loader: FactsFeedLoader(source: source, network: FeedNetwork(client: client)),
                images: FactsImageCoordinator(loader: images),
                clock: clock
            )
        }

        /// Starts `action`, waits until its download is pending, lets `during` look at the screen
        /// mid-flight, answers the download with `answer`, and waits for `action` to end.
        func perform(
            _ action: @escaping @MainActor (FactsViewModel) async -> Void,
            during: (FactsViewModel) -> Void = { _ in },
            answer: (ScriptedHTTPClient) -> Void
        ) async {
            let model = self.model
            let task = Task { await action(model) }
            #expect(await eventually { client.snapshot.held.count == 1 })
            during(model)
            answer(client)
            await task.value
        }

        /// A first load answered with rows titled `titles`.
        func loadRows(_ titles: [String]) async {
            await perform({ await $0.load() }, answer: { $0.respond(ViewModelTests.feed(titles)) })
        }
    }

    @Test("loads the bundled feed: title, 13 rows, the dropped row counted, the repair reported")
    func loadsBundledFeed() async throws {
        let harness = Harness(source: try FactsSource.bundled())
        let model = harness.model
        #expect(model.state.phase == .idle)
        await model.load()
        let state = model.state
        #expect(state.phase == .loaded)
        let screen = try #require(state.content)
        #expect(screen.title == "About Canada")
        #expect(screen.rows.count == 13)
        #expect(screen.droppedRowsNotice == "1 empty row hidden")
        #expect(state.lastUpdated == Self.now && screen.lastUpdated == Self.now)
        #expect(screen.source == "facts.json")
        #expect(state.error == nil && screen.errorMessage == nil)
        #expect(state.diagnostics.contains { $0.kind == .repaired && $0.message.contains("Mac OS Roman") })
        #expect(harness.client.snapshot.requests.count == 0)
        #expect(model.images.rowStates.count == 13)
        #expect(model.images.state(forRow: 4) == .none, "'Eh' has no image")
    }

    @Test("the main actor stays free while the feed downloads; the first load shows a spinner")
    func firstLoadDoesNotBlock() async {
        let harness = Harness()
        await harness.perform(
            { await $0.load() },
            during: { model in
                // The test runs on the main actor: it gets here while the download is pending.
                #expect(model.state.phase == .loading)
                #expect(model.state.isLoading)
                #expect(model.state.content == nil)
                #expect(model.state.placeholder?.title == "Loading the facts…")
            }, answer: { $0.respond(Self.feed(["A", "B"])) })
        #expect(harness.model.state.phase == .loaded)
        #expect(harness.model.state.content?.rows.map(\.title) == ["A", "B"])
    }

    @Test("a refresh keeps the rows on screen until the new ones arrive")
    func refreshKeepsRows() async {
        let harness = Harness()
        await harness.loadRows(["A", "B"])
        harness.clock.advance(by: .seconds(60))
        await harness.perform(
            { await $0.refresh() },
            during: { model in
                #expect(model.state.isRefreshing)
                #expect(model.state.phase == .loading)
                #expect(model.state.content?.rows.map(\.title) == ["A", "B"])
            }, answer: { $0.respond(Self.feed(["C"], title: "Updated")) })
        let state = harness.model.state
        #expect(!state.isRefreshing)
        #expect(state.content?.title == "Updated")
        #expect(state.content?.rows.map(\.title) == ["C"])
        #expect(state.lastUpdated == Self.now.addingTimeInterval(60))
    }

    @Test("a failed refresh keeps the rows and shows the error; the next success clears it")
    func failedRefreshKeepsRows() async {
        let harness = Harness()
        await harness.loadRows(["A", "B"])
        await harness.perform({ await $0.refresh() }, answer: { $0.fail(.timedOut(url: url("https://feeds.example/facts.json"))) })
        let state = harness.model.state
        #expect(state.phase == .failed, "failed, with the rows kept")
        #expect(state.content?.rows.map(\.title) == ["A", "B"])
        #expect(state.error?.description == "https://feeds.example/facts.json: timed out")
        #expect(state.content?.errorMessage == state.error?.description)
        #expect(state.lastUpdated == Self.now)
        #expect(!state.isRefreshing)

        await harness.perform({ await $0.refresh() }, answer: { $0.respond(Self.feed(["A"])) })
        #expect(harness.model.state.error == nil)
        #expect(harness.model.state.phase == .loaded)
    }

    @Test("a broken refresh (HTML instead of JSON) is an error, not an empty screen")
    func brokenRefreshKeepsRows() async {
        let harness = Harness()
        await harness.loadRows(["A"])
        await harness.perform(
            { await $0.refresh() },
            answer: { $0.respond(Data("<html><body>Service Unavailable</body></html>".utf8), contentType: "text/html") })
        #expect(harness.model.state.content?.rows.map(\.title) == ["A"])
        #expect(harness.model.state.error?.description.contains("expected JSON, got an HTML page") == true)
    }

    @Test("a failed first load shows the error full screen; retrying recovers")
    func failedFirstLoad() async {
        let harness = Harness()
        await harness.perform(
            { await $0.load() },
            answer: { $0.fail(.httpStatus(code: 404, url: url("https://feeds.example/facts.json"), bodyExcerpt: "")) })
        #expect(harness.model.state.phase == .failed)
        #expect(harness.model.state.error?.description.contains("HTTP 404") == true)
        #expect(harness.model.state.content == nil)
        let placeholder = harness.model.state.placeholder
        #expect(placeholder?.kind == .failed && placeholder?.title == "Couldn't load the facts")
        #expect(placeholder?.retry == AccessibilityAction(named: "Try again", action: "refresh"))

        await harness.perform(
            { await $0.load() },
            during: { model in
                #expect(model.state.phase == .loading)
            }, answer: { $0.respond(Self.feed(["A"])) })
        #expect(harness.model.state.phase == .loaded)
        #expect(harness.model.state.error == nil)
    }

    @Test("a refresh during a refresh joins it: one download, both callers get its result")
    func refreshJoins() async {
        let harness = Harness()
        let model = harness.model
        let first = Task { await model.refresh() }
        #expect(await eventually { harness.client.snapshot.held.count == 1 })
        let second = Task { await model.refresh() }
        let third = Task { await model.load() }
        // Give the joiners every chance to start a download of their own.
        #expect(await never(within: .milliseconds(200)) { harness.client.snapshot.requests.count > 1 })
        // Answer every waiting request, so a regression fails here instead of hanging.
        while harness.client.snapshot.held.count > 0 { harness.client.respond(Self.feed(["A"])) }
        await first.value
        await second.value
        await third.value
        #expect(harness.client.snapshot.requests.count == 1)
        #expect(model.state.content?.rows.map(\.title) == ["A"])

        // Once finished, a new refresh downloads again.
        await harness.perform({ await $0.refresh() }, answer: { $0.respond(Self.feed(["B"])) })
        #expect(harness.client.snapshot.requests.count == 2)
    }

    @Test("load() on a loaded screen does nothing; refresh() always downloads")
    func loadIsIdempotent() async {
        let harness = Harness()
        await harness.loadRows(["A"])
        await harness.model.load()
        #expect(harness.client.snapshot.requests.count == 1)
    }

    @Test("a refresh retries failed images and keeps loaded ones")
    func refreshRetriesImages() async {
        let harness = Harness()
        let model = harness.model
        await harness.loadRows(["A", "B"])
        model.images.visibleRowsChanged(0..<2)
        await model.images.waitUntilIdle()
        #expect(harness.images.requests.count == 2)

        await harness.perform({ await $0.refresh() }, answer: { $0.respond(Self.feed(["A", "B", "C"])) })
        await model.images.waitUntilIdle()
        #expect(harness.images.clearFailuresCount == 1)
        #expect(model.images.state(forRow: 0) == .loaded(pixelSize: PixelSize(width: 220, height: 165)))
        #expect(harness.images.requestedURLs.map(\.lastPathComponent).sorted() == ["A.png", "B.png", "C.png"])
    }

    @Test("the screen carries image states and a layout for the width")
    func screenSnapshot() async throws {
        let harness = Harness(source: try FactsSource.bundled())
        let model = harness.model
        await model.load()
        model.images.visibleRowsChanged(0..<2)
        await model.images.waitUntilIdle()
        let screen = try #require(model.state.content)
        #expect(screen.title == "About Canada")
        #expect(screen.rows.count == 13)
        #expect(screen.rows[0].image == .loaded(pixelSize: PixelSize(width: 220, height: 165)))
        #expect(screen.rows[4].image == .none)
        #expect(screen.rows[4].layout.imageSlot == nil)
        #expect(screen.rows.allSatisfy { $0.layout.size.width == 375 })
        #expect(screen.contentHeight == screen.rows.map(\.layout.size.height).reduce(0, +))
        #expect(screen.droppedRowsNotice == "1 empty row hidden")
        #expect(screen.emptyText == nil)

        let encoded = try JSONEncoder().encode(screen)
        #expect(try JSONDecoder().decode(FactsViewState.self, from: encoded) == screen)
    }

    @Test("an empty feed is loaded, with the empty text")
    func emptyFeed() async {
        let harness = Harness(source: .data(Data(#"{"title":"Nothing","rows":null}"#.utf8), name: "empty.json"))
        await harness.model.load()
        #expect(harness.model.state.phase == .loaded)
        harness.model.setWidth(320)
        #expect(harness.model.state.content?.emptyText == "This feed has no facts yet.")
    }

    @Test("row heights are measured once: a second call reuses every row, an arriving image re-measures one")
    func layoutsAreCached() async throws {
        let harness = Harness(source: try FactsSource.bundled())
        let model = harness.model
        await model.load()
        let first = try #require(model.state.content)
        let rows = first.rows.count
        #expect(model.layoutStatistics.measured == rows)

        let second = try #require(model.state.content)
        #expect(second == first)
        #expect(model.layoutStatistics == (measured: rows, reused: rows), "nothing measured again")

        // Images arrive for the first row and its prefetch window: only those rows are measured.
        model.images.visibleRowsChanged(0..<1)
        await model.images.waitUntilIdle()
        let withImage = try #require(model.state.content)
        #expect(withImage.rows[0].image == .loaded(pixelSize: PixelSize(width: 220, height: 165)))
        let changed = zip(first.rows, withImage.rows).filter { $0.image != $1.image }.count
        #expect(changed > 0 && changed < rows)
        #expect(model.layoutStatistics.measured == rows + changed, "only the rows whose image changed")

        // Another width measures every row; going back to the first width measures none.
        model.setWidth(768)
        #expect(model.state.content?.width == 768)
        #expect(model.layoutStatistics.measured == 2 * rows + changed)
        model.setWidth(375)
        #expect(model.state.content == withImage)
        #expect(model.layoutStatistics.measured == 2 * rows + changed)

        // Every cached layout is exactly the engine's.
        let engine = FactRowLayoutEngine()
        let feed = try decodeFeed(try bundledFeedBytes()).value
        for (index, row) in feed.rows.enumerated() {
            #expect(withImage.rows[index].layout == engine.layout(row, image: withImage.rows[index].image, width: 375))
        }
    }

    @Test("a refresh re-measures only the rows whose text changed")
    func refreshMeasuresChangedRows() async throws {
        let harness = Harness()
        await harness.loadRows(["A", "B", "C"])
        let model = harness.model
        _ = model.state
        let before = model.layoutStatistics.measured
        await harness.perform({ await $0.refresh() }, answer: { $0.respond(Self.feed(["A", "B2", "C"])) })
        let screen = try #require(model.state.content)
        #expect(screen.rows.map(\.title) == ["A", "B2", "C"])
        #expect(model.layoutStatistics.measured == before + 1)

        // A row inserted at the top moves every other row: they are found by content.
        await harness.perform({ await $0.refresh() }, answer: { $0.respond(Self.feed(["New", "A", "B2", "C"])) })
        let moved = try #require(model.state.content)
        #expect(moved.rows.map(\.title) == ["New", "A", "B2", "C"])
        #expect(model.layoutStatistics.measured == before + 2, "only the new row is measured")
        #expect(moved.rows[1].layout == screen.rows[0].layout)
    }
}

extension ScriptedHTTPClient {
    /// Answers the oldest held request with `body` (status 200).
    func respond(_ body: Data, contentType: String = "application/json") {
        releaseOldest(with: .body(body, headers: ["Content-Type": contentType]))
    }

    /// Fails the oldest held request.
    func fail(_ error: NetworkError) {
        releaseOldest(with: .failure(error))
    }
}
