import Foundation
import HooSets

/// A generated ~200 MB archive: 8,000 small files and four 64 MiB deflated files.
struct LargeArchiveExtractionBenchmark: Benchmark {
    let name = "zip-large"
    let title = "extract a generated ~200 MB archive (8,000 small text files, four 64 MiB deflated files)"
    let runs = 5

    func prepare(in directory: URL, scale: Scale) async throws -> String {
        let generator = scale == .full ? ArchiveGenerator.full : .smoke
        let archive = try generator.write(in: directory)
        try await ZipContenders.checkSameOutput(archives: [archive], scratch: directory, limits: .standard)
        let zip = try ZipArchive(contentsOf: archive)
        let expanded = zip.entries.reduce(0) { $0 + Int($1.uncompressedSize) }
        let size = (try? archive.resourceValues(forKeys: [.fileSizeKey]).fileSize) ?? 0
        return "\(formatBytes(size)) archive, \(zip.entries.count) entries, \(formatBytes(expanded)) expanded"
    }

    func contenders(in directory: URL, scale: Scale) throws -> [Contender] {
        try ZipContenders.all(
            archives: [directory.appendingPathComponent("large.zip")], output: directory.appendingPathComponent("out"), limits: .standard)
    }
}
