import Foundation
import TestSupport
import Testing

@testable import SharedNetworking

@Suite("Resource pipeline: failures and the negative cache", .timeLimit(.minutes(1)))
struct ResourcePipelineFailureTests {
    let url = imageURL("broken.png")

    @Test("a 404 is remembered for the failure TTL on the injected clock, then tried again")
    func notFoundRemembered() async throws {
        let clock = ManualClock(now: testEpoch)
        let client = ScriptedHTTPClient()
        client.route(url, .body(Data("<html>gone</html>".utf8), status: 404))
        let pipeline = makePipeline(client: client, clock: clock)

        await #expect(throws: ResourceError.network(.httpStatus(code: 404, url: url, bodyExcerpt: "<html>gone</html>"))) {
            try await pipeline.image(for: url, priority: .normal)
        }
        let until = testEpoch.addingTimeInterval(300)
        await #expect(
            throws: ResourceError.recentlyFailed(
                url: url, reason: "\(url.absoluteString): HTTP 404 Not Found: <html>gone</html>", until: until)
        ) {
            try await pipeline.image(for: url, priority: .normal)
        }
        #expect(client.snapshot.requests.count == 1)

        clock.advance(by: .seconds(299))
        await #expect(throws: ResourceError.self) { try await pipeline.image(for: url, priority: .normal) }
        #expect(client.snapshot.requests.count == 1)

        clock.advance(by: .seconds(2))
        await #expect(throws: ResourceError.self) { try await pipeline.image(for: url, priority: .normal) }
        #expect(client.snapshot.requests.count == 2)
    }

    @Test("clearFailures (refresh) lets a remembered URL be fetched at once")
    func refreshClears() async throws {
        let client = ScriptedHTTPClient()
        client.route(url, .body(Data(), status: 500))
        let pipeline = makePipeline(client: client)
        await #expect(throws: ResourceError.self) { try await pipeline.image(for: url, priority: .normal) }
        await #expect(throws: ResourceError.self) { try await pipeline.image(for: url, priority: .normal) }
        #expect(client.snapshot.requests.count == 1)
        #expect(pipeline.statistics.rememberedFailures == 1)

        client.route(url, .body(SampleImages.png(width: 2, height: 2)))
        await pipeline.clearFailures()
        #expect(try await pipeline.image(for: url, priority: .normal).origin == .network)
        #expect(client.snapshot.requests.count == 2)
    }

    @Test("transient failures (5xx, timeouts) are remembered for the shorter TTL")
    func transientTTL() async throws {
        let clock = ManualClock(now: testEpoch)
        let client = ScriptedHTTPClient()
        let timeout = imageURL("slow.png")
        client.route(url, .body(Data(), status: 503))
        client.route(timeout, .failure(.timedOut(url: timeout)))
        let pipeline = makePipeline(client: client, clock: clock)
        await #expect(throws: ResourceError.network(.httpStatus(code: 503, url: url, bodyExcerpt: ""))) {
            try await pipeline.image(for: url, priority: .normal)
        }
        await #expect(throws: ResourceError.network(.timedOut(url: timeout))) { try await pipeline.image(for: timeout, priority: .normal) }
        clock.advance(by: .seconds(31))
        await #expect(throws: ResourceError.network(.httpStatus(code: 503, url: url, bodyExcerpt: ""))) {
            try await pipeline.image(for: url, priority: .normal)
        }
        await #expect(throws: ResourceError.network(.timedOut(url: timeout))) { try await pipeline.image(for: timeout, priority: .normal) }
        #expect(client.snapshot.requests.count == 4)
    }

    @Test("HTML served with 200 is not an image: specific error, nothing cached, remembered")
    func htmlAs200() async throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let client = ScriptedHTTPClient()
        client.route(url, .body(Data("<!DOCTYPE html><title>Login</title>".utf8)))
        let pipeline = makePipeline(client: client, directory: directory.url)
        await #expect(throws: ResourceError.notAnImage(url: url, detected: "an HTML page")) {
            try await pipeline.image(for: url, priority: .normal)
        }
        #expect(pipeline.statistics.memoryCount == 0)
        #expect(directory.cacheFiles.isEmpty)
        await #expect(throws: ResourceError.self) { try await pipeline.image(for: url, priority: .normal) }
        #expect(client.snapshot.requests.count == 1)
    }

    @Test("a truncated image and a malformed header are malformedImage errors, not cached")
    func truncatedAndMalformed() async throws {
        let client = ScriptedHTTPClient()
        let truncated = imageURL("truncated.png")
        let png = SampleImages.png(width: 30, height: 30)
        client.route(truncated, .body(png.prefix(png.count - 20)))
        var zeroWidth = SampleImages.gif(width: 1, height: 1)
        zeroWidth[6] = 0
        client.route(url, .body(zeroWidth))
        let pipeline = makePipeline(client: client)

        await #expect(throws: ResourceError.malformedImage(url: truncated, reason: "truncated PNG: no complete IEND chunk")) {
            try await pipeline.image(for: truncated, priority: .normal)
        }
        await #expect(throws: ResourceError.malformedImage(url: url, reason: "malformed GIF: zero dimension (0×1)")) {
            try await pipeline.image(for: url, priority: .normal)
        }
        #expect(pipeline.statistics.memoryCount == 0)
    }

    @Test("an oversized body is a tooLarge error (the limit is passed to the client), not cached")
    func oversized() async throws {
        let client = ScriptedHTTPClient()
        client.route(url, .body(SampleImages.png(width: 64, height: 64)))
        let pipeline = makePipeline(client: client, maxResponseBytes: 1_000)
        await #expect(throws: ResourceError.network(.tooLarge(url: url, limit: 1_000))) {
            try await pipeline.image(for: url, priority: .normal)
        }
        #expect(pipeline.statistics.memoryCount == 0)
        #expect(pipeline.statistics.rememberedFailures == 1)
    }

    @Test("every waiting caller gets the same failure")
    func failureSharedByCoalescedCallers() async throws {
        let client = ScriptedHTTPClient()
        client.route(url, .body(Data(), status: 404))
        client.hold(true)
        let pipeline = makePipeline(client: client)
        let tasks = (0..<5).map { _ in Task { try await pipeline.image(for: url, priority: .normal) } }
        await client.waitUntil { $0.held.count == 1 }
        #expect(await eventually { pipeline.statistics.waitingCallers == 5 })
        client.releaseAll()
        for task in tasks {
            await #expect(throws: ResourceError.network(.httpStatus(code: 404, url: url, bodyExcerpt: ""))) { try await task.value }
        }
        #expect(client.snapshot.requests.count == 1)
    }
}
