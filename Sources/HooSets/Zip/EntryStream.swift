import SharedNetworking

/// Streams one entry's data: reads compressed chunks, expands them, counts and checksums the
/// output. Memory is two chunk-sized buffers and zlib's window, whatever the entry's size.
struct EntryStream {
    let entry: ZipEntry
    let source: any ZipByteSource
    let dataStart: UInt64
    let chunkSize: Int

    func run(_ consume: (UnsafeRawBufferPointer) throws(ZipError) -> Void) throws(ZipError) {
        let stored = entry.method == ZipFormat.Method.stored
        if stored && entry.compressedSize != entry.uncompressedSize {
            throw .sizeMismatch(entry: entry.path, declared: entry.uncompressedSize, actual: entry.compressedSize)
        }
        let inflater = stored ? nil : try RawInflater(entry: entry.path, outputCapacity: chunkSize)
        let input = UnsafeMutableRawBufferPointer.allocate(byteCount: chunkSize, alignment: 16)
        defer { input.deallocate() }

        var crc = CRC32()
        var produced: UInt64 = 0
        let declared = entry.uncompressedSize
        let path = entry.path
        func emit(_ chunk: UnsafeRawBufferPointer) throws(ZipError) {
            produced += UInt64(chunk.count)
            if produced > declared {
                throw .sizeMismatch(entry: path, declared: declared, actual: produced)
            }
            crc.update(chunk)
            try consume(chunk)
        }

        var offset = dataStart
        var remaining = entry.compressedSize
        while remaining > 0 {
            if Task.isCancelled { throw .cancelled }
            let count = Int(min(remaining, UInt64(chunkSize)))
            let piece = UnsafeMutableRawBufferPointer(rebasing: input[0..<count])
            try source.read(into: piece, at: offset)
            offset += UInt64(count)
            remaining -= UInt64(count)
            if let inflater {
                try inflater.inflate(piece, emit: emit)
                if inflater.finished { break }
            } else {
                try emit(UnsafeRawBufferPointer(piece))
            }
        }
        if let inflater, !inflater.finished, entry.compressedSize > 0 || declared > 0 {
            throw .invalidCompressedData(entry: path, reason: "the Deflate stream ends before its last block")
        }
        if produced != declared {
            throw .sizeMismatch(entry: path, declared: declared, actual: produced)
        }
        if crc.value != entry.crc32 {
            throw .crcMismatch(entry: path, expected: entry.crc32, actual: crc.value)
        }
    }
}
