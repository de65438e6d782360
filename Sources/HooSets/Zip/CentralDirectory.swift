import SharedNetworking

/// Where the central directory is, read from the end-of-central-directory record (and its
/// ZIP64 counterpart when present).
struct CentralDirectoryLocation: Equatable {
    var entryCount: UInt64
    var offset: UInt64
    var size: UInt64
    /// Where the structures after the entries' data begin (the central directory, or the
    /// ZIP64 records if the directory is empty). Entry data must end before this.
    var dataLimit: UInt64
    var isZip64: Bool
}

enum CentralDirectory {
    /// Finds the end-of-central-directory record: the last signature in the final 64 KiB + 22
    /// bytes whose fields are consistent with the file (so a trailing comment, even one that
    /// contains the signature bytes, is tolerated).
    static func locate(in source: any ZipByteSource, limits: ZipLimits) throws(ZipError) -> CentralDirectoryLocation {
        let size = source.size
        let minimum = UInt64(ZipFormat.endOfCentralDirectorySize)
        guard size >= minimum else {
            throw try missingEnd(source)
        }
        let tailLength = Int(min(size, minimum + UInt64(ZipFormat.maxCommentLength)))
        let tailStart = size - UInt64(tailLength)
        let tail = try source.bytes(at: tailStart, count: tailLength)
        let scanner = ByteCursor(tail, onShortRead: ZipError.truncated("end of central directory"))
        var candidate = tailLength - ZipFormat.endOfCentralDirectorySize
        while candidate >= 0 {
            if scanner.peekU32LE(at: candidate) == ZipFormat.endOfCentralDirectorySignature,
                let location = try parseEnd(tail, at: candidate, tailStart: tailStart, source: source, limits: limits)
            {
                return location
            }
            candidate -= 1
        }
        throw try missingEnd(source)
    }

    /// No end record: a cut-short download if the file starts like a ZIP, otherwise not a ZIP.
    private static func missingEnd(_ source: any ZipByteSource) throws(ZipError) -> ZipError {
        guard source.size > 0 else { return .notAZipArchive("the file is empty") }
        let head = try source.bytes(at: 0, count: Int(min(4, source.size)))
        let signature: [UInt8] = [0x50, 0x4B, 0x03, 0x04]
        if Array(signature.prefix(head.count)) == head {
            return .truncated("no end of central directory record at the end of \(source.name)")
        }
        return .notAZipArchive("\(source.name) has no end of central directory record")
    }

    /// The record at `index` of `tail`, or `nil` if it is not a plausible end record.
    private static func parseEnd(
        _ tail: [UInt8], at index: Int, tailStart: UInt64, source: any ZipByteSource, limits: ZipLimits
    ) throws(ZipError) -> CentralDirectoryLocation? {
        var reader = ByteCursor(tail, from: index + 4, onShortRead: ZipError.truncated("end of central directory record"))
        let disk = try reader.u16LE()
        let directoryDisk = try reader.u16LE()
        let entriesOnDisk = try reader.u16LE()
        let entries = try reader.u16LE()
        let directorySize = try reader.u32LE()
        let directoryOffset = try reader.u32LE()
        let commentLength = try reader.u16LE()
        let recordOffset = tailStart + UInt64(index)
        // The comment must fit in the file; otherwise these bytes are not the record.
        guard reader.remaining >= Int(commentLength) else { return nil }

        // ZIP64: a locator sits just before the record.
        if recordOffset >= UInt64(ZipFormat.zip64LocatorSize) {
            let locatorOffset = recordOffset - UInt64(ZipFormat.zip64LocatorSize)
            let locator = try source.bytes(at: locatorOffset, count: ZipFormat.zip64LocatorSize)
            var locatorReader = ByteCursor(locator, onShortRead: ZipError.truncated("ZIP64 locator"))
            if try locatorReader.u32LE() == ZipFormat.zip64LocatorSignature {
                return try parseZip64(locatorReader, locatorOffset: locatorOffset, source: source, limits: limits)
            }
        }

        if disk != 0 || directoryDisk != 0 || entriesOnDisk != entries {
            throw .unsupportedFeature("split (multi-disk) archive")
        }
        let end = UInt64(directoryOffset) + UInt64(directorySize)
        guard end <= recordOffset else {
            // Either a damaged record or a fake signature inside data; keep looking, and say
            // "truncated" if nothing better turns up.
            return nil
        }
        if entries > 0, end < recordOffset {
            try checkNotShifted(
                source, stated: UInt64(directoryOffset), by: recordOffset - end, signature: ZipFormat.centralHeaderSignature)
        }
        try checkDirectory(count: UInt64(entries), size: UInt64(directorySize), limits: limits)
        return CentralDirectoryLocation(
            entryCount: UInt64(entries), offset: UInt64(directoryOffset), size: UInt64(directorySize),
            dataLimit: UInt64(directoryOffset), isZip64: false)
    }

