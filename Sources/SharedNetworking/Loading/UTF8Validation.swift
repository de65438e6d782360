/// Well-formed UTF-8 (RFC 3629): no overlong forms, no surrogates (U+D800…U+DFFF), nothing above
/// U+10FFFF, no truncated sequence. ASCII, most of any feed or frame, is checked eight bytes at a
/// time.
///
/// The one validator of the package: ``TextNormalizer`` asks it whether a feed is already
/// UTF-8, and the Trivia codec refuses a frame that is not before parsing it (JSON exchanged
/// between systems must be UTF-8, RFC 8259 §8.1), so its parser only ever sees valid text.
public enum UTF8Validation {
    /// Where the first ill-formed sequence starts and why, or `nil` when `bytes` is UTF-8.
    public static func firstProblem(in bytes: UnsafeRawBufferPointer) -> (offset: Int, reason: String)? {
        let count = bytes.count
        var index = 0
        while index < count {
            // ASCII runs, eight bytes at a time.
            while index + 8 <= count, bytes.loadUnaligned(fromByteOffset: index, as: UInt64.self) & 0x8080_8080_8080_8080 == 0 {
                index += 8
            }
            guard index < count else { break }
            let lead = bytes[index]
            if lead < 0x80 {
                index += 1
                continue
            }
            let length: Int
            var secondRange: ClosedRange<UInt8> = 0x80...0xBF
            switch lead {
            case 0xC2...0xDF: length = 2
            case 0xE0:
                length = 3
                secondRange = 0xA0...0xBF
            case 0xE1...0xEC, 0xEE...0xEF: length = 3
            case 0xED:
                length = 3
                secondRange = 0x80...0x9F
            case 0xF0:
                length = 4
                secondRange = 0x90...0xBF
            case 0xF1...0xF3: length = 4
            case 0xF4:
                length = 4
                secondRange = 0x80...0x8F
            case 0x80...0xBF: return (index, "byte 0x\(hex(lead)) continues a character that never started")
            case 0xC0, 0xC1: return (index, "byte 0x\(hex(lead)) starts an overlong form")
            default: return (index, "byte 0x\(hex(lead)) cannot appear in UTF-8")
            }
            guard index + length <= count else { return (index, "the text ends inside a character") }
            guard secondRange.contains(bytes[index + 1]) else {
                return (index, "byte 0x\(hex(lead)) is followed by 0x\(hex(bytes[index + 1])), which cannot continue it")
            }
            for next in (index + 2)..<(index + length) where !(0x80...0xBF).contains(bytes[next]) {
                return (index, "byte 0x\(hex(lead)) is followed by 0x\(hex(bytes[next])), which cannot continue it")
            }
            index += length
        }
        return nil
    }

    /// Two upper-case hex digits.
    public static func hex(_ byte: UInt8) -> String {
        let digits = Array("0123456789ABCDEF")
        return String([digits[Int(byte >> 4)], digits[Int(byte & 0xF)]])
    }

    /// The offset of the first byte that breaks UTF-8, or `nil` when the bytes are valid.
    static func firstInvalidOffset(_ bytes: UnsafeRawBufferPointer) -> Int? {
        firstProblem(in: bytes)?.offset
    }

    /// Whether any byte is 0x80 or above.
    static func containsNonASCII(_ bytes: UnsafeRawBufferPointer) -> Bool {
        var index = 0
        let count = bytes.count
        while index + 8 <= count {
            if bytes.loadUnaligned(fromByteOffset: index, as: UInt64.self) & 0x8080_8080_8080_8080 != 0 { return true }
            index += 8
        }
        while index < count {
            if bytes[index] >= 0x80 { return true }
            index += 1
        }
        return false
    }
}
