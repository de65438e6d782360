// `ZipExtractor.extract(archiveAt:to:)`: the archive is written to a temporary file and
// extracted into a temporary directory with real files. Never crashes; nothing is ever written
// outside the destination; a failed extraction leaves no destination and no staging directory;
// a successful one holds exactly the files the report counts.
import Foundation
import HooSets

private let limits = ZipLimits(
    maxEntryCount: 256, maxCentralDirectorySize: 64 << 10, maxEntrySize: 4 << 20, maxTotalSize: 8 << 20)

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ bytes: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let root = FuzzScratch.fresh("extract")
    let archiveURL = root.appendingPathComponent("input.zip")
    let parent = root.appendingPathComponent("out", isDirectory: true)
    let destination = parent.appendingPathComponent("set", isDirectory: true)
    do {
        try fuzzData(bytes, size).write(to: archiveURL)
    } catch {
        fatalError("cannot write the fuzz input to \(archiveURL.path): \(error)")
    }
    do {
        let report = try ZipExtractor(limits: limits).extract(archiveAt: archiveURL, to: destination)
        let files = regularFiles(under: destination)
        require(files.count == report.filesWritten, "report says \(report.filesWritten) files, found \(files.count)")
        require(files.reduce(0) { $0 + $1.size } == report.bytesWritten, "bytes written disagree with the report")
    } catch {
        require(isOneLine(error.description), "multi-line error \(error.description.debugDescription)")
        require(!FileManager.default.fileExists(atPath: destination.path), "a failed extraction left \(destination.path)")
    }
    // Nothing but the destination may appear next to it, and nothing next to the archive.
    let siblings = (try? FileManager.default.contentsOfDirectory(atPath: parent.path)) ?? []
    require(siblings.allSatisfy { $0 == "set" }, "left behind in the parent: \(siblings)")
    let top = (try? FileManager.default.contentsOfDirectory(atPath: root.path)) ?? []
    require(Set(top).isSubset(of: ["input.zip", "out"]), "written outside the destination: \(top)")
    return 0
}

/// Regular files under `directory` with their sizes; fails the run on a symbolic link.
private func regularFiles(under directory: URL) -> [(path: String, size: UInt64)] {
    var files: [(String, UInt64)] = []
    guard let walker = FileManager.default.enumerator(atPath: directory.path) else { return files }
    while let relative = walker.nextObject() as? String {
        let attributes = walker.fileAttributes ?? [:]
        let type = attributes[.type] as? FileAttributeType
        require(type != .typeSymbolicLink, "extraction created a symbolic link at \(relative)")
        if type == .typeRegular {
            files.append((relative, (attributes[.size] as? NSNumber)?.uint64Value ?? 0))
        }
    }
    return files
}