    private static func parseZip64(
        _ locator: ByteCursor<ZipError>, locatorOffset: UInt64, source: any ZipByteSource, limits: ZipLimits
    ) throws(ZipError) -> CentralDirectoryLocation {
        var locator = locator
        let endDisk = try locator.u32LE()
        let endOffset = try locator.u64LE()
        let totalDisks = try locator.u32LE()
        if endDisk != 0 || totalDisks > 1 {
            throw .unsupportedFeature("split (multi-disk) ZIP64 archive")
        }
        guard endOffset <= locatorOffset, locatorOffset - endOffset >= UInt64(ZipFormat.zip64EndMinimumSize) else {
            throw .corrupt("the ZIP64 end record is not before its locator")
        }
        // Where the record is when it has no extensible data (it always sits before the locator).
        let adjacent = locatorOffset - UInt64(ZipFormat.zip64EndMinimumSize)
        if adjacent > endOffset {
            try checkNotShifted(source, stated: endOffset, by: adjacent - endOffset, signature: ZipFormat.zip64EndSignature)
        }
        let record = try source.bytes(at: endOffset, count: ZipFormat.zip64EndMinimumSize)
        var reader = ByteCursor(record, onShortRead: ZipError.truncated("ZIP64 end of central directory record"))
        guard try reader.u32LE() == ZipFormat.zip64EndSignature else {
            throw .corrupt("no ZIP64 end of central directory record where the locator points")
        }
        _ = try reader.u64LE()  // size of the record
        _ = try reader.u16LE()  // version made by
        _ = try reader.u16LE()  // version needed
        let disk = try reader.u32LE()
        let directoryDisk = try reader.u32LE()
        let entriesOnDisk = try reader.u64LE()
        let entries = try reader.u64LE()
        let directorySize = try reader.u64LE()
        let directoryOffset = try reader.u64LE()
        if disk != 0 || directoryDisk != 0 || entriesOnDisk != entries {
            throw .unsupportedFeature("split (multi-disk) ZIP64 archive")
        }
        let (end, overflow) = directoryOffset.addingReportingOverflow(directorySize)
        guard !overflow, end <= endOffset else {
            throw .corrupt("the ZIP64 central directory does not end before its end record")
        }
        try checkDirectory(count: entries, size: directorySize, limits: limits)
        return CentralDirectoryLocation(
            entryCount: entries, offset: directoryOffset, size: directorySize, dataLimit: directoryOffset, isZip64: true)
    }

    /// Throws ``ZipError/dataBeforeFirstEntry(bytes:)`` when the structure with `signature` is
    /// not at its `stated` offset but `gap` bytes later: bytes were prepended to the archive
    /// (a self-extractor stub) and its offsets were not adjusted. Otherwise returns, and the
    /// usual checks describe whatever else is wrong.
    private static func checkNotShifted(
        _ source: any ZipByteSource, stated: UInt64, by gap: UInt64, signature: UInt32
    ) throws(ZipError) {
        func signatureMatches(at offset: UInt64) throws(ZipError) -> Bool {
            guard offset <= source.size, source.size - offset >= 4 else { return false }
            return ByteReader(try source.bytes(at: offset, count: 4)).integer(UInt32.self, at: 0) == signature
        }
        let (shifted, overflow) = stated.addingReportingOverflow(gap)
        if !overflow, try !signatureMatches(at: stated), try signatureMatches(at: shifted) {
            throw .dataBeforeFirstEntry(bytes: gap)
        }
    }

    private static func checkDirectory(count: UInt64, size: UInt64, limits: ZipLimits) throws(ZipError) {
        if count > UInt64(max(0, limits.maxEntryCount)) {
            throw .tooManyEntries(count: count, limit: limits.maxEntryCount)
        }
        if size > UInt64(max(0, limits.maxCentralDirectorySize)) {
            throw .centralDirectoryTooLarge(size: size, limit: limits.maxCentralDirectorySize)
        }
        // Every entry needs at least a 46-byte header.
        let (needed, overflow) = count.multipliedReportingOverflow(by: UInt64(ZipFormat.centralHeaderSize))
        if overflow || needed > size {
            throw .corrupt("\(count) entries cannot fit in a \(size)-byte central directory")
        }
    }

    /// Parses every entry of the directory described by `location`.
    static func entries(in source: any ZipByteSource, at location: CentralDirectoryLocation) throws(ZipError) -> [ZipEntry] {
        let bytes = try source.bytes(at: location.offset, count: Int(location.size))
        var reader = ByteCursor(bytes, onShortRead: ZipError.corrupt("the central directory ends in the middle of an entry"))
        var entries: [ZipEntry] = []
        entries.reserveCapacity(Int(location.entryCount))
        for index in 0..<Int(location.entryCount) {
            entries.append(try entry(&reader, index: index, limit: location.dataLimit))
        }
        return entries
    }

