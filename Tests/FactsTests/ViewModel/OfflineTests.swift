import Facts
import Foundation
import SharedNetworking
import TestSupport
import Testing

/// The facts screen with an HTTP cache: after one good load, a relaunch shows the saved rows at
/// once while it asks the network, and keeps them, marked, when the network fails.
@MainActor
@Suite("The facts view-model offline")
struct OfflineTests {
    static let remote = FeedSource.remote(url("https://feeds.example/facts.json"))
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("facts-offline-\(UUID().uuidString)", isDirectory: true)

    /// A view-model as a launch makes it: a holding client, a cache in `directory`, the clock at `now`.
    func launch(at now: Date) -> (FactsViewModel, ScriptedHTTPClient) {
        let client = ScriptedHTTPClient.holding()
        let clock = ManualClock(now: now)
        let cache = HTTPCache(directory: directory, sizeLimit: 1 << 20, clock: clock, policy: .feeds)
        let model = FactsViewModel(
            loader: FactsFeedLoader(source: Self.remote, network: FeedNetwork(client: client, cache: cache)),
            images: FactsImageCoordinator(loader: ControlledImageLoader(mode: .immediate(PixelSize(width: 10, height: 10)))),
            clock: clock)
        return (model, client)
    }

    @Test func aRelaunchOfflineKeepsTheSavedRowsMarked() async throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let (first, firstClient) = launch(at: ViewModelTests.now)
        let loading = Task { await first.load() }
        #expect(await eventually { firstClient.snapshot.held.count == 1 })
        firstClient.respond(ViewModelTests.feed(["Beavers", "Flag"]))
        await loading.value
        #expect(first.state.content?.rows.count == 2)

        let (model, client) = launch(at: ViewModelTests.now.addingTimeInterval(7200))
        let task = Task { await model.load() }
        #expect(await eventually { client.snapshot.held.count == 1 })
        // Shown at once, before the network answers.
        #expect(model.state.content?.rows.map(\.title) == ["Beavers", "Flag"])
        #expect(model.state.phase == .loading && model.state.isRefreshing)
        #expect(model.state.notice?.text == "Saved 2 hours ago")
        client.fail(.transport(url: url("https://feeds.example/facts.json"), code: -1009, message: "offline"))
        await task.value

        #expect(model.state.content?.rows.map(\.title) == ["Beavers", "Flag"])
        #expect(model.state.phase == .failed, "failed, with the saved rows kept")
        #expect(model.state.notice?.kind == .offline)
        #expect(model.state.notice?.text == "Offline: saved 2 hours ago")
        #expect(model.state.error?.description.contains("offline") == true)
        #expect(try model.content(width: 375).notice == model.state.notice)
        #expect(model.state.lastUpdated == ViewModelTests.now)
    }

    @Test func aSuccessfulRefreshClearsTheMark() async throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let (first, firstClient) = launch(at: ViewModelTests.now)
        let loading = Task { await first.load() }
        #expect(await eventually { firstClient.snapshot.held.count == 1 })
        firstClient.respond(ViewModelTests.feed(["Beavers"]))
        await loading.value

        let (model, client) = launch(at: ViewModelTests.now.addingTimeInterval(60))
        let task = Task { await model.load() }
        #expect(await eventually { client.snapshot.held.count == 1 })
        #expect(client.snapshot.requests.first?.headers["If-None-Match"] == nil)  // the feed had no validators
        client.respond(ViewModelTests.feed(["Beavers", "Moose"]))
        await task.value
        #expect(model.state.content?.rows.count == 2)
        #expect(model.state.notice == nil)
        #expect(model.state.error == nil)
    }
}
