internal import CZlib
import Foundation

/// CRC-32 (ISO-HDLC: the ZIP, PNG and gzip polynomial 0xEDB88320, reflected), incremental,
/// over the system zlib.
///
/// One implementation serves every checksum in the package: the ZIP reader checks each entry's
/// data and names with it, the disk cache detects truncated or damaged bodies with it. zlib's
/// is used rather than a table written here because it is several times faster (it reads
/// words, not bytes) and already linked for inflate; the check values in the tests pin it.
public struct CRC32: Sendable, Hashable {
    /// The checksum of every byte passed to `update` so far.
    public private(set) var value: UInt32 = 0

    /// A checksum of no bytes (0).
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

    /// Adds contiguous bytes (`[UInt8]`, `Data`, a slice) to the checksum without copying them.
    public mutating func update(_ bytes: some ContiguousBytes) {
        bytes.withUnsafeBytes { update($0) }
    }

    /// The CRC-32 of `bytes` in one call.
    public static func checksum(_ bytes: some ContiguousBytes) -> UInt32 {
        var crc = CRC32()
        crc.update(bytes)
        return crc.value
    }
}
