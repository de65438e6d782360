import Foundation
import HooSets

/// The nine real Hoo set archives bundled with HooSets, extracted one after the other.
struct HooSetsExtractionBenchmark: Benchmark {
    let name = "zip-hoosets"
    let title = "extract the nine bundled Hoo set archives (real Archive Utility zips)"
    let runs = 15

    func prepare(in directory: URL, scale: Scale) async throws -> String {
        let bundled = try HooSetsResources.setsDirectory()
        let archives = directory.appendingPathComponent("archives", isDirectory: true)
        try FileManager.default.copyItem(at: bundled, to: archives)
        let urls = Self.archives(in: directory)
        try await ZipContenders.checkSameOutput(archives: urls, scratch: directory, limits: .standard)
        let entries = try urls.reduce(0) { $0 + (try ZipArchive(contentsOf: $1).entries.count) }
        let bytes = urls.reduce(0) { $0 + ((try? $1.resourceValues(forKeys: [.fileSizeKey]).fileSize) ?? 0) }
        return "\(urls.count) archives, \(formatBytes(bytes)), \(entries) entries"
    }

    func contenders(in directory: URL, scale: Scale) throws -> [Contender] {
        try ZipContenders.all(archives: Self.archives(in: directory), output: directory.appendingPathComponent("out"), limits: .standard)
    }

    static func archives(in directory: URL) -> [URL] {
        let folder = directory.appendingPathComponent("archives", isDirectory: true)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.hasSuffix(".zip") }.sorted().map { folder.appendingPathComponent($0) }
    }
}
