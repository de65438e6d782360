/// The bounds every archive must stay within, checked before anything is written.
///
/// Every length and offset in a ZIP file is attacker-controlled; these limits turn "how much
/// memory and disk may this archive make us use" into configuration rather than luck.
public struct ZipLimits: Sendable, Hashable, Codable {
    /// Entries in the central directory (checked against the declared count before parsing).
    public var maxEntryCount: Int
    /// Bytes of central directory read into memory.
    public var maxCentralDirectorySize: Int
    /// Uncompressed bytes of one entry.
    public var maxEntrySize: UInt64
    /// Uncompressed bytes of all entries together.
    public var maxTotalSize: UInt64
    /// Uncompressed ÷ compressed size above which an entry is treated as a zip bomb…
    public var maxCompressionRatio: Int
    /// …once it expands to more than this many bytes (small files compress well legitimately:
    /// a 6 KiB `.DS_Store` of zeros compresses 35 times).
    public var compressionRatioThreshold: UInt64

    /// Limits; the defaults suit archives from strangers (10,000 entries, 16 MiB of central
    /// directory, 256 MiB per entry, 1 GiB in total, and a 100:1 compression ratio past 1 MiB).
    public init(
        maxEntryCount: Int = 10_000,
        maxCentralDirectorySize: Int = 16 << 20,
        maxEntrySize: UInt64 = 256 << 20,
        maxTotalSize: UInt64 = 1 << 30,
        maxCompressionRatio: Int = 100,
        compressionRatioThreshold: UInt64 = 1 << 20
    ) {
        self.maxEntryCount = maxEntryCount
        self.maxCentralDirectorySize = maxCentralDirectorySize
        self.maxEntrySize = maxEntrySize
        self.maxTotalSize = maxTotalSize
        self.maxCompressionRatio = maxCompressionRatio
        self.compressionRatioThreshold = compressionRatioThreshold
    }

    /// General-purpose defaults: 10 000 entries, 256 MiB per entry, 1 GiB in total, 100:1.
    public static let standard = ZipLimits()

    /// Hoo sets are a few hundred kilobytes; anything far bigger is not a Hoo set.
    public static let hooSets = ZipLimits(
        maxEntryCount: 2_000,
        maxCentralDirectorySize: 1 << 20,
        maxEntrySize: 32 << 20,
        maxTotalSize: 128 << 20
    )

    /// Throws if an entry's declared sizes break the per-entry limits.
    func check(_ entry: ZipEntry) throws(ZipError) {
        if entry.uncompressedSize > maxEntrySize {
            throw .entryTooLarge(entry: entry.path, size: entry.uncompressedSize, limit: maxEntrySize)
        }
        if entry.uncompressedSize > compressionRatioThreshold {
            let (ceiling, overflow) = max(entry.compressedSize, 1).multipliedReportingOverflow(by: UInt64(max(1, maxCompressionRatio)))
            if !overflow && entry.uncompressedSize > ceiling {
                throw .suspiciousCompressionRatio(
                    entry: entry.path, compressed: entry.compressedSize, uncompressed: entry.uncompressedSize, limit: maxCompressionRatio)
            }
        }
    }
}
