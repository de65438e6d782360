import Foundation
import TestSupport
import Testing

@testable import SharedNetworking

@Suite("Resource pipeline: network slots and priority", .timeLimit(.minutes(1)))
struct ResourcePipelineSchedulingTests {
    let image = SampleImages.gif(width: 10, height: 10)

    @Test("50 distinct URLs never have more than K requests in flight")
    func inFlightLimit() async throws {
        let client = ScriptedHTTPClient()
        let urls = (0..<50).map { imageURL("image\($0).gif") }
        for url in urls { client.route(url, .body(image)) }
        client.hold(true)
        let pipeline = makePipeline(client: client, maxConcurrentRequests: 3)

        try await withThrowingTaskGroup(of: FetchedResource.self) { group in
            for url in urls { group.addTask { try await pipeline.image(for: url, priority: .normal) } }
            await client.waitUntil { $0.held.count == 3 }
            #expect(await eventually { pipeline.statistics.queuedRequests == 47 })
            #expect(pipeline.statistics.activeRequests == 3)
            // Release one at a time; each completion lets exactly one more through.
            for _ in 0..<50 {
                await client.waitUntil { !$0.held.isEmpty }
                #expect(client.snapshot.inFlight <= 3)
                client.releaseOldest()
            }
            var count = 0
            for try await _ in group { count += 1 }
            #expect(count == 50)
        }
        #expect(client.snapshot.maxInFlight == 3)
        #expect(Set(client.snapshot.requestedURLs) == Set(urls))
        #expect(pipeline.statistics.activeRequests == 0)
        #expect(pipeline.statistics.queuedRequests == 0)
    }

    @Test("queued loads start by priority; a visible request raises a prefetch")
    func priorityOrder() async throws {
        let client = ScriptedHTTPClient()
        let names = ["blocker", "d-prefetched-then-visible", "a-prefetch", "b-normal", "c-high"]
        for name in names { client.route(imageURL(name), .body(image)) }
        client.hold(true)
        let pipeline = makePipeline(client: client, maxConcurrentRequests: 1)

        var tasks: [Task<FetchedResource, any Error>] = []
        func request(_ name: String, _ priority: ResourcePriority) {
            tasks.append(Task { try await pipeline.image(for: imageURL(name), priority: priority) })
        }
        request("blocker", .normal)
        await client.waitUntil { $0.held.count == 1 }
        await pipeline.prefetch([imageURL("d-prefetched-then-visible")])
        #expect(await eventually { pipeline.statistics.queuedRequests == 1 })
        await pipeline.prefetch([imageURL("a-prefetch")])
        #expect(await eventually { pipeline.statistics.queuedRequests == 2 })
        request("b-normal", .normal)
        #expect(await eventually { pipeline.statistics.queuedRequests == 3 })
        request("c-high", .high)
        #expect(await eventually { pipeline.statistics.queuedRequests == 4 })
        request("d-prefetched-then-visible", .high)
        #expect(await eventually { pipeline.statistics.waitingCallers == 4 })

        for _ in 0..<5 {
            await client.waitUntil { $0.held.count == 1 }
            client.releaseOldest()
        }
        for task in tasks { _ = try await task.value }
        #expect(
            client.snapshot.requestedURLs.map(\.lastPathComponent)
                == ["blocker", "d-prefetched-then-visible", "c-high", "b-normal", "a-prefetch"]
        )
    }

    @Test("a queued load whose callers all cancel gives up its place without a request")
    func cancelWhileQueued() async throws {
        let client = ScriptedHTTPClient()
        for name in ["first", "second", "third"] { client.route(imageURL(name), .body(image)) }
        client.hold(true)
        let pipeline = makePipeline(client: client, maxConcurrentRequests: 1)
        let first = Task { try await pipeline.image(for: imageURL("first"), priority: .normal) }
        await client.waitUntil { $0.held.count == 1 }
        let second = Task { try await pipeline.image(for: imageURL("second"), priority: .high) }
        let third = Task { try await pipeline.image(for: imageURL("third"), priority: .normal) }
        #expect(await eventually { pipeline.statistics.queuedRequests == 2 })

        second.cancel()
        await #expect(throws: ResourceError.cancelled) { try await second.value }
        #expect(await eventually { pipeline.statistics.queuedRequests == 1 })
        client.releaseAll()
        _ = try await first.value
        _ = try await third.value
        #expect(client.snapshot.requestedURLs.map(\.lastPathComponent) == ["first", "third"])
    }
}
