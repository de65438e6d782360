import Foundation

/// A ZIP archive opened for reading: its central directory parsed and checked, its entries'
/// data read on demand, in bounded chunks, from memory or from a file.
///
/// Format coverage (details in `Docs/HooSets.md`, "Format coverage"): Stored and Deflate; data descriptors (with or
/// without their signature); ZIP64 (end records and extra fields); a trailing archive comment;
/// UTF-8, Unicode Path and CP437 names. Refused with a specific ``ZipError``: split archives,
/// encryption, other methods, patched data, overlapping entries, and anything that breaks the
/// ``ZipLimits``.
///
/// ```swift
/// func checksum(of url: URL) throws(ZipError) -> UInt32 {
///     let archive = try ZipArchive(contentsOf: url)
///     var crc = CRC32()
///     for entry in archive.entries where entry.kind == .file {
///         try archive.read(entry) { chunk in crc.update(chunk) }   // streamed, CRC-checked
///     }
///     return crc.value
/// }
/// ```
public struct ZipArchive: Sendable {
    /// Where the archive's bytes are read from (a file, or memory).
    public let source: any ZipByteSource
    /// The bounds every read is checked against.
    public let limits: ZipLimits
    /// Entries in central-directory order.
    public let entries: [ZipEntry]
    /// Whether the archive uses ZIP64 end records.
    public let isZip64: Bool
    /// Entry data (and local headers) must end before this offset.
    let dataLimit: UInt64

    /// Parses the central directory of `source`. Reads only its end and its directory.
    public init(source: any ZipByteSource, limits: ZipLimits = .standard) throws(ZipError) {
        let location = try CentralDirectory.locate(in: source, limits: limits)
        let entries = try CentralDirectory.entries(in: source, at: location)
        try Self.checkNoOverlap(entries, dataLimit: location.dataLimit)
        self.source = source
        self.limits = limits
        self.entries = entries
        self.isZip64 = location.isZip64
        self.dataLimit = location.dataLimit
    }

    /// An archive held in memory (a fuzzer's input, a small download).
    public init(data: Data, name: String = "archive", limits: ZipLimits = .standard) throws(ZipError) {
        try self.init(source: ZipMemorySource(data, name: name), limits: limits)
    }

    /// An archive on disk, read with positional reads as needed.
    public init(contentsOf url: URL, limits: ZipLimits = .standard) throws(ZipError) {
        try self.init(source: try ZipFileSource(url: url), limits: limits)
    }

    /// The first entry whose decoded name is `path`.
    public func entry(named path: String) -> ZipEntry? {
        entries.first { $0.path == path }
    }

    /// The default size of the chunks read from the archive and handed to `consume`.
    public static let defaultChunkSize = 64 * 1024

    /// Streams the expanded bytes of `entry` to `consume` in chunks of at most `chunkSize`.
    ///
    /// Checks, in order: encryption and method, the ``ZipLimits``, the local header against
    /// the central directory (name, method, flags, sizes, CRC), the data descriptor, then while
    /// streaming the expanded size, and at the end the CRC-32. A failure may come after some
    /// chunks were consumed: callers that write must discard what they wrote (the extractor
    /// writes into a staging directory for that reason).
    public func read(
        _ entry: ZipEntry,
        chunkSize: Int = ZipArchive.defaultChunkSize,
        _ consume: (UnsafeRawBufferPointer) throws(ZipError) -> Void
    ) throws(ZipError) {
        if entry.isEncrypted { throw .encrypted(entry: entry.path) }
        guard entry.method == ZipFormat.Method.stored || entry.method == ZipFormat.Method.deflate else {
            throw .unsupportedMethod(entry: entry.path, method: entry.method)
        }
        try limits.check(entry)
        let dataStart = try LocalHeader.validate(entry, in: source, dataLimit: dataLimit)
        try EntryStream(entry: entry, source: source, dataStart: dataStart, chunkSize: max(512, chunkSize)).run(consume)
    }

    /// The expanded bytes of `entry`, in memory (bounded by ``ZipLimits/maxEntrySize``).
    public func data(for entry: ZipEntry) throws(ZipError) -> Data {
        var data = Data()
        data.reserveCapacity(Int(min(entry.uncompressedSize, 1 << 20)))
        try read(entry) { chunk in data.append(contentsOf: chunk) }
        return data
    }

    /// Reads every entry to the end and checks its CRC, like `unzip -t`.
    public func verify() throws(ZipError) {
        for entry in entries where entry.compressedSize > 0 || entry.kind == .file {
            try read(entry) { _ in }
        }
    }

    /// Entries' minimal extents (local header, name, data) must not overlap each other or the
    /// central directory: overlapping entries are how "non-recursive" zip bombs expand.
    static func checkNoOverlap(_ entries: [ZipEntry], dataLimit: UInt64) throws(ZipError) {
        let sorted = entries.sorted { $0.localHeaderOffset < $1.localHeaderOffset }
        for (position, entry) in sorted.enumerated() {
            let header = UInt64(ZipFormat.localHeaderSize + entry.rawName.count)
            let (end, overflow) = entry.localHeaderOffset.addingReportingOverflow(header + entry.compressedSize)
            if position + 1 < sorted.count {
                let next = sorted[position + 1]
                if overflow || end > next.localHeaderOffset {
                    throw .overlappingEntries(entry.path, next.path)
                }
            } else if overflow || end > dataLimit {
                throw .overlappingEntries(entry.path, "the central directory")
            }
        }
    }
}
