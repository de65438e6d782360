import Foundation

/// An 8-bit encoding of text that is not UTF-8: each byte is one character.
///
/// Feeds that are not UTF-8 are almost always in one of these; ``EightBitPlausibility`` tells
/// them apart by how natural each reading of the same bytes is.
public enum EightBitEncoding: String, Sendable, Codable, CaseIterable {
    /// The web's de-facto default for Latin text (WHATWG maps `iso-8859-1` and `us-ascii` to it).
    case windows1252
    /// ISO 8859-1: every byte is the code point of the same value (0x80–0x9F are C1 controls).
    case isoLatin1
    /// Classic Mac OS text, as written by old Mac editors (byte 0xC9 is "…").
    case macRoman

    /// The name people know the encoding by, for messages: `Windows-1252`.
    public var displayName: String {
        switch self {
        case .windows1252: "Windows-1252"
        case .isoLatin1: "ISO 8859-1"
        case .macRoman: "Mac OS Roman"
        }
    }

    /// The character `byte` stands for in this encoding.
    public func scalar(for byte: UInt8) -> Unicode.Scalar {
        table.scalars[Int(byte)]
    }

    /// The text re-encoded as UTF-8, in one pass with one allocation (ASCII bytes are copied).
    func utf8(_ bytes: Data) -> Data {
        bytes.withUnsafeBytes { utf8($0) }
    }

    func utf8(_ bytes: UnsafeRawBufferPointer) -> Data {
        let table = self.table
        return table.lengths.withUnsafeBufferPointer { lengths in
            table.encoded.withUnsafeBufferPointer { encoded in
                var length = bytes.count
                var index = 0
                while index < bytes.count {
                    if index + 8 <= bytes.count, bytes.loadUnaligned(fromByteOffset: index, as: UInt64.self) & 0x8080_8080_8080_8080 == 0 {
                        index += 8
                        continue
                    }
                    let byte = bytes[index]
                    if byte >= 0x80 { length += Int(lengths[Int(byte)]) - 1 }
                    index += 1
                }
                var output = Data(count: length)
                output.withUnsafeMutableBytes { (target: UnsafeMutableRawBufferPointer) in
                    guard let start = target.baseAddress, let source = bytes.baseAddress else { return }
                    var read = 0
                    var written = 0
                    while read < bytes.count {
                        // Runs of ASCII are copied as they are.
                        var run = 0
                        while read + run + 8 <= bytes.count,
                            bytes.loadUnaligned(fromByteOffset: read + run, as: UInt64.self) & 0x8080_8080_8080_8080 == 0
                        {
                            run += 8
                        }
                        while read + run < bytes.count, bytes[read + run] < 0x80 { run += 1 }
                        if run > 0 {
                            (start + written).copyMemory(from: source + read, byteCount: run)
                            read += run
                            written += run
                            continue
                        }
                        let byte = Int(bytes[read])
                        var packed = encoded[byte]
                        for _ in 0..<Int(lengths[byte]) {
                            start.storeBytes(of: UInt8(truncatingIfNeeded: packed), toByteOffset: written, as: UInt8.self)
                            packed >>= 8
                            written += 1
                        }
                        read += 1
                    }
                }
                return output
            }
        }
    }

    var table: EightBitTable {
        switch self {
        case .windows1252: EightBitTable.windows1252
        case .isoLatin1: EightBitTable.isoLatin1
        case .macRoman: EightBitTable.macRoman
        }
    }
}

/// One encoding's 256 characters, their UTF-8 bytes and their class for plausibility scoring,
/// computed once per process (constants, not state).
struct EightBitTable: Sendable {
    let scalars: [Unicode.Scalar]
    /// UTF-8 bytes of each character, least significant byte first.
    let encoded: [UInt32]
    let lengths: [UInt8]
    let classes: [CharacterClass]
    /// `classes` as raw values, for ``EightBitPlausibility``'s table lookups.
    let classIndices: [Int]

    init(high: [UInt32]) {
        var scalars: [Unicode.Scalar] = []
        for value in 0..<256 {
            let code = value < 0x80 ? UInt32(value) : high[value - 0x80]
            scalars.append(Unicode.Scalar(code) ?? "\u{FFFD}")
        }
        self.scalars = scalars
        encoded = scalars.map { scalar in
            var packed: UInt32 = 0
            for (index, byte) in String(scalar).utf8.enumerated() { packed |= UInt32(byte) << (8 * index) }
            return packed
        }
        lengths = scalars.map { UInt8(UTF8.width($0)) }
        classes = scalars.map(CharacterClass.init)
        classIndices = classes.map { Int($0.rawValue) }
    }

    static let windows1252 = EightBitTable(high: Windows1252.high + (0xA0...0xFF).map { UInt32($0) })
    static let isoLatin1 = EightBitTable(high: (0x80...0xFF).map { UInt32($0) })
    static let macRoman = EightBitTable(high: MacRoman.high)
}
