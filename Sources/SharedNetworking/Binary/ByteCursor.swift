/// Sequential little-endian reads over bytes in memory, each bounds-checked, for record
/// formats read field after field (ZIP headers).
///
/// Reading past the end throws the error given at creation, so a parser states once what a
/// short structure means (a truncated archive, a corrupt record) and can never read out of
/// range. The reads themselves are ``ByteReader``'s: this type only keeps the position.
public struct ByteCursor<Failure: Error & Sendable>: Sendable {
    /// The bytes, with bounds-checked reads at absolute offsets.
    public let reader: ByteReader
    /// The offset of the next read.
    public private(set) var position: Int
    /// Reads stop here (exclusive), at most at the end of the bytes.
    public let end: Int
    private let shortRead: Failure

    /// A cursor over `bytes[start..<end]` (clamped to the bytes) that throws `error` when a
    /// read does not fit.
    public init(_ bytes: [UInt8], from start: Int = 0, end: Int? = nil, onShortRead error: Failure) {
        reader = ByteReader(bytes)
        self.end = min(end ?? bytes.count, bytes.count)
        position = min(max(0, start), self.end)
        shortRead = error
    }

    /// Bytes left before ``end``.
    public var remaining: Int { end - position }

    /// The next byte.
    public mutating func u8() throws(Failure) -> UInt8 { try next(UInt8.self) }
    /// The next little-endian 16-bit value.
    public mutating func u16LE() throws(Failure) -> UInt16 { try next(UInt16.self) }
    /// The next little-endian 32-bit value.
    public mutating func u32LE() throws(Failure) -> UInt32 { try next(UInt32.self) }
    /// The next little-endian 64-bit value.
    public mutating func u64LE() throws(Failure) -> UInt64 { try next(UInt64.self) }

    private mutating func next<T: FixedWidthInteger & UnsignedInteger>(_ type: T.Type) throws(Failure) -> T {
        let width = T.bitWidth / 8
        guard remaining >= width, let value = reader.integer(type, at: position) else { throw shortRead }
        position += width
        return value
    }

    /// The next `count` bytes.
    public mutating func bytes(_ count: Int) throws(Failure) -> [UInt8] {
        guard count >= 0, remaining >= count else { throw shortRead }
        defer { position += count }
        return Array(reader.bytes[position..<position + count])
    }

    /// Moves past `count` bytes.
    public mutating func skip(_ count: Int) throws(Failure) {
        guard count >= 0, remaining >= count else { throw shortRead }
        position += count
    }

    /// The little-endian 32-bit value at `index` without moving, or `nil` when it does not fit
    /// before ``end``.
    public func peekU32LE(at index: Int) -> UInt32? {
        guard index <= end - 4 else { return nil }
        return reader.integer(UInt32.self, at: index)
    }
}
