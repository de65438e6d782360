import Foundation
import HooSets

/// The three ways to extract archives compared by the ZIP benchmarks, on the same files.
/// (ZIPFoundation runs in `zipfoundation-runner`, which times itself: see Package.swift.)
///
/// All three do the same work: every entry is written (our extractor's default skip of macOS
/// metadata is turned off) and every CRC-32 is checked (ZIPFoundation's `skipCRC32` stays
/// `false`; `unzip` always checks). Each run starts from an empty output directory.
enum ZipContenders {
    static func all(archives: [URL], output: URL, limits: ZipLimits) throws -> [Contender] {
        let reset: @Sendable () throws -> Void = {
            try? FileManager.default.removeItem(at: output)
            try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
        }
        @Sendable func destination(_ archive: URL) -> URL {
            output.appendingPathComponent(archive.deletingPathExtension().lastPathComponent, isDirectory: true)
        }
        return [
            .ours("ours (ZipExtractor)", reset: reset) {
                let extractor = ZipExtractor(limits: limits, skip: { _ in false })
                for archive in archives {
                    try extractor.extract(archiveAt: archive, to: destination(archive))
                }
            },
            .selfTimed(
                "ZIPFoundation 0.9.20", [try ChildProcess.sibling("zipfoundation-runner"), output.path] + archives.map(\.path), reset: reset
            ),
            .commands(
                "unzip -q (Info-ZIP)", archives.map { ["unzip", "-q", "-o", $0.path, "-d", destination($0).path] }, idle: ["unzip", "-v"],
                reset: reset),
        ]
    }

    /// Throws unless the three contenders wrote the same files with the same bytes; run once
    /// before timing, so a contender that skips work cannot look fast.
    static func checkSameOutput(archives: [URL], scratch: URL, limits: ZipLimits) async throws {
        var listings: [String: [String: Int]] = [:]
        let output = scratch.appendingPathComponent("check")
        for contender in try all(archives: archives, output: output, limits: limits) {
            try contender.reset()
            switch contender.kind {
            case .inProcess(let work): try await work()
            case .selfTimed(let arguments): _ = try Runner.selfTimed(arguments, warmUp: 0, runs: 1, in: scratch)
            case .commands(let commands):
                for command in commands {
                    let run = try ChildProcess.run(command)
                    if run.status != 0 { throw BenchmarkError("\(command[0]) exited \(run.status)") }
                }
            }
            listings[contender.name] = try files(under: output)
            try? FileManager.default.removeItem(at: output)
        }
        let distinct = Set(listings.values)
        guard distinct.count == 1 else {
            let summary = listings.map { "\($0.key): \($0.value.count) files, \($0.value.values.reduce(0, +)) bytes" }.sorted()
            throw BenchmarkError("the contenders disagree on the extracted files: \(summary.joined(separator: "; "))")
        }
    }

    /// Relative path → size of every regular file under `root`.
    static func files(under root: URL) throws -> [String: Int] {
        var result: [String: Int] = [:]
        guard let walker = FileManager.default.enumerator(atPath: root.path) else { return result }
        while let path = walker.nextObject() as? String {
            if walker.fileAttributes?[.type] as? FileAttributeType == .typeRegular {
                result[path] = (walker.fileAttributes?[.size] as? NSNumber)?.intValue ?? 0
            }
        }
        return result
    }
}
