// `ZipArchive(data:)` over bytes in memory: the central directory, every entry's data (streamed
// and CRC-checked) and the extraction plan. Never crashes, never allocates past the limits;
// what it returns is consistent with what the central directory declared.
import Foundation
import HooSets

/// Small limits so that a 4 KiB input cannot make the target spend its time inflating.
private let limits = ZipLimits(
    maxEntryCount: 256, maxCentralDirectorySize: 64 << 10, maxEntrySize: 4 << 20, maxTotalSize: 8 << 20)

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ bytes: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let data = fuzzData(bytes, size)
    let archive: ZipArchive
    do {
        archive = try ZipArchive(data: data, name: "fuzz.zip", limits: limits)
    } catch {
        require(isOneLine(error.description), "multi-line error \(error.description.debugDescription)")
        return 0
    }
    require(archive.entries.count <= limits.maxEntryCount, "\(archive.entries.count) entries past the limit")
    for entry in archive.entries {
        do {
            var streamed: UInt64 = 0
            try archive.read(entry, chunkSize: 512) { chunk in
                require(chunk.count <= 512, "a chunk of \(chunk.count) bytes, asked for 512")
                streamed += UInt64(chunk.count)
            }
            require(streamed == entry.uncompressedSize, "\(entry.path): read \(streamed) bytes, declared \(entry.uncompressedSize)")
            let whole = try archive.data(for: entry)
            require(UInt64(whole.count) == entry.uncompressedSize, "\(entry.path): data(for:) disagrees with read")
        } catch {
            require(isOneLine(error.description), "multi-line error \(error.description.debugDescription)")
        }
    }
    do {
        let plan = try ZipExtractionPlan(archive: archive)
        for item in plan.items {
            let components = item.path.components
            require(!components.isEmpty, "\(item.entry.path.debugDescription): empty safe path")
            require(
                !components.contains { $0.isEmpty || $0 == "." || $0 == ".." || $0.contains("/") || $0.contains("\0") },
                "\(item.entry.path.debugDescription): unsafe component in \(components)")
        }
        require(plan.totalSize <= limits.maxTotalSize, "the plan writes \(plan.totalSize) bytes, past the limit")
    } catch {
        require(isOneLine(error.description), "multi-line error \(error.description.debugDescription)")
    }
    return 0
}
