/// What extracting an archive would do, decided from the central directory alone before a
/// single byte is written: every entry's safe path, what is skipped, and every rule checked.
///
/// Checks, per entry in directory order: path safety, symbolic links and special files,
/// encryption, compression method, entry size and compression ratio; then duplicates and
/// file/directory conflicts; then the total size. The first failure is thrown.
public struct ZipExtractionPlan: Sendable {
    /// One entry and where it goes.
    public struct Item: Sendable, Hashable {
        /// The entry as listed in the central directory.
        public var entry: ZipEntry
        /// Its validated path inside the destination.
        public var path: ZipPath
        /// `true` for entries the skip rule filters out (they are validated all the same).
        public var skipped: Bool
    }

    /// Every entry, in archive order.
    public let items: [Item]
    /// Uncompressed bytes the plan writes.
    public let totalSize: UInt64

    /// Validates every entry of `archive` in the order above; entries `skip` accepts are planned but
    /// not written. Throws the first problem found, before anything is written.
    public init(archive: ZipArchive, skip: (ZipPath) -> Bool = ZipExtractor.isAppleMetadata) throws(ZipError) {
        let limits = archive.limits
        var items: [Item] = []
        items.reserveCapacity(archive.entries.count)
        var seen: [String: String] = [:]
        var files: [String: String] = [:]
        var total: UInt64 = 0
        for entry in archive.entries {
            let path = try ZipPath(entryName: entry.path)
            switch entry.kind {
            case .symbolicLink: throw .symbolicLink(entry: entry.path)
            case .special: throw .unsupportedFileType(entry: entry.path, mode: entry.unixMode ?? 0)
            case .file, .directory: break
            }
            if entry.isEncrypted { throw .encrypted(entry: entry.path) }
            if entry.kind == .file, entry.method != ZipFormat.Method.stored, entry.method != ZipFormat.Method.deflate {
                throw .unsupportedMethod(entry: entry.path, method: entry.method)
            }
            try limits.check(entry)
            let key = path.collisionKey
            if seen[key] != nil { throw .duplicateEntry(entry.path) }
            seen[key] = entry.path
            if entry.kind == .file { files[key] = entry.path }
            let isSkipped = skip(path)
            if !isSkipped && entry.kind == .file {
                total += entry.uncompressedSize
                if total > limits.maxTotalSize { throw .totalTooLarge(size: total, limit: limits.maxTotalSize) }
            }
            items.append(Item(entry: entry, path: path, skipped: isSkipped))
        }
        // A file may not also be a directory on someone else's path.
        for item in items {
            var prefix: [String] = []
            for component in item.path.components.dropLast() {
                prefix.append(component)
                if let file = files[ZipPath.key(prefix)] {
                    throw .pathConflict(file: file, entry: item.entry.path)
                }
            }
        }
        self.items = items
        self.totalSize = total
    }
}
