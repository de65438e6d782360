import Foundation
import TestSupport
import Testing

@testable import SharedNetworking

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The pipeline over the real stack (`URLSessionHTTPClient`, libcurl, TCP) against the loopback
/// server, counting what the server actually receives.
@Suite("Resource pipeline over a loopback server", .timeLimit(.minutes(1)))
struct ResourcePipelineLoopbackTests {
    let photo = SampleImages.jpeg(width: 640, height: 427, exifThumbnail: true)

    /// A URLSession client whose own per-host connection limit is far above K, so that the
    /// pipeline is what limits concurrency.
    static func makeClient() -> URLSessionHTTPClient {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.httpMaximumConnectionsPerHost = 64
        return URLSessionHTTPClient(configuration: configuration)
    }

    func makeLoopbackPipeline(
        directory: URL? = nil,
        clock: any AppClock = ManualClock(now: testEpoch),
        maxConcurrentRequests: Int = 6,
        maxResponseBytes: Int = 10 * 1024 * 1024,
        requestTimeout: Duration = .seconds(30)
    ) -> ResourcePipeline {
        ResourcePipeline(
            configuration: .init(
                httpClient: Self.makeClient(),
                clock: clock,
                diskCacheDirectory: directory,
                maxConcurrentRequests: maxConcurrentRequests,
                maxResponseBytes: maxResponseBytes,
                requestTimeout: requestTimeout,
                urlPolicy: .upgradeInsecure  // loopback stays on http
            )
        )
    }

    @Test("100 concurrent identical requests: the server sees exactly one")
    func hundredCoalesced() async throws {
        let server = try LoopbackHTTPServer()
        defer { server.stop() }
        server.route("/photo.jpg", ScriptedResponse.ok(photo, contentType: "image/jpeg").delayed(by: .milliseconds(300)))
        let pipeline = makeLoopbackPipeline()
        let url = server.url("/photo.jpg")

        let results = try await withThrowingTaskGroup(of: FetchedResource.self) { group in
            for _ in 0..<100 { group.addTask { try await pipeline.image(for: url, priority: .normal) } }
            var results: [FetchedResource] = []
            for try await result in group { results.append(result) }
            return results
        }
        #expect(results.count == 100)
        #expect(results.allSatisfy { $0.data == photo && $0.image?.pixelSize == PixelSize(width: 640, height: 427) })
        #expect(server.requestCount("/photo.jpg") == 1)
    }

    @Test("after a load: memory serves the same pipeline, disk serves a new one; zero server hits")
    func memoryThenDisk() async throws {
        let server = try LoopbackHTTPServer()
        defer { server.stop() }
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        server.route("/logo.png", .ok(SampleImages.png(width: 48, height: 48), contentType: "image/png"))
        let url = server.url("/logo.png")

        let pipeline = makeLoopbackPipeline(directory: directory.url)
        #expect(try await pipeline.image(for: url, priority: .normal).origin == .network)
        #expect(try await pipeline.image(for: url, priority: .normal).origin == .memory)
        #expect(server.totalRequests == 1)

        let restarted = makeLoopbackPipeline(directory: directory.url)
        let fromDisk = try await restarted.image(for: url, priority: .normal)
        #expect(fromDisk.origin == .disk)
        #expect(fromDisk.image?.pixelSize == PixelSize(width: 48, height: 48))
        #expect(server.totalRequests == 1)
    }

    @Test("cancel one of two callers: the other gets the image from the one request")
    func cancelOne() async throws {
        let server = try LoopbackHTTPServer()
        defer { server.stop() }
        // The server holds the response until both callers are waiting (a fixed delay raced
        // the second caller on a loaded machine); the gate is opened on every way out.
        let gate = DispatchSemaphore(value: 0)
        defer { gate.signal() }
        let response = ScriptedResponse.ok(photo, contentType: "image/jpeg")
        server.route("/photo.jpg") { _ in
            gate.wait()
            return response
        }
        let pipeline = makeLoopbackPipeline()
        let url = server.url("/photo.jpg")
        let first = Task { try await pipeline.image(for: url, priority: .normal) }
        let second = Task { try await pipeline.image(for: url, priority: .normal) }
        defer {
            first.cancel()
            second.cancel()
        }
        try #require(await eventually { server.totalRequests == 1 })
        try #require(await eventually { pipeline.statistics.waitingCallers == 2 })
        first.cancel()
        // Let the cancel reach the pipeline before the response does.
        await #expect(throws: ResourceError.cancelled) { try await first.value }
        gate.signal()
        #expect(try await second.value.data == photo)
        #expect(server.totalRequests == 1)
        #expect(server.closedByClientCount == 0)
    }

