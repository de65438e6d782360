/// UTF-8 checked a byte at a time, across any number of pieces (RFC 3629: no overlong forms, no
/// surrogates, nothing above U+10FFFF): the text of a WebSocket message arrives in frames and
/// reads, and RFC 6455 §8.1 wants an endpoint to fail the connection as soon as the text is
/// known not to be UTF-8, not after buffering the whole message.
struct UTF8Validator: Sendable, Hashable {
    /// Continuation bytes still expected for the scalar being read.
    private var needed = 0
    /// The range the next continuation byte must fall in (narrower right after E0, ED, F0, F4).
    private var lower: UInt8 = 0x80
    private var upper: UInt8 = 0xBF

    /// Reads `byte`; `false` when the text cannot be UTF-8 any more.
    mutating func consume(_ byte: UInt8) -> Bool {
        if needed == 0 {
            switch byte {
            case 0x00...0x7F: return true
            case 0xC2...0xDF: needed = 1
            case 0xE0: (needed, lower) = (2, 0xA0)
            case 0xE1...0xEC, 0xEE...0xEF: needed = 2
            case 0xED: (needed, upper) = (2, 0x9F)
            case 0xF0: (needed, lower) = (3, 0x90)
            case 0xF1...0xF3: needed = 3
            case 0xF4: (needed, upper) = (3, 0x8F)
            default: return false
            }
            return true
        }
        guard byte >= lower, byte <= upper else { return false }
        (lower, upper) = (0x80, 0xBF)
        needed -= 1
        return true
    }

    /// Whether the text so far ends on a whole scalar (a message may end here).
    var isComplete: Bool { needed == 0 }
}
