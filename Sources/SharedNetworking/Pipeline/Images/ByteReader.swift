/// Bounds-checked reads from raw bytes: every read past the end is `nil`, never a trap.
///
/// The image parsers only ever index through this type, which is what makes them safe on
/// arbitrary input (a fuzzer can feed them anything).
struct ByteReader {
    let bytes: UnsafeRawBufferPointer

    var count: Int { bytes.count }

    func u8(_ offset: Int) -> Int? {
        guard offset >= 0, offset < bytes.count else { return nil }
        return Int(bytes[offset])
    }

    func u16BE(_ offset: Int) -> Int? {
        guard let high = u8(offset), let low = u8(offset + 1) else { return nil }
        return high << 8 | low
    }

    func u16LE(_ offset: Int) -> Int? {
        guard let low = u8(offset), let high = u8(offset + 1) else { return nil }
        return high << 8 | low
    }

    func u24LE(_ offset: Int) -> Int? {
        guard let low = u16LE(offset), let high = u8(offset + 2) else { return nil }
        return high << 16 | low
    }

    func u32BE(_ offset: Int) -> Int? {
        guard let high = u16BE(offset), let low = u16BE(offset + 2) else { return nil }
        return high << 16 | low
    }

    func u32LE(_ offset: Int) -> Int? {
        guard let low = u16LE(offset), let high = u16LE(offset + 2) else { return nil }
        return high << 16 | low
    }

    /// Whether the bytes at `offset` are exactly `expected`.
    func matches(_ expected: [UInt8], at offset: Int) -> Bool {
        guard offset >= 0, offset + expected.count <= bytes.count else { return false }
        for (index, byte) in expected.enumerated() where bytes[offset + index] != byte { return false }
        return true
    }

    func matches(_ ascii: String, at offset: Int) -> Bool {
        matches(Array(ascii.utf8), at: offset)
    }

    /// The first offset at or after `start` where `pattern` occurs, if any.
    func firstOffset(of pattern: [UInt8], from start: Int) -> Int? {
        guard let first = pattern.first, start >= 0 else { return nil }
        var offset = start
        while offset + pattern.count <= bytes.count {
            if bytes[offset] == first, matches(pattern, at: offset) { return offset }
            offset += 1
        }
        return nil
    }
}
