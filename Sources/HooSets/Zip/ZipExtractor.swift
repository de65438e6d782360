import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What an extraction did.
public struct ZipExtractionReport: Sendable, Hashable {
    /// The directory that now holds the archive's content.
    public var destination: URL
    /// Files written.
    public var filesWritten: Int
    /// Directories created.
    public var directoriesCreated: Int
    /// Uncompressed bytes written.
    public var bytesWritten: UInt64
    /// Entries the skip rule left out (`__MACOSX/…`, `._*`, `.DS_Store` by default).
    public var skipped: [String]
}

/// Extracts an archive into a directory, safely and atomically.
///
/// 1. The whole archive is validated first (``ZipExtractionPlan``): nothing is written for a
///    hostile archive.
/// 2. Entries are streamed into a staging directory next to the destination
///    (`.<name>.partial-<UUID>`), each chunk written as it is expanded.
/// 3. One `rename` moves the staging directory to the destination (an existing destination is
///    moved aside first and removed after). A failure at any step removes the staging
///    directory; a crash leaves only a `.partial-` directory, which the next extraction to the
///    same destination removes. So a directory at `destination` is always complete.
///
/// Only one extraction per destination should run at a time.
public struct ZipExtractor: Sendable {
    /// Size, ratio and count bounds checked before and while writing.
    public var limits: ZipLimits
    /// Creates the directories and files (real ones unless a test injects another).
    public var writer: any ZipFileWriter
    /// Entries for which this returns `true` are validated but not written.
    public var skip: @Sendable (ZipPath) -> Bool
    /// The size of the chunks streamed from the archive to each file.
    public var chunkSize: Int

    /// An extractor; the defaults write real files, skip macOS metadata and read 64 KiB at a time.
    public init(
        limits: ZipLimits = .standard,
        writer: any ZipFileWriter = POSIXFileWriter(),
        skip: @escaping @Sendable (ZipPath) -> Bool = ZipExtractor.isAppleMetadata,
        chunkSize: Int = ZipArchive.defaultChunkSize
    ) {
        self.limits = limits
        self.writer = writer
        self.skip = skip
        self.chunkSize = chunkSize
    }

    /// macOS metadata that is never content: `__MACOSX/…`, AppleDouble `._name`, `.DS_Store`.
    @Sendable
    public static func isAppleMetadata(_ path: ZipPath) -> Bool {
        guard let first = path.components.first, let last = path.components.last else { return false }
        return first == "__MACOSX" || last.hasPrefix("._") || last == ".DS_Store"
    }

    /// Opens the archive at `url` (read with positional reads, never whole) and extracts it.
    @discardableResult
    public func extract(
        archiveAt url: URL, to destination: URL, beforeCommit: (URL) throws(ZipError) -> Void = { _ in }
    ) throws(ZipError) -> ZipExtractionReport {
        try extract(ZipArchive(contentsOf: url, limits: limits), to: destination, beforeCommit: beforeCommit)
    }

    /// Extracts `archive` to `destination`, replacing what is there only once everything
    /// succeeded. `beforeCommit` may add files (a manifest) to the staging directory so that
    /// they appear together with the content.
    @discardableResult
    public func extract(
        _ archive: ZipArchive, to destination: URL, beforeCommit: (URL) throws(ZipError) -> Void = { _ in }
    ) throws(ZipError) -> ZipExtractionReport {
        let plan = try ZipExtractionPlan(archive: archive, skip: skip)
        let parent = destination.deletingLastPathComponent()
        let name = destination.lastPathComponent
        try writer.createDirectory(at: parent)
        Self.removeLeftovers(of: name, in: parent)
        let staging = parent.appendingPathComponent(".\(name).partial-\(UUID().uuidString)", isDirectory: true)
        do throws(ZipError) {
            try writer.createDirectory(at: staging)
            var report = try write(plan, of: archive, into: staging)
            try beforeCommit(staging)
            try Self.commit(staging, to: destination)
            report.destination = destination
            return report
        } catch {
            try? FileManager.default.removeItem(at: staging)
            throw error
        }
    }

    private func write(_ plan: ZipExtractionPlan, of archive: ZipArchive, into staging: URL) throws(ZipError) -> ZipExtractionReport {
        var report = ZipExtractionReport(destination: staging, filesWritten: 0, directoriesCreated: 0, bytesWritten: 0, skipped: [])
        var created: Set<[String]> = [[]]
        func ensureDirectory(_ components: [String]) throws(ZipError) {
            guard !created.contains(components) else { return }
            try writer.createDirectory(at: Self.url(components, in: staging))
            for length in 1...components.count where created.insert(Array(components.prefix(length))).inserted {
                report.directoriesCreated += 1
            }
        }
        for item in plan.items {
            if Task.isCancelled { throw .cancelled }
            if item.skipped {
                report.skipped.append(item.entry.path)
                continue
            }
            let components = item.path.components
            if item.entry.kind == .directory {
                try ensureDirectory(components)
                continue
            }
            try ensureDirectory(Array(components.dropLast()))
            let file = try writer.createFile(at: Self.url(components, in: staging))
            do throws(ZipError) {
                try archive.read(item.entry, chunkSize: chunkSize) { chunk throws(ZipError) in try file.write(chunk) }
                try file.close()
            } catch {
                try? file.close()
                throw error
            }
            report.filesWritten += 1
            report.bytesWritten += item.entry.uncompressedSize
        }
        return report
    }

    static func url(_ components: [String], in root: URL) -> URL {
        components.reduce(root) { $0.appendingPathComponent($1) }
    }

    /// Moves `staging` to `destination` with one rename; an existing destination is moved
    /// aside first and restored if the rename fails.
    static func commit(_ staging: URL, to destination: URL) throws(ZipError) {
        var info = stat()
        let exists = lstat(destination.path, &info) == 0
        var aside: URL?
        if exists {
            let previous = destination.deletingLastPathComponent()
                .appendingPathComponent(".\(destination.lastPathComponent).previous-\(UUID().uuidString)")
            guard rename(destination.path, previous.path) == 0 else {
                throw .writeFailed(path: destination.path, reason: "cannot move the previous extraction aside: \(POSIXFailure.message())")
            }
            aside = previous
        }
        guard rename(staging.path, destination.path) == 0 else {
            let reason = POSIXFailure.message()
            if let aside { _ = rename(aside.path, destination.path) }
            throw .writeFailed(path: destination.path, reason: reason)
        }
        if let aside { try? FileManager.default.removeItem(at: aside) }
    }

    /// Removes staging and set-aside directories left by a crashed extraction.
    static func removeLeftovers(of name: String, in parent: URL) {
        guard let siblings = try? FileManager.default.contentsOfDirectory(atPath: parent.path) else { return }
        for sibling in siblings where sibling.hasPrefix(".\(name).partial-") || sibling.hasPrefix(".\(name).previous-") {
            try? FileManager.default.removeItem(at: parent.appendingPathComponent(sibling))
        }
    }
}
