import Facts
import Foundation
import SharedNetworking
import TestSupport
import Testing

@MainActor
@Suite("Lazy image loading")
struct ImageCoordinatorTests {
    static func urls(_ count: Int) -> [URL?] {
        (0..<count).map { url("https://img.example/\($0).png") }
    }

    let size = PixelSize(width: 200, height: 100)

    @Test("nothing loads until rows are visible; then the window loads, visible rows first")
    func loadsOnlyTheWindow() async {
        let loader = ControlledImageLoader(mode: .immediate(size))
        let coordinator = FactsImageCoordinator(
            loader: loader, policy: ImageLoadingPolicy(prefetchAhead: 2, prefetchBehind: 1, maxConcurrentLoads: 10))
        coordinator.setRows(Self.urls(50))
        await coordinator.waitUntilIdle()
        #expect(loader.requests.isEmpty)

        coordinator.visibleRowsChanged(10..<13)
        await coordinator.waitUntilIdle()
        #expect(loader.requests.map(\.url.lastPathComponent) == ["10.png", "11.png", "12.png", "13.png", "14.png", "9.png"])
        #expect(loader.requests.map(\.priority) == [.high, .high, .high, .low, .low, .low])
        #expect(coordinator.state(forRow: 10) == .loaded(pixelSize: size))
        #expect(coordinator.state(forRow: 9) == .loaded(pixelSize: size))
        #expect(coordinator.state(forRow: 15) == .notLoaded)
        #expect(coordinator.state(forRow: 0) == .notLoaded)
        #expect(coordinator.imageData(forRow: 11) != nil)
        #expect(coordinator.imageData(forRow: 20) == nil)
        #expect(loader.prefetchCalls == 0, "prefetching goes through image(for:) so the concurrency limit holds")
    }

    @Test("rows without a URL have no image; rows sharing a URL share one load")
    func noURLAndSharedURL() async {
        let loader = ControlledImageLoader(mode: .immediate(size))
        let coordinator = FactsImageCoordinator(loader: loader)
        let shared = url("https://img.example/shared.png")
        coordinator.setRows([nil, shared, shared, nil, shared])
        coordinator.visibleRowsChanged(0..<5)
        await coordinator.waitUntilIdle()
        #expect(coordinator.rowStates == [.none, .loaded(pixelSize: size), .loaded(pixelSize: size), .none, .loaded(pixelSize: size)])
        #expect(loader.requestedURLs == [shared])
        #expect(coordinator.state(forRow: 99) == .none)
    }

