import Foundation
import TestSupport
import Testing

@testable import SharedNetworking

@Suite("Resource pipeline: caching", .timeLimit(.minutes(1)))
struct ResourcePipelineCachingTests {
    let logo = SampleImages.png(width: 64, height: 48)

    @Test("a second request is a memory hit: no new fetch, same bytes, header facts kept")
    func memoryHit() async throws {
        let client = ScriptedHTTPClient()
        client.route(imageURL("logo.png"), .body(logo))
        let pipeline = makePipeline(client: client)
        #expect(pipeline.cachedImage(for: imageURL("logo.png")) == nil)

        let first = try await pipeline.image(for: imageURL("logo.png"), priority: .normal)
        let second = try await pipeline.image(for: imageURL("logo.png"), priority: .normal)

        #expect(first.origin == .network)
        #expect(second.origin == .memory)
        #expect(second.data == logo)
        #expect(second.image == ImageInfo(format: .png, pixelSize: PixelSize(width: 64, height: 48)))
        #expect(client.snapshot.requests.count == 1)
        #expect(pipeline.cachedImage(for: imageURL("logo.png"))?.data == logo)
    }

    @Test("the request asks for images with the configured size limit and timeout")
    func requestShape() async throws {
        let client = ScriptedHTTPClient()
        client.route(imageURL("logo.png"), .body(logo))
        let pipeline = makePipeline(client: client, maxResponseBytes: 123_456)
        _ = try await pipeline.image(for: imageURL("logo.png"), priority: .normal)
        let request = try #require(client.snapshot.requests.first)
        #expect(request.maxResponseBytes == 123_456)
        #expect(request.timeout == .seconds(30))
        #expect(request.headers["Accept"]?.hasPrefix("image/") == true)
    }

    @Test("a new pipeline on the same directory serves from disk without fetching")
    func diskSurvivesRestart() async throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let client = ScriptedHTTPClient()
        client.route(imageURL("logo.png"), .body(logo))
        _ = try await makePipeline(client: client, directory: directory.url).image(for: imageURL("logo.png"), priority: .normal)
        #expect(directory.cacheFiles.count == 1)

