internal import CZlib

/// Raw Deflate decompression (zlib `inflate` with `windowBits` −15: no zlib or gzip wrapper,
/// as ZIP stores it), fed compressed chunks and emitting expanded chunks of at most
/// ``outputCapacity`` bytes. Memory is the output buffer plus zlib's 32 KiB window.
final class RawInflater {
    private let stream: UnsafeMutablePointer<z_stream>
    private let output: UnsafeMutableRawBufferPointer
    private let entry: String
    /// Whether the Deflate stream's final block has been decoded.
    private(set) var finished = false

    init(entry: String, outputCapacity: Int) throws(ZipError) {
        self.entry = entry
        stream = .allocate(capacity: 1)
        stream.initialize(to: z_stream())
        output = .allocate(byteCount: max(1, outputCapacity), alignment: 16)
        let status = inflateInit2_(stream, -15, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size))
        guard status == Z_OK else {
            stream.deinitialize(count: 1)
            stream.deallocate()
            output.deallocate()
            throw .invalidCompressedData(entry: entry, reason: "zlib could not start (status \(status))")
        }
    }

    deinit {
        inflateEnd(stream)
        stream.deinitialize(count: 1)
        stream.deallocate()
        output.deallocate()
    }

    /// Inflates all of `input`, calling `emit` for every filled piece of output. Stops at the
    /// end of the Deflate stream (bytes after it are ignored, as other readers do).
    func inflate(
        _ input: UnsafeMutableRawBufferPointer,
        emit: (UnsafeRawBufferPointer) throws(ZipError) -> Void
    ) throws(ZipError) {
        guard !finished, let base = input.baseAddress, input.count > 0 else { return }
        stream.pointee.next_in = base.assumingMemoryBound(to: Bytef.self)
        stream.pointee.avail_in = uInt(input.count)
        defer {
            stream.pointee.next_in = nil
            stream.pointee.avail_in = 0
        }
        while true {
            stream.pointee.next_out = output.baseAddress?.assumingMemoryBound(to: Bytef.self)
            stream.pointee.avail_out = uInt(output.count)
            let status = CZlib.inflate(stream, Z_NO_FLUSH)
            let produced = output.count - Int(stream.pointee.avail_out)
            if produced > 0 {
                try emit(UnsafeRawBufferPointer(rebasing: output[0..<produced]))
            }
            switch status {
            case Z_STREAM_END:
                finished = true
                return
            case Z_OK:
                if stream.pointee.avail_in == 0 && stream.pointee.avail_out > 0 { return }
            case Z_BUF_ERROR:
                // No progress possible: all input used (more will come) with room to spare.
                return
            default:
                let message = stream.pointee.msg.map { String(cString: $0) } ?? "zlib status \(status)"
                throw .invalidCompressedData(entry: entry, reason: message)
            }
        }
    }
}
