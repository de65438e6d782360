/// Bounds-checked reads at absolute offsets of bytes in memory: a read past either end is
/// `nil` (or `false`), never a trap.
///
/// The record parsers read through this type or ``ByteCursor`` (which is built on it): the image
/// header parser, the disk-cache file format, the ZIP reader's headers and central directory.
/// That is what makes them safe on arbitrary input: a read past the end is a value, not a trap.
/// Code that scans text byte by byte indexes on its own, each with its bounds checked where it
/// indexes and a fuzz target of its own (`Fuzz/targets.sh`): ``UTF8Validation``,
/// ``TextNormalizer``, the Trivia codec's JSON reader.
public struct ByteReader: Sendable, Hashable {
    /// The bytes read.
    public let bytes: [UInt8]

    /// Reads `bytes`.
    public init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// How many bytes there are.
    public var count: Int { bytes.count }

    /// The unsigned integer of `T`'s width at `offset`, in the given byte order, or `nil` when
    /// it does not fit.
    /// (Inlinable so that callers in other modules, the ZIP reader's, get it specialized.)
    @inlinable
    public func integer<T: FixedWidthInteger & UnsignedInteger>(_: T.Type, at offset: Int, bigEndian: Bool = false) -> T? {
        let width = T.bitWidth / 8
        guard offset >= 0, offset <= bytes.count - width else { return nil }
        var value: T = 0
        for index in 0..<width {
            let byte = T(bytes[bigEndian ? offset + index : offset + width - 1 - index])
            value = value << 8 | byte
        }
        return value
    }

    /// The byte at `offset`.
    public func u8(_ offset: Int) -> Int? {
        guard offset >= 0, offset < bytes.count else { return nil }
        return Int(bytes[offset])
    }

    /// A big-endian 16-bit value (PNG, JPEG).
    public func u16BE(_ offset: Int) -> Int? { integer(UInt16.self, at: offset, bigEndian: true).map(Int.init) }

    /// A little-endian 16-bit value (GIF, WebP, ZIP).
    public func u16LE(_ offset: Int) -> Int? { integer(UInt16.self, at: offset).map(Int.init) }

    /// A little-endian 24-bit value (WebP's VP8X canvas size).
    public func u24LE(_ offset: Int) -> Int? {
        guard let low = u16LE(offset), let high = u8(offset + 2) else { return nil }
        return high << 16 | low
    }

    /// A big-endian 32-bit value (PNG chunk lengths and sizes).
    public func u32BE(_ offset: Int) -> Int? { integer(UInt32.self, at: offset, bigEndian: true).map(Int.init) }

    /// A little-endian 32-bit value (RIFF lengths, ZIP, the disk-cache header).
    public func u32LE(_ offset: Int) -> Int? { integer(UInt32.self, at: offset).map(Int.init) }

    /// Whether the bytes at `offset` are exactly `expected`.
    public func matches(_ expected: [UInt8], at offset: Int) -> Bool {
        guard offset >= 0, offset <= bytes.count - expected.count else { return false }
        for (index, byte) in expected.enumerated() where bytes[offset + index] != byte { return false }
        return true
    }

    /// Whether the bytes at `offset` are `ascii`'s UTF-8 bytes (a signature such as `"RIFF"`).
    public func matches(_ ascii: String, at offset: Int) -> Bool {
        matches(Array(ascii.utf8), at: offset)
    }

    /// The first offset at or after `start` where `pattern` occurs, if any.
    public func firstOffset(of pattern: [UInt8], from start: Int) -> Int? {
        guard let first = pattern.first, start >= 0 else { return nil }
        var offset = start
        while offset <= bytes.count - pattern.count {
            if bytes[offset] == first, matches(pattern, at: offset) { return offset }
            offset += 1
        }
        return nil
    }
}