    private static func entry(_ reader: inout ByteCursor<ZipError>, index: Int, limit: UInt64) throws(ZipError) -> ZipEntry {
        guard try reader.u32LE() == ZipFormat.centralHeaderSignature else {
            throw .corrupt("central directory entry \(index + 1) has no signature")
        }
        let versionMadeBy = try reader.u16LE()
        _ = try reader.u16LE()  // version needed to extract
        let flags = try reader.u16LE()
        let method = try reader.u16LE()
        let time = try reader.u16LE()
        let date = try reader.u16LE()
        let crc = try reader.u32LE()
        let compressed32 = try reader.u32LE()
        let uncompressed32 = try reader.u32LE()
        let nameLength = try reader.u16LE()
        let extraLength = try reader.u16LE()
        let commentLength = try reader.u16LE()
        let disk16 = try reader.u16LE()
        _ = try reader.u16LE()  // internal attributes
        let external = try reader.u32LE()
        let offset32 = try reader.u32LE()
        let rawName = try reader.bytes(Int(nameLength))
        let extra = ExtraFields(try reader.bytes(Int(extraLength)))
        try reader.skip(Int(commentLength))

        let path = ZipNameDecoding.decode(raw: rawName, flags: flags, versionMadeBy: versionMadeBy, extra: extra)
        if flags & ZipFormat.Flag.maskedCentralDirectory != 0 {
            throw .encrypted(entry: path)
        }
        if flags & ZipFormat.Flag.patchedData != 0 {
            throw .unsupportedFeature("entry '\(path)' uses patched data")
        }

        // ZIP64 extended information: present only for the fields saturated above, in order.
        var uncompressed = UInt64(uncompressed32)
        var compressed = UInt64(compressed32)
        var offset = UInt64(offset32)
        var disk = UInt32(disk16)
        var isZip64 = false
        if uncompressed32 == ZipFormat.saturated32 || compressed32 == ZipFormat.saturated32
            || offset32 == ZipFormat.saturated32 || disk16 == ZipFormat.saturated16
        {
            guard let field = extra.first(ZipFormat.ExtraField.zip64) else {
                throw .corrupt("entry '\(path)' needs a ZIP64 extra field and has none")
            }
            var zip64 = ByteCursor(field, onShortRead: ZipError.corrupt("entry '\(path)' has a short ZIP64 extra field"))
            if uncompressed32 == ZipFormat.saturated32 { uncompressed = try zip64.u64LE() }
            if compressed32 == ZipFormat.saturated32 { compressed = try zip64.u64LE() }
            if offset32 == ZipFormat.saturated32 { offset = try zip64.u64LE() }
            if disk16 == ZipFormat.saturated16 { disk = try zip64.u32LE() }
            isZip64 = true
        }
        if disk != 0 {
            throw .unsupportedFeature("split (multi-disk) archive")
        }
        if offset >= limit {
            throw .corrupt("entry '\(path)' starts at byte \(offset), after the entries' data")
        }

        return ZipEntry(
            index: index, path: path, rawName: rawName,
            kind: kind(path: path, versionMadeBy: versionMadeBy, external: external, size: uncompressed),
            method: method, flags: flags, crc32: crc, compressedSize: compressed, uncompressedSize: uncompressed,
            localHeaderOffset: offset, versionMadeBy: versionMadeBy, externalAttributes: external,
            dosDateTime: UInt32(date) << 16 | UInt32(time), isZip64: isZip64)
    }

    /// Unix type bits win when the host stores them; otherwise a trailing slash or the MS-DOS
    /// directory attribute makes a directory.
    ///
    /// A FIFO with data is a file: Info-ZIP reading standard input (`cat f | zip - -`) stores
    /// the pipe's mode with the bytes it read, and unzip and Python extract it as a regular
    /// file. A FIFO without data is an archived named pipe (bsdtar writes those): special, like
    /// devices and sockets.
    static func kind(path: String, versionMadeBy: UInt16, external: UInt32, size: UInt64) -> ZipEntry.Kind {
        let mode = external >> 16
        let host = versionMadeBy >> 8
        if mode != 0
            && (host == ZipFormat.Host.unix || host == ZipFormat.Host.macOS || host == ZipFormat.Host.ntfs || host == ZipFormat.Host.vfat)
        {
            switch mode & ZipFormat.Mode.typeMask {
            case ZipFormat.Mode.symbolicLink: return .symbolicLink
            case ZipFormat.Mode.directory: return .directory
            case ZipFormat.Mode.regular, 0: break
            case ZipFormat.Mode.fifo where size > 0: break
            default: return .special
            }
        }
        if path.hasSuffix("/") || path.hasSuffix("\\") || external & ZipFormat.msDOSDirectoryAttribute != 0 {
            return .directory
        }
        return .file
    }
}
