import Foundation
import TestSupport
import Testing

@testable import SharedNetworking

@Suite("Resource pipeline: coalescing and cancellation", .timeLimit(.minutes(1)))
struct ResourcePipelineCoalescingTests {
    let image = SampleImages.jpeg(width: 320, height: 240)

    @Test("100 concurrent requests for one URL make exactly one fetch")
    func hundredConcurrent() async throws {
        let client = ScriptedHTTPClient()
        client.route(imageURL("photo.jpg"), .body(image))
        client.hold(true)
        let pipeline = makePipeline(client: client)

        try await withThrowingTaskGroup(of: FetchedResource.self) { group in
            for _ in 0..<100 {
                group.addTask { try await pipeline.image(for: imageURL("photo.jpg"), priority: .normal) }
            }
            await client.waitUntil { $0.requests.count == 1 }
            #expect(await eventually { pipeline.statistics.waitingCallers == 100 })
            client.releaseAll()
            var results: [FetchedResource] = []
            for try await result in group { results.append(result) }
            #expect(results.count == 100)
            #expect(results.allSatisfy { $0.data == image && $0.origin == .network })
            #expect(results.allSatisfy { $0.image?.pixelSize == PixelSize(width: 320, height: 240) })
        }
        #expect(client.snapshot.requests.count == 1)
        #expect(pipeline.statistics.loadsInFlight == 0)
    }

    @Test("cancelling one of two callers leaves the other's load running")
    func cancelOne() async throws {
        let client = ScriptedHTTPClient()
        client.route(imageURL("photo.jpg"), .body(image))
        client.hold(true)
        let pipeline = makePipeline(client: client)
        let first = Task { try await pipeline.image(for: imageURL("photo.jpg"), priority: .normal) }
        let second = Task { try await pipeline.image(for: imageURL("photo.jpg"), priority: .normal) }
        await client.waitUntil { $0.held.count == 1 }
        #expect(await eventually { pipeline.statistics.waitingCallers == 2 })

        first.cancel()
        await #expect(throws: ResourceError.cancelled) { try await first.value }
        #expect(pipeline.statistics.waitingCallers == 1)
        #expect(client.snapshot.cancelled.isEmpty)

        client.releaseAll()
        let result = try await second.value
        #expect(result.data == image)
        #expect(client.snapshot.requests.count == 1)
        #expect(client.snapshot.cancelled.isEmpty)
    }

    @Test("cancelling every caller cancels the request and caches nothing")
    func cancelBoth() async throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let client = ScriptedHTTPClient()
        client.route(imageURL("photo.jpg"), .body(image))
        client.hold(true)
        let pipeline = makePipeline(client: client, directory: directory.url)
        let first = Task { try await pipeline.image(for: imageURL("photo.jpg"), priority: .normal) }
        let second = Task { try await pipeline.image(for: imageURL("photo.jpg"), priority: .high) }
        await client.waitUntil { $0.held.count == 1 }
        #expect(await eventually { pipeline.statistics.waitingCallers == 2 })

        first.cancel()
        second.cancel()
        await #expect(throws: ResourceError.cancelled) { try await first.value }
        await #expect(throws: ResourceError.cancelled) { try await second.value }
        await client.waitUntil { $0.cancelled.count == 1 }
        #expect(await eventually { pipeline.statistics.activeRequests == 0 })

        let statistics = pipeline.statistics
        #expect(statistics.memoryCount == 0)
        #expect(statistics.diskCount == 0)
        #expect(statistics.rememberedFailures == 0)
        #expect(directory.cacheFiles.isEmpty)

        // Cancellation is not a failure: the next request fetches again.
        client.releaseAll()
        #expect(try await pipeline.image(for: imageURL("photo.jpg"), priority: .normal).origin == .network)
        #expect(client.snapshot.requests.count == 2)
    }

    @Test("a caller that is already cancelled gets .cancelled and starts nothing")
    func alreadyCancelled() async {
        let client = ScriptedHTTPClient()
        client.route(imageURL("photo.jpg"), .body(image))
        let pipeline = makePipeline(client: client)
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await pipeline.image(for: imageURL("photo.jpg"), priority: .normal)
        }
        await #expect(throws: ResourceError.cancelled) { try await task.value }
        #expect(client.snapshot.requests.isEmpty)
        #expect(pipeline.statistics.loadsInFlight == 0)
    }

    @Test("a visible request joins a prefetch: one fetch")
    func prefetchJoined() async throws {
        let client = ScriptedHTTPClient()
        client.route(imageURL("photo.jpg"), .body(image))
        client.hold(true)
        let pipeline = makePipeline(client: client)
        await pipeline.prefetch([imageURL("photo.jpg")])
        await client.waitUntil { $0.held.count == 1 }
        let visible = Task { try await pipeline.image(for: imageURL("photo.jpg"), priority: .normal) }
        #expect(await eventually { pipeline.statistics.waitingCallers == 1 })
        client.releaseAll()
        #expect(try await visible.value.data == image)
        #expect(client.snapshot.requests.count == 1)
        #expect(pipeline.cachedImage(for: imageURL("photo.jpg")) != nil)
    }

    @Test("cancelPrefetch stops a load only nobody else wants")
    func cancelPrefetch() async throws {
        let client = ScriptedHTTPClient()
        for name in ["a.jpg", "b.jpg"] { client.route(imageURL(name), .body(image)) }
        client.hold(true)
        let pipeline = makePipeline(client: client)
        await pipeline.prefetch([imageURL("a.jpg"), imageURL("b.jpg")])
        await client.waitUntil { $0.held.count == 2 }
        let visible = Task { try await pipeline.image(for: imageURL("b.jpg"), priority: .normal) }
        #expect(await eventually { pipeline.statistics.waitingCallers == 1 })

        await pipeline.cancelPrefetch([imageURL("a.jpg"), imageURL("b.jpg")])
        await client.waitUntil { $0.cancelled == [imageURL("a.jpg")] }
        client.releaseAll()
        #expect(try await visible.value.data == image)
        #expect(pipeline.cachedImage(for: imageURL("a.jpg")) == nil)
        #expect(client.snapshot.cancelled == [imageURL("a.jpg")])
    }

    @Test("prefetch skips what is in memory and what failed recently")
    func prefetchSkips() async throws {
        let client = ScriptedHTTPClient()
        client.route(imageURL("ok.jpg"), .body(image))
        let pipeline = makePipeline(client: client)
        _ = try await pipeline.image(for: imageURL("ok.jpg"), priority: .normal)
        await #expect(throws: ResourceError.self) { try await pipeline.image(for: imageURL("missing.jpg"), priority: .normal) }
        await pipeline.prefetch([imageURL("ok.jpg"), imageURL("missing.jpg"), URL(string: "ftp://x.example/a.png")!])
        #expect(pipeline.statistics.loadsInFlight == 0)
        #expect(client.snapshot.requests.count == 2)
    }
}