    @Test("never more loads in flight than the limit; the rest wait their turn")
    func concurrencyLimit() async throws {
        let loader = ControlledImageLoader(mode: .manual)
        let coordinator = FactsImageCoordinator(
            loader: loader, policy: ImageLoadingPolicy(prefetchAhead: 4, prefetchBehind: 0, maxConcurrentLoads: 3))
        coordinator.setRows(Self.urls(20))
        coordinator.visibleRowsChanged(0..<4)
        #expect(await eventually { loader.pendingURLs.count == 3 })
        #expect(coordinator.inFlightCount == 3)
        #expect(coordinator.rowStates.prefix(5) == [.loading, .loading, .loading, .notLoaded, .notLoaded])

        var completed = 0
        while completed < 8 {
            let next = try #require(loader.pendingURLs.first)
            loader.complete(next, with: .success(size))
            completed += 1
            #expect(
                await eventually { coordinator.inFlightCount == min(3, 8 - completed) && loader.pendingURLs.count == min(3, 8 - completed) }
            )
            #expect(loader.inFlight <= 3)
        }
        await coordinator.waitUntilIdle()
        #expect(loader.peakInFlight == 3)
        #expect(Set(loader.requestedURLs) == Set(Self.urls(8).compactMap { $0 }))
        #expect(coordinator.rowStates.prefix(9) == Array(repeating: .loaded(pixelSize: size), count: 8) + [.notLoaded])
    }

    @Test("loads for rows that leave the window are cancelled; their slots free only when they end")
    func cancelsRowsLeavingTheWindow() async throws {
        let loader = ControlledImageLoader(mode: .manual)
        let coordinator = FactsImageCoordinator(
            loader: loader, policy: ImageLoadingPolicy(prefetchAhead: 0, prefetchBehind: 0, maxConcurrentLoads: 2))
        let urls = Self.urls(100)
        coordinator.setRows(urls)
        coordinator.visibleRowsChanged(0..<2)
        #expect(await eventually { loader.pendingURLs.count == 2 })

        coordinator.visibleRowsChanged(50..<52)
        #expect(await eventually { Set(loader.cancelledURLs) == Set([urls[0]!, urls[1]!]) })
        #expect(coordinator.state(forRow: 0) == .notLoaded)
        #expect(coordinator.state(forRow: 1) == .notLoaded)
        #expect(await eventually { Set(loader.pendingURLs) == Set([urls[50]!, urls[51]!]) })
        #expect(loader.peakInFlight <= 2)

        loader.complete(urls[50]!, with: .success(size))
        loader.complete(urls[51]!, with: .success(size))
        await coordinator.waitUntilIdle()
        #expect(coordinator.state(forRow: 50) == .loaded(pixelSize: size))
        #expect(loader.requestedURLs == [urls[0]!, urls[1]!, urls[50]!, urls[51]!])
    }

    @Test("a failed image shows its reason and is not retried until refresh")
    func failures() async {
        let dead = url("https://img.example/1.png")
        let loader = ControlledImageLoader(mode: .immediate(size), failing: [dead])
        let coordinator = FactsImageCoordinator(loader: loader)
        coordinator.setRows(Self.urls(3))
        coordinator.visibleRowsChanged(0..<3)
        await coordinator.waitUntilIdle()
        guard case .failed(let reason) = coordinator.state(forRow: 1) else {
            Issue.record("expected a failed state, got \(coordinator.state(forRow: 1))")
            return
        }
        #expect(reason.contains("404"))

        coordinator.visibleRowsChanged(1..<2)
        coordinator.visibleRowsChanged(0..<3)
        await coordinator.waitUntilIdle()
        #expect(loader.requestedURLs.filter { $0 == dead }.count == 1)

        await coordinator.retryFailures()
        await coordinator.waitUntilIdle()
        #expect(loader.clearFailuresCount == 1)
        #expect(loader.requestedURLs.filter { $0 == dead }.count == 2)
    }

    @Test("bytes are kept only inside the window; a row scrolled back asks the pipeline again and keeps its size")
    func bytesOnlyInWindow() async {
        let loader = ControlledImageLoader(mode: .immediate(size))
        let coordinator = FactsImageCoordinator(
            loader: loader, policy: ImageLoadingPolicy(prefetchAhead: 0, prefetchBehind: 0, maxConcurrentLoads: 2))
        coordinator.setRows(Self.urls(10))
        coordinator.visibleRowsChanged(0..<1)
        await coordinator.waitUntilIdle()
        #expect(coordinator.imageData(forRow: 0) != nil)

        coordinator.visibleRowsChanged(5..<6)
        #expect(coordinator.imageData(forRow: 0) == nil)
        #expect(coordinator.state(forRow: 0) == .loaded(pixelSize: size), "the height must not jump back to a placeholder")
        await coordinator.waitUntilIdle()

        coordinator.visibleRowsChanged(0..<1)
        await coordinator.waitUntilIdle()
        #expect(coordinator.imageData(forRow: 0) != nil)
        #expect(loader.requestedURLs.map(\.lastPathComponent) == ["0.png", "5.png", "0.png"])
    }

    @Test("new rows keep the states of URLs that stay and cancel loads of URLs that left")
    func setRowsAfterRefresh() async {
        let loader = ControlledImageLoader(mode: .manual)
        let coordinator = FactsImageCoordinator(
            loader: loader, policy: ImageLoadingPolicy(prefetchAhead: 0, prefetchBehind: 0, maxConcurrentLoads: 4))
        let urls = Self.urls(3)
        coordinator.setRows(urls)
        coordinator.visibleRowsChanged(0..<3)
        #expect(await eventually { loader.pendingURLs.count == 3 })
        loader.complete(urls[0]!, with: .success(size))
        #expect(await eventually { coordinator.state(forRow: 0) == .loaded(pixelSize: size) })

        let fresh = url("https://img.example/new.png")
        coordinator.setRows([urls[0], fresh, nil])
        #expect(await eventually { loader.cancelledURLs.count == 2 })
        #expect(coordinator.rowStates == [.loaded(pixelSize: size), .loading, .none])
        #expect(await eventually { loader.pendingURLs == [fresh] })
        loader.complete(fresh, with: .success(PixelSize(width: 10, height: 30)))
        await coordinator.waitUntilIdle()
        #expect(coordinator.state(forRow: 1) == .loaded(pixelSize: PixelSize(width: 10, height: 30)))
    }

    @Test("visible rows may be reported as any set of indices")
    func visibleAsSet() async {
        let loader = ControlledImageLoader(mode: .immediate(size))
        let coordinator = FactsImageCoordinator(
            loader: loader, policy: ImageLoadingPolicy(prefetchAhead: 0, prefetchBehind: 0, maxConcurrentLoads: 4))
        coordinator.setRows(Self.urls(10))
        coordinator.visibleRowsChanged([4, 2, 3])
        await coordinator.waitUntilIdle()
        #expect(coordinator.window.visible == 2..<5)
        #expect(Set(loader.requestedURLs.map(\.lastPathComponent)) == ["2.png", "3.png", "4.png"])
        coordinator.visibleRowsChanged([Int]())
        #expect(coordinator.window.ordered.isEmpty)
    }

    @Test("an image too large to decode fails with the reason; with a decode target it is downsampled")
    func decodedSizeLimit() async throws {
        /// Serves every URL with a PNG whose header claims the size in its name (`100000x100000.png`).
        let headerClient = ScriptedHTTPClient { request, _ in
            let sides = request.url.deletingPathExtension().lastPathComponent.split(separator: "x").compactMap { Int($0) }
            let body = SamplePNG.make(width: sides.first ?? 1, height: sides.last ?? 1)
            return .success(HTTPResponse(url: request.url, status: 200, headers: HTTPHeaders(), body: body))
        }
        let pipeline = ResourcePipeline(
            configuration: .init(httpClient: headerClient, clock: ManualClock(now: Date()), diskCacheDirectory: nil))
        let rows = [
            url("https://img.example/100000x100000.png"), url("https://img.example/4000x3000.png"), url("https://img.example/64x48.png"),
        ]

        let plain = FactsImageCoordinator(loader: pipeline)
        plain.setRows(rows)
        plain.visibleRowsChanged(0..<3)
        await plain.waitUntilIdle()
        guard case .failed(let reason) = plain.state(forRow: 0) else {
            Issue.record("expected a refusal, got \(plain.state(forRow: 0))")
            return
        }
        #expect(reason.hasSuffix("image too large to decode: 100000×100000 px is 10000 megapixels, over the limit of 50"))
        #expect(plain.state(forRow: 1) == .loaded(pixelSize: PixelSize(width: 4000, height: 3000)))

        let target = FactsLayoutMetrics().largestImageSlot(scale: 3)
        #expect(target == PixelSize(width: 540, height: 660))
        let thumbnails = FactsImageCoordinator(loader: pipeline, policy: ImageLoadingPolicy(decodeTarget: target))
        thumbnails.setRows(rows)
        thumbnails.visibleRowsChanged(0..<3)
        await thumbnails.waitUntilIdle()
        #expect(
            thumbnails.rowStates == [
                .loaded(pixelSize: PixelSize(width: 100_000, height: 100_000), decodedPixelSize: PixelSize(width: 540, height: 540)),
                .loaded(pixelSize: PixelSize(width: 4000, height: 3000), decodedPixelSize: PixelSize(width: 540, height: 405)),
                .loaded(pixelSize: PixelSize(width: 64, height: 48)),
            ])
        #expect(thumbnails.rowStates[1].label == "loaded 4000×3000, decoded at 540×405")
    }
}