        let restarted = makePipeline(client: client, directory: directory.url)
        let fromDisk = try await restarted.image(for: imageURL("logo.png"), priority: .normal)
        let fromMemory = try await restarted.image(for: imageURL("logo.png"), priority: .normal)
        #expect(fromDisk.origin == .disk)
        #expect(fromDisk.data == logo)
        #expect(fromDisk.image?.pixelSize == PixelSize(width: 64, height: 48))
        #expect(fromMemory.origin == .memory)
        #expect(client.snapshot.requests.count == 1)
    }

    @Test("a corrupt disk file is a miss: fetched again and replaced")
    func corruptDiskFile() async throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let client = ScriptedHTTPClient()
        client.route(imageURL("logo.png"), .body(logo))
        _ = try await makePipeline(client: client, directory: directory.url).image(for: imageURL("logo.png"), priority: .normal)
        let file = try #require(directory.cacheFiles.first)
        var bytes = try Data(contentsOf: file)
        bytes[bytes.count / 2] ^= 0xFF
        try bytes.write(to: file)

        let restarted = makePipeline(client: client, directory: directory.url)
        let refetched = try await restarted.image(for: imageURL("logo.png"), priority: .normal)
        #expect(refetched.origin == .network)
        #expect(refetched.data == logo)
        #expect(client.snapshot.requests.count == 2)
        // The replacement is intact: a third instance reads it from disk.
        let third = try await makePipeline(client: client, directory: directory.url).image(for: imageURL("logo.png"), priority: .normal)
        #expect(third.origin == .disk)
    }

    @Test("memory over its count limit drops the least recently used image, which then comes from disk")
    func memoryLRUThroughPipeline() async throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let client = ScriptedHTTPClient()
        for name in ["a", "b", "c"] { client.route(imageURL(name), .body(SampleImages.png(width: 8, height: 8))) }
        let pipeline = makePipeline(client: client, directory: directory.url, memoryCountLimit: 2)
        for name in ["a", "b"] { _ = try await pipeline.image(for: imageURL(name), priority: .normal) }
        _ = try await pipeline.image(for: imageURL("a"), priority: .normal)  // a is now more recent than b
        _ = try await pipeline.image(for: imageURL("c"), priority: .normal)  // evicts b

        #expect(pipeline.cachedImage(for: imageURL("b")) == nil)
        #expect(try await pipeline.image(for: imageURL("a"), priority: .normal).origin == .memory)
        #expect(try await pipeline.image(for: imageURL("b"), priority: .normal).origin == .disk)
        #expect(client.snapshot.requests.count == 3)
    }

    @Test("memory over its cost limit keeps only the most recent images that fit")
    func memoryCostThroughPipeline() async throws {
        let client = ScriptedHTTPClient()
        let image = SampleImages.png(width: 32, height: 32)
        let names = (0..<6).map { "image\($0).png" }
        for name in names { client.route(imageURL(name), .body(image)) }
        let limit = image.count * 9 / 2  // room for four and a half
        let pipeline = makePipeline(client: client, memoryCostLimit: limit)
        for name in names { _ = try await pipeline.image(for: imageURL(name), priority: .normal) }
        #expect(pipeline.statistics.memoryCount == 4)
        #expect(pipeline.statistics.memoryCost == image.count * 4)
        #expect(names.map { pipeline.cachedImage(for: imageURL($0)) != nil } == [false, false, true, true, true, true])
    }

    @Test("the disk limit removes the least recently used files")
    func diskLimitThroughPipeline() async throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let clock = ManualClock(now: testEpoch)
        let client = ScriptedHTTPClient()
        let image = SampleImages.png(width: 16, height: 16)
        for name in ["a", "b", "c", "d"] { client.route(imageURL(name), .body(image)) }
        // An entry's file: the image and its HTTP metadata (no headers here; dates of the same length).
        let metadata = try #require(
            HTTPCacheEntryMetadata.encode(
                HTTPCacheEntry(url: imageURL("a"), status: 200, headers: [:], body: image, requestedAt: testEpoch, receivedAt: testEpoch)))
        let entry = DiskCacheFile.encode(image, metadata: metadata, key: imageURL("a").absoluteString).count
        let pipeline = makePipeline(client: client, clock: clock, directory: directory.url, diskSizeLimit: entry * 3)
        for name in ["a", "b", "c", "d"] {
            _ = try await pipeline.image(for: imageURL(name), priority: .normal)
            clock.advance(by: .seconds(60))
        }
        #expect(directory.cacheFiles.count == 3)
        #expect(
            !FileManager.default.fileExists(
                atPath: DiskCache(directory: directory.url, sizeLimit: 0, clock: clock).fileURL(forKey: imageURL("a").absoluteString).path))

        pipeline.clearMemoryCache()
        #expect(try await pipeline.image(for: imageURL("b"), priority: .normal).origin == .disk)
        #expect(try await pipeline.image(for: imageURL("a"), priority: .normal).origin == .network)
    }

    @Test("http URLs are fetched as https under the default policy; the caller's URL is kept in the result")
    func policyUpgrade() async throws {
        let client = ScriptedHTTPClient()
        let secure = URL(string: "https://images.example.com/p.png")!
        client.route(secure, .body(logo))
        let pipeline = makePipeline(client: client, urlPolicy: .upgradeInsecure)
        let insecure = URL(string: "http://images.example.com/p.png")!
        let result = try await pipeline.image(for: insecure, priority: .normal)
        #expect(result.url == insecure)
        #expect(client.snapshot.requestedURLs == [secure])
        // Both spellings share the cache entry.
        #expect(try await pipeline.image(for: secure, priority: .normal).origin == .memory)
    }

    @Test("a blocked URL fails without a request")
    func blocked() async {
        let client = ScriptedHTTPClient()
        let pipeline = makePipeline(client: client)
        await #expect(throws: ResourceError.self) {
            try await pipeline.image(for: URL(string: "file:///etc/hosts")!, priority: .normal)
        }
        #expect(client.snapshot.requests.isEmpty)
    }

    @Test("data(for:) returns any bytes; the same URL as an image is then refused without a fetch")
    func dataAndImageKinds() async throws {
        let client = ScriptedHTTPClient()
        let url = imageURL("notes.txt")
        client.route(url, .body(Data("plain text".utf8)))
        let pipeline = makePipeline(client: client)
        let data = try await pipeline.data(for: url, priority: .normal)
        #expect(data.data == Data("plain text".utf8))
        #expect(data.image == nil)
        await #expect(throws: ResourceError.notAnImage(url: url, detected: "text \"plain text\"")) {
            try await pipeline.image(for: url, priority: .normal)
        }
        #expect(client.snapshot.requests.count == 1)
    }

    @Test("removeAllCachedResources empties memory and disk")
    func removeAll() async throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let client = ScriptedHTTPClient()
        client.route(imageURL("logo.png"), .body(logo))
        let pipeline = makePipeline(client: client, directory: directory.url)
        _ = try await pipeline.image(for: imageURL("logo.png"), priority: .normal)
        pipeline.removeAllCachedResources()
        #expect(pipeline.statistics.memoryCount == 0)
        #expect(pipeline.statistics.diskCount == 0)
        #expect(try await pipeline.image(for: imageURL("logo.png"), priority: .normal).origin == .network)
    }
}
