/// Little-endian reads over bytes already in memory, each one bounds-checked.
///
/// Reading past the end throws the error given at creation, so a parser states once what a
/// short structure means (truncated archive or corrupt record) and can never read out of range.
struct ByteReader {
    private let bytes: [UInt8]
    private(set) var position: Int
    private let end: Int
    private let shortError: ZipError

    init(_ bytes: [UInt8], from start: Int = 0, end: Int? = nil, onShortRead error: ZipError) {
        self.bytes = bytes
        self.end = min(end ?? bytes.count, bytes.count)
        self.position = min(max(0, start), self.end)
        self.shortError = error
    }

    var remaining: Int { end - position }

    mutating func u8() throws(ZipError) -> UInt8 {
        guard remaining >= 1 else { throw shortError }
        defer { position += 1 }
        return bytes[position]
    }

    mutating func u16() throws(ZipError) -> UInt16 { try little(UInt16.self) }
    mutating func u32() throws(ZipError) -> UInt32 { try little(UInt32.self) }
    mutating func u64() throws(ZipError) -> UInt64 { try little(UInt64.self) }

    /// A little-endian integer of `T`'s width.
    private mutating func little<T: FixedWidthInteger & UnsignedInteger>(_: T.Type) throws(ZipError) -> T {
        let width = T.bitWidth / 8
        guard remaining >= width else { throw shortError }
        defer { position += width }
        var value: T = 0
        for offset in (0..<width).reversed() { value = value << 8 | T(bytes[position + offset]) }
        return value
    }

    mutating func bytes(_ count: Int) throws(ZipError) -> [UInt8] {
        guard count >= 0, remaining >= count else { throw shortError }
        defer { position += count }
        return Array(bytes[position..<position + count])
    }

    mutating func skip(_ count: Int) throws(ZipError) {
        guard count >= 0, remaining >= count else { throw shortError }
        position += count
    }

    /// The little-endian `UInt32` at `index` without moving, or `nil` when out of range.
    func peekU32(at index: Int) -> UInt32? {
        guard index >= 0, index <= end - 4 else { return nil }
        return UInt32(bytes[index]) | UInt32(bytes[index + 1]) << 8 | UInt32(bytes[index + 2]) << 16 | UInt32(bytes[index + 3]) << 24
    }
}

/// Extra fields (`id`, `size`, `data`) of a header, parsed leniently: a malformed tail (some
/// writers pad with zeros) ends the list instead of failing the entry.
struct ExtraFields {
    private(set) var fields: [(id: UInt16, data: [UInt8])] = []

    init(_ bytes: [UInt8]) {
        var reader = ByteReader(bytes, onShortRead: .corrupt("extra field"))
        while reader.remaining >= 4 {
            guard let id = try? reader.u16(), let size = try? reader.u16(), let data = try? reader.bytes(Int(size)) else { break }
            fields.append((id, data))
        }
    }

    func first(_ id: UInt16) -> [UInt8]? {
        fields.first { $0.id == id }?.data
    }
}
