/// Where UTF-8 breaks, found in one pass (RFC 3629: no overlong forms, no surrogates, nothing
/// above U+10FFFF). ASCII, most of any feed, is checked eight bytes at a time.
enum UTF8Validation {
    /// The offset of the first byte that breaks UTF-8, or `nil` when the bytes are valid.
    static func firstInvalidOffset(_ bytes: UnsafeRawBufferPointer) -> Int? {
        var index = 0
        let count = bytes.count
        while index < count {
            if index + 8 <= count, bytes.loadUnaligned(fromByteOffset: index, as: UInt64.self) & 0x8080_8080_8080_8080 == 0 {
                index += 8
                continue
            }
            let lead = bytes[index]
            if lead < 0x80 {
                index += 1
                continue
            }
            let length: Int
            var lower: UInt8 = 0x80
            var upper: UInt8 = 0xBF
            switch lead {
            case 0xC2...0xDF: length = 2
            case 0xE0: length = 3; lower = 0xA0
            case 0xE1...0xEC, 0xEE...0xEF: length = 3
            case 0xED: length = 3; upper = 0x9F
            case 0xF0: length = 4; lower = 0x90
            case 0xF1...0xF3: length = 4
            case 0xF4: length = 4; upper = 0x8F
            default: return index
            }
            guard index + length <= count else { return index }
            let second = bytes[index + 1]
            guard second >= lower && second <= upper else { return index }
            if length > 2 {
                for offset in 2..<length where bytes[index + offset] & 0xC0 != 0x80 { return index }
            }
            index += length
        }
        return nil
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