    @Test("cancel both callers: the server sees the connection closed, nothing is cached")
    func cancelBoth() async throws {
        let server = try LoopbackHTTPServer()
        defer { server.stop() }
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        server.route("/photo.jpg", ScriptedResponse.ok(photo, contentType: "image/jpeg").delayed(by: .seconds(600)))
        let pipeline = makeLoopbackPipeline(directory: directory.url)
        let url = server.url("/photo.jpg")
        let first = Task { try await pipeline.image(for: url, priority: .normal) }
        let second = Task { try await pipeline.image(for: url, priority: .low) }
        try #require(await eventually { server.totalRequests == 1 })
        #expect(await eventually { pipeline.statistics.waitingCallers == 2 })
        first.cancel()
        second.cancel()
        await #expect(throws: ResourceError.cancelled) { try await first.value }
        await #expect(throws: ResourceError.cancelled) { try await second.value }
        try #require(await eventually { server.closedByClientCount == 1 })
        #expect(await eventually { pipeline.statistics.activeRequests == 0 })
        #expect(pipeline.statistics.memoryCount == 0)
        #expect(pipeline.statistics.rememberedFailures == 0)
        #expect(directory.cacheFiles.isEmpty)
    }

    @Test(
        "404, 500, timeout, HTML as 200, truncated and oversized bodies: specific errors, nothing cached, remembered until refresh",
        arguments: ["404", "500", "timeout", "html", "truncated", "oversized"]
    )
    func failures(kind: String) async throws {
        let server = try LoopbackHTTPServer()
        defer { server.stop() }
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let image = SampleImages.png(width: 200, height: 100)
        let response: ScriptedResponse =
            switch kind {
            case "404": .html("<html><body>Not Found</body></html>", status: 404)
            case "500": .status(500, body: "boom")
            case "timeout": ScriptedResponse.ok(image, contentType: "image/png").delayed(by: .seconds(10))
            case "html": .html("<!DOCTYPE html><html><title>Sign in to Wi-Fi</title></html>")
            case "truncated": ScriptedResponse.ok(image, contentType: "image/png").truncated(after: 100)
            default: .ok(image, contentType: "image/png")
            }
        server.route("/image.png", response)
        let pipeline = makeLoopbackPipeline(
            directory: directory.url, maxResponseBytes: kind == "oversized" ? 1_000 : 1_000_000, requestTimeout: .milliseconds(400)
        )
        let url = server.url("/image.png")

        let error = await #expect(throws: ResourceError.self) { try await pipeline.image(for: url, priority: .normal) }
        switch (kind, error) {
        case ("404", .network(.httpStatus(404, _, let excerpt, _))?): #expect(excerpt.contains("Not Found"))
        case ("500", .network(.httpStatus(500, _, _, _))?): break
        case ("timeout", .network(.timedOut)?): break
        case ("html", .notAnImage(_, "an HTML page")?): break
        case ("truncated", .network(.transport)?): break
        case ("oversized", .network(.tooLarge(_, 1_000))?): break
        default: Issue.record("\(kind): unexpected \(String(describing: error))")
        }
        #expect(pipeline.statistics.memoryCount == 0)
        #expect(directory.cacheFiles.isEmpty)

        // Remembered: no second request.
        let requestsAfterFirst = server.totalRequests
        await #expect(throws: ResourceError.self) { try await pipeline.image(for: url, priority: .normal) }
        #expect(server.totalRequests == requestsAfterFirst)

        // Refresh: tried again (and now served).
        server.route("/image.png", .ok(SampleImages.png(width: 20, height: 10), contentType: "image/png"))
        await pipeline.clearFailures()
        let retried = try await pipeline.image(for: url, priority: .normal)
        #expect(retried.origin == .network)
        #expect(retried.image?.pixelSize == PixelSize(width: 20, height: 10))
        #expect(server.totalRequests == requestsAfterFirst + 1)
    }

    @Test("50 distinct URLs against a slow server: never more than K at the server at once")
    func inFlightLimit() async throws {
        let server = try LoopbackHTTPServer()
        defer { server.stop() }
        let image = SampleImages.gif(width: 8, height: 8)
        for index in 0..<50 {
            server.route("/image\(index).gif", ScriptedResponse.ok(image, contentType: "image/gif").delayed(by: .milliseconds(60)))
        }
        let pipeline = makeLoopbackPipeline(maxConcurrentRequests: 4)
        try await withThrowingTaskGroup(of: Void.self) { group in
            for index in 0..<50 {
                group.addTask { _ = try await pipeline.image(for: server.url("/image\(index).gif"), priority: .normal) }
            }
            try await group.waitForAll()
        }
        #expect(server.totalRequests == 50)
        #expect(server.maxConcurrentRequests == 4)
    }
}
