import Foundation
import LoopbackServer
import SharedNetworking

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The image pipeline against the package's loopback HTTP/1.1 server (Tests/TestSupport, linked
/// into this package as the `LoopbackServer` target through a symbolic link, so the benchmark and
/// the tests use the same server). The peer is what a view does without a pipeline: the same
/// `URLSessionHTTPClient`, one request per image, no cache, no coalescing.
enum PipelineBenchmarks {
    static func all() -> [any Benchmark] {
        [ImagesBenchmark(), CoalescingBenchmark(), MemoryHitBenchmark()]
    }

    /// A server answering `/img/<n>.png` with a small PNG of its own size.
    static func server(images: Int) throws -> LoopbackHTTPServer {
        let server = try LoopbackHTTPServer()
        for index in 0..<images {
            server.route("/img/\(index).png", .ok(SamplePNG.make(width: 16 + index % 64, height: 16), contentType: "image/png"))
        }
        return server
    }

    static func client() -> URLSessionHTTPClient {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.httpMaximumConnectionsPerHost = 6
        return URLSessionHTTPClient(configuration: configuration)
    }

    static func pipeline(client: URLSessionHTTPClient, disk: URL?) -> ResourcePipeline {
        ResourcePipeline(
            configuration: .init(
                httpClient: client, clock: SystemClock(), diskCacheDirectory: disk, memoryCostLimit: 256 << 20, memoryCountLimit: 5_000,
                urlPolicy: .permissive))
    }

    /// Loads every URL, at most `width` at a time.
    static func loadAll(_ urls: [URL], width: Int = 6, _ load: @escaping @Sendable (URL) async throws -> Void) async throws {
        try await withThrowingTaskGroup(of: Void.self) { group in
            var next = 0
            while next < min(width, urls.count) {
                let url = urls[next]
                group.addTask { try await load(url) }
                next += 1
            }
            while try await group.next() != nil, next < urls.count {
                let url = urls[next]
                group.addTask { try await load(url) }
                next += 1
            }
            try await group.waitForAll()
        }
    }
}

/// Holds the server, client and pipelines of a benchmark for the life of the process.
final class PipelineRig: @unchecked Sendable {
    let server: LoopbackHTTPServer
    let client: URLSessionHTTPClient
    let urls: [URL]
    let disk: URL
    private(set) var pipeline: ResourcePipeline

    init(images: Int, directory: URL) throws {
        let server = try PipelineBenchmarks.server(images: images)
        self.server = server
        client = PipelineBenchmarks.client()
        urls = (0..<images).map { server.url("/img/\($0).png") }
        disk = directory.appendingPathComponent("disk-cache-\(UUID().uuidString.prefix(8))", isDirectory: true)
        pipeline = PipelineBenchmarks.pipeline(client: client, disk: disk)
    }

    /// A new pipeline over the same disk cache (an app relaunch: memory empty, disk warm).
    func relaunch() { pipeline = PipelineBenchmarks.pipeline(client: client, disk: disk) }

    /// A new pipeline with nothing cached at all.
    func wipe() {
        try? FileManager.default.removeItem(at: disk)
        relaunch()
    }
}

struct ImagesBenchmark: Benchmark {
    let name = "pipeline-images"
    let title = "1,000 images from the loopback server, 6 at a time: cold, warm (disk), hot (memory) vs URLSession alone"
    let runs = 5

    static func count(_ scale: Scale) -> Int { scale == .full ? 1_000 : 20 }

    func prepare(in directory: URL, scale: Scale) async throws -> String {
        "\(Self.count(scale)) PNGs of 200-600 bytes; memory cache 256 MB, disk cache in \(directory.lastPathComponent)"
    }

    func contenders(in directory: URL, scale: Scale) throws -> [Contender] {
        let rig = try PipelineRig(images: Self.count(scale), directory: directory)
        let image: @Sendable (URL) async throws -> Void = { url in _ = try await rig.pipeline.image(for: url) }
        let wipe: @Sendable () -> Void = { rig.wipe() }
        let relaunch: @Sendable () -> Void = { rig.relaunch() }
        var warm = Contender.ours("ours, warm: new pipeline, disk cache filled", reset: relaunch) {
            try await PipelineBenchmarks.loadAll(rig.urls, image)
        }
        warm.hasRatio = false
        // A child process builds its own rig (new server, empty caches): its peak would be the
        // cold run's again, so warm and hot rows show no memory figure rather than a wrong one.
        warm.measuresMemory = false
        var hot = Contender.ours("ours, hot: memory cache filled") { try await PipelineBenchmarks.loadAll(rig.urls, image) }
        hot.hasRatio = false
        hot.measuresMemory = false
        return [
            .ours("ours, cold: nothing cached", reset: wipe) { try await PipelineBenchmarks.loadAll(rig.urls, image) },
            .peer("URLSessionHTTPClient alone (no cache)") {
                try await PipelineBenchmarks.loadAll(rig.urls) { url in _ = try await rig.client.send(HTTPRequest(url: url)) }
            },
            warm,
            hot,
        ]
    }
}

struct CoalescingBenchmark: Benchmark {
    let name = "pipeline-coalescing"
    let title = "100 concurrent requests for one image: one download shared vs 100 URLSession requests"
    let runs = 9

    func prepare(in directory: URL, scale: Scale) async throws -> String { "100 callers at once, one 1 kB PNG, empty caches each run" }

    func contenders(in directory: URL, scale: Scale) throws -> [Contender] {
        let rig = try PipelineRig(images: 1, directory: directory)
        let url = rig.urls[0]
        let wipe: @Sendable () -> Void = { rig.wipe() }
        return [
            .ours("ours: ResourcePipeline (coalesced)", reset: wipe) {
                try await withThrowingTaskGroup(of: Void.self) { group in
                    for _ in 0..<100 { group.addTask { _ = try await rig.pipeline.image(for: url) } }
                    try await group.waitForAll()
                }
            },
            .peer("URLSessionHTTPClient, 100 requests") {
                try await withThrowingTaskGroup(of: Void.self) { group in
                    for _ in 0..<100 { group.addTask { _ = try await rig.client.send(HTTPRequest(url: url)) } }
                    try await group.waitForAll()
                }
            },
        ]
    }
}

struct MemoryHitBenchmark: Benchmark {
    let name = "pipeline-memory-hit"
    let title = "10,000 image(for:) calls that hit the memory cache (the cost of a cell asking for a cached image)"
    let runs = 9

    func prepare(in directory: URL, scale: Scale) async throws -> String { "one cached PNG; divide by 10,000 for one hit" }

    func contenders(in directory: URL, scale: Scale) throws -> [Contender] {
        let rig = try PipelineRig(images: 1, directory: directory)
        let url = rig.urls[0]
        let cache = CacheBox()
        cache.cache.setObject(NSData(data: SamplePNG.make(width: 16, height: 16)), forKey: url.absoluteString as NSString)
        let key = url.absoluteString
        return [
            .ours("ours: image(for:) memory hit") {
                _ = try await rig.pipeline.image(for: url)  // the first call loads; the rest hit
                for _ in 0..<10_000 { _ = try await rig.pipeline.image(for: url) }
            },
            .peer("floor: NSCache lookup") {
                for _ in 0..<10_000 { _ = cache.cache.object(forKey: key as NSString) }
            },
        ]
    }
}

/// NSCache is thread-safe but not marked `Sendable` on Linux.
final class CacheBox: @unchecked Sendable {
    let cache = NSCache<NSString, NSData>()
}
