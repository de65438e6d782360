import Facts
import Foundation
import SharedNetworking
import Testing

/// Scrolling a long list against a counting fake of the pipeline. The same scenario runs against
/// the real pipeline and a loopback server in `LoopbackScrollingTests`.
@MainActor
@Suite("Scrolling a 1,000-row list")
struct ScrollingTests {
    static let rowCount = 1_000
    static let screenRows = 8
    static let policy = ImageLoadingPolicy(prefetchAhead: 6, prefetchBehind: 2, maxConcurrentLoads: 4)
    static let urls: [URL?] = (0..<rowCount).map { $0 % 10 == 7 ? nil : url("https://img.example/\($0).png") }

    static func row(of url: URL) -> Int? {
        Int(url.deletingPathExtension().lastPathComponent)
    }

    @Test("top to bottom, settling at each step: only window rows requested, each once, within the limit")
    func settledScroll() async throws {
        let loader = ControlledImageLoader(mode: .immediate(PixelSize(width: 120, height: 90)))
        let coordinator = FactsImageCoordinator(loader: loader, policy: Self.policy)
        coordinator.setRows(Self.urls)
        var seen = 0
        for top in stride(from: 0, to: Self.rowCount - Self.screenRows + 1, by: 3) {
            coordinator.visibleRowsChanged(top..<(top + Self.screenRows))
            await coordinator.waitUntilIdle()
            let window = coordinator.window
            for request in loader.requests.dropFirst(seen) {
                let row = try #require(Self.row(of: request.url))
                #expect(window.contains(row), "row \(row) requested while the window was \(window.ordered)")
                #expect(request.priority == (window.visible.contains(row) ? .high : .low))
            }
            seen = loader.requests.count
        }
        let requested = loader.requestedURLs
        #expect(requested.count == Set(requested).count, "a URL was requested twice")
        #expect(Set(requested) == Set(Self.urls.compactMap { $0 }))
        #expect(loader.peakInFlight <= Self.policy.maxConcurrentLoads)
    }

    @Test("a fast fling: loads left behind are cancelled, nothing twice, never over the limit, never far away")
    func fling() async throws {
        let loader = ControlledImageLoader(mode: .manual)
        let coordinator = FactsImageCoordinator(loader: loader, policy: Self.policy)
        coordinator.setRows(Self.urls)
        var windows: [ImageWindow] = []
        for top in stride(from: 0, to: Self.rowCount - Self.screenRows + 1, by: 5) {
            coordinator.visibleRowsChanged(top..<(top + Self.screenRows))
            windows.append(coordinator.window)
            // Every tenth step the network answers one request; otherwise the list flies past.
            if top % 50 == 0, let next = loader.pendingURLs.first {
                loader.complete(next, with: .success(PixelSize(width: 10, height: 10)))
            }
            for _ in 0..<20 { await Task.yield() }
            #expect(loader.inFlight <= Self.policy.maxConcurrentLoads)
            #expect(coordinator.inFlightCount <= Self.policy.maxConcurrentLoads)
        }
        // Let the bottom of the list load.
        while coordinator.inFlightCount > 0 || !loader.pendingURLs.isEmpty {
            for url in loader.pendingURLs { loader.complete(url, with: .success(PixelSize(width: 10, height: 10))) }
            await Task.yield()
        }
        await coordinator.waitUntilIdle()

        let requested = loader.requestedURLs
        #expect(requested.count == Set(requested).count, "a URL was requested twice")
        // At most one batch of new loads per step: slots are only freed by loads that ended.
        #expect(requested.count <= Self.policy.maxConcurrentLoads * windows.count)
        let cancelled = Set(loader.cancelledURLs)
        #expect(cancelled.count > requested.count / 2, "most loads of a fling are cancelled (\(cancelled.count) of \(requested.count))")
        #expect(loader.peakInFlight <= Self.policy.maxConcurrentLoads)
        for url in requested {
            let row = try #require(Self.row(of: url))
            #expect(windows.contains { $0.contains(row) }, "row \(row) was never in a window")
        }
        let bottom = coordinator.window
        for row in bottom.ordered where Self.urls[row] != nil {
            #expect(coordinator.state(forRow: row) == .loaded(pixelSize: PixelSize(width: 10, height: 10)))
        }
        for url in cancelled {
            let row = try #require(Self.row(of: url))
            #expect(coordinator.state(forRow: row) == .notLoaded, "row \(row) was cancelled but is \(coordinator.state(forRow: row))")
        }
    }
}
