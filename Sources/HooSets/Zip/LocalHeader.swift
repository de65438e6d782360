import SharedNetworking

/// The local header in front of an entry's data, and the data descriptor after it, checked
/// against the central directory: a reader that trusted either alone could be shown one file
/// by a listing and write another.
enum LocalHeader {
    /// Validates the local header (and data descriptor) of `entry`; returns where its data starts.
    static func validate(_ entry: ZipEntry, in source: any ZipByteSource, dataLimit: UInt64) throws(ZipError) -> UInt64 {
        let offset = entry.localHeaderOffset
        let fixedEnd = offset.addingReportingOverflow(UInt64(ZipFormat.localHeaderSize))
        guard !fixedEnd.overflow, fixedEnd.partialValue <= dataLimit else {
            throw .overlappingEntries(entry.path, "the central directory")
        }
        var reader = ByteCursor(
            try source.bytes(at: offset, count: ZipFormat.localHeaderSize),
            onShortRead: ZipError.truncated("local header of '\(entry.path)'"))
        guard try reader.u32LE() == ZipFormat.localHeaderSignature else {
            throw .corrupt("no local header where the central directory puts '\(entry.path)'")
        }
        _ = try reader.u16LE()  // version needed
        let flags = try reader.u16LE()
        let method = try reader.u16LE()
        _ = try reader.u32LE()  // time and date (tools disagree on these; not used)
        let crc = try reader.u32LE()
        let compressed32 = try reader.u32LE()
        let uncompressed32 = try reader.u32LE()
        let nameLength = Int(try reader.u16LE())
        let extraLength = Int(try reader.u16LE())

        let variableEnd = fixedEnd.partialValue + UInt64(nameLength + extraLength)
        guard variableEnd <= dataLimit else { throw .overlappingEntries(entry.path, "the central directory") }
        var variable = ByteCursor(
            try source.bytes(at: fixedEnd.partialValue, count: nameLength + extraLength),
            onShortRead: ZipError.truncated("local header of '\(entry.path)'"))
        let name = try variable.bytes(nameLength)
        let extra = ExtraFields(try variable.bytes(extraLength))

        func mismatch(_ field: String) -> ZipError { .headerMismatch(entry: entry.path, field: field) }
        if name != entry.rawName { throw mismatch("name") }
        if method != entry.method { throw mismatch("compression method") }
        if flags & ZipFormat.Flag.encrypted != entry.flags & ZipFormat.Flag.encrypted { throw mismatch("encryption flag") }
        let hasDescriptor = flags & ZipFormat.Flag.dataDescriptor != 0
        if hasDescriptor != entry.hasDataDescriptor { throw mismatch("data descriptor flag") }

        var compressed = UInt64(compressed32)
        var uncompressed = UInt64(uncompressed32)
        var localZip64 = false
        if compressed32 == ZipFormat.saturated32 || uncompressed32 == ZipFormat.saturated32,
            let field = extra.first(ZipFormat.ExtraField.zip64)
        {
            var zip64 = ByteCursor(
                field, onShortRead: ZipError.corrupt("'\(entry.path)' has a short ZIP64 extra field in its local header"))
            if uncompressed32 == ZipFormat.saturated32 { uncompressed = try zip64.u64LE() }
            if compressed32 == ZipFormat.saturated32 { compressed = try zip64.u64LE() }
            localZip64 = true
        }
        // With a data descriptor the local values may be zero (written before the data was).
        func agrees<T: BinaryInteger>(_ local: T, _ central: T) -> Bool {
            local == central || (hasDescriptor && local == 0)
        }
        if !agrees(crc, entry.crc32) { throw mismatch("CRC-32") }
        if !agrees(compressed, entry.compressedSize) { throw mismatch("compressed size") }
        if !agrees(uncompressed, entry.uncompressedSize) { throw mismatch("uncompressed size") }

        let dataStart = variableEnd
        let (dataEnd, overflow) = dataStart.addingReportingOverflow(entry.compressedSize)
        guard !overflow, dataEnd <= dataLimit else { throw .overlappingEntries(entry.path, "the central directory") }
        if hasDescriptor {
            try checkDescriptor(entry, at: dataEnd, wide: entry.isZip64 || localZip64, source: source, dataLimit: dataLimit)
        }
        return dataStart
    }

    /// The data descriptor: optional signature, CRC-32, then both sizes (8 bytes each in ZIP64).
    private static func checkDescriptor(
        _ entry: ZipEntry, at offset: UInt64, wide: Bool, source: any ZipByteSource, dataLimit: UInt64
    ) throws(ZipError) {
        let available = dataLimit - offset
        let length = Int(min(available, 24))
        var reader = ByteCursor(
            try source.bytes(at: offset, count: length),
            onShortRead: ZipError.corrupt("the data descriptor of '\(entry.path)' is cut short"))
        var first = try reader.u32LE()
        if first == ZipFormat.dataDescriptorSignature {
            // A signature, unless the CRC itself has that value and no signature was written.
            if entry.crc32 != ZipFormat.dataDescriptorSignature || reader.peekU32LE(at: reader.position) == entry.crc32 {
                first = try reader.u32LE()
            }
        }
        let compressed = wide ? try reader.u64LE() : UInt64(try reader.u32LE())
        let uncompressed = wide ? try reader.u64LE() : UInt64(try reader.u32LE())
        if first != entry.crc32 { throw .headerMismatch(entry: entry.path, field: "data descriptor CRC-32") }
        if compressed != entry.compressedSize { throw .headerMismatch(entry: entry.path, field: "data descriptor compressed size") }
        if uncompressed != entry.uncompressedSize { throw .headerMismatch(entry: entry.path, field: "data descriptor uncompressed size") }
    }
}
