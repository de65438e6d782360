import Foundation
import Testing

@testable import SharedNetworking

/// A fresh directory under the system's temporary directory, removed by `remove()`.
struct TemporaryDirectory {
    let url: URL

    init() {
        url = URL(fileURLWithPath: NSTemporaryDirectory(), isDirectory: true)
            .appendingPathComponent("pipeline-tests-\(UUID().uuidString)", isDirectory: true)
    }

    func remove() {
        try? FileManager.default.removeItem(at: url)
    }

    /// Cache files (not temporary files) currently in the directory.
    var cacheFiles: [URL] {
        let files = (try? FileManager.default.contentsOfDirectory(at: url, includingPropertiesForKeys: nil)) ?? []
        return files.filter { DiskIndex.isCacheFileName($0.lastPathComponent) }
    }
}

/// A fixed starting instant for manual clocks.
let testEpoch = Date(timeIntervalSince1970: 1_700_000_000)

func makePipeline(
    client: any HTTPClient,
    clock: any AppClock = ManualClock(now: testEpoch),
    directory: URL? = nil,
    maxConcurrentRequests: Int = 6,
    memoryCostLimit: Int = 32 * 1024 * 1024,
    memoryCountLimit: Int = 500,
    diskSizeLimit: Int = 150 * 1024 * 1024,
    maxResponseBytes: Int = 10 * 1024 * 1024,
    urlPolicy: URLPolicy = .permissive,
    maxDecodedPixels: Int = 50_000_000
) -> ResourcePipeline {
    ResourcePipeline(
        configuration: .init(
            httpClient: client,
            clock: clock,
            diskCacheDirectory: directory,
            memoryCostLimit: memoryCostLimit,
            memoryCountLimit: memoryCountLimit,
            diskSizeLimit: diskSizeLimit,
            maxConcurrentRequests: maxConcurrentRequests,
            maxResponseBytes: maxResponseBytes,
            urlPolicy: urlPolicy,
            maxDecodedPixels: maxDecodedPixels
        )
    )
}

func imageURL(_ name: String) -> URL {
    URL(string: "https://images.example.com/\(name)")!
}

/// The package's HooSets artwork (real PNGs exported by a design tool).
func artworkPNG(_ name: String) throws -> Data {
    let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
    return try Data(contentsOf: root.appendingPathComponent("Sources/HooSets/Resources/Artwork/\(name)"))
}
