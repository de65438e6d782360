internal import CZlib

/// Incremental CRC-32 (the ZIP polynomial) over zlib's table-driven implementation.
public struct CRC32: Sendable, Hashable {
    /// The CRC-32 of everything added so far (0 before anything).
    public private(set) var value: UInt32 = 0

    /// A checksum of no bytes.
    public init() {}

    /// Adds `bytes` to the checksum.
    public mutating func update(_ bytes: UnsafeRawBufferPointer) {
        guard let base = bytes.baseAddress, bytes.count > 0 else { return }
        var remaining = bytes.count
        var pointer = base.assumingMemoryBound(to: Bytef.self)
        var crc = uLong(value)
        // zlib takes a 32-bit length: feed huge buffers in pieces.
        while remaining > 0 {
            let piece = min(remaining, Int(Int32.max))
            crc = CZlib.crc32(crc, pointer, uInt(piece))
            pointer += piece
            remaining -= piece
        }
        value = UInt32(truncatingIfNeeded: crc)
    }

    /// Adds `bytes` to the checksum.
    public mutating func update(_ bytes: some Sequence<UInt8>) {
        let array = Array(bytes)
        array.withUnsafeBytes { update($0) }
    }

    /// The CRC-32 of `bytes` in one call.
    public static func checksum(_ bytes: some Sequence<UInt8>) -> UInt32 {
        var crc = CRC32()
        crc.update(bytes)
        return crc.value
    }
}
