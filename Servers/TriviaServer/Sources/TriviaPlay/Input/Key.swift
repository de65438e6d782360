/// One key press as a terminal in raw mode sends it.
public enum Key: Sendable, Hashable {
    /// A printable character (`2`, `b`, `é`).
    case character(Character)
    /// Ctrl-C: in raw mode a key, not a signal.
    case interrupt
    /// Ctrl-D.
    case endOfTransmission
    /// Another control key (Enter, Tab, Backspace, Ctrl-Z…), by its byte.
    case control(UInt8)
    /// Escape alone.
    case escape
    /// A multi-byte sequence (an arrow, a function key, Alt with a key), kept whole so that its
    /// bytes are never read as letters: the up arrow's `ESC [ A` must not answer "A".
    case escapeSequence([UInt8])
}

/// Turns the bytes a terminal sends into ``Key``s.
///
/// A terminal sends an escape sequence in one write, so an `ESC` that ends a read is the Escape
/// key itself; a UTF-8 character split across reads is completed by the next one.
public struct KeyDecoder: Sendable {
    private var pending: [UInt8] = []

    /// A decoder with nothing pending.
    public init() {}

    /// The keys in `bytes` (one read), after whatever an earlier read left incomplete.
    public mutating func decode(_ bytes: some Sequence<UInt8>) -> [Key] {
        let input = pending + Array(bytes)
        pending = []
        var keys: [Key] = []
        var index = 0
        while index < input.count {
            let byte = input[index]
            switch byte {
            case 0x1B:
                let end = Self.escapeSequenceEnd(input, from: index)
                keys.append(end == index + 1 ? .escape : .escapeSequence(Array(input[index..<end])))
                index = end
            case 0x03:
                keys.append(.interrupt)
                index += 1
            case 0x04:
                keys.append(.endOfTransmission)
                index += 1
            case 0x00..<0x20, 0x7F:
                keys.append(.control(byte))
                index += 1
            default:
                let length = Self.utf8Length(lead: byte)
                guard index + length <= input.count else {
                    pending = Array(input[index...])
                    return keys
                }
                let scalarBytes = input[index..<index + length]
                if let character = String(validating: scalarBytes, as: UTF8.self)?.first {
                    keys.append(.character(character))
                }
                index += length
            }
        }
        return keys
    }

    /// Where the escape sequence starting at `start` ends (exclusive): `ESC [ params final`,
    /// `ESC O x`, `ESC x`, or `ESC` alone at the end of the read.
    static func escapeSequenceEnd(_ input: [UInt8], from start: Int) -> Int {
        let next = start + 1
        guard next < input.count else { return next }
        switch input[next] {
        case UInt8(ascii: "["):
            var index = next + 1
            while index < input.count, (0x20...0x3F).contains(input[index]) { index += 1 }
            return min(input.count, index + 1)
        case UInt8(ascii: "O"):
            return min(input.count, next + 2)
        default:
            return next + 1
        }
    }

    /// Bytes in the UTF-8 sequence that `lead` starts (1 for a stray continuation byte, which
    /// then decodes to nothing).
    static func utf8Length(lead: UInt8) -> Int {
        switch lead {
        case 0xC0...0xDF: 2
        case 0xE0...0xEF: 3
        case 0xF0...0xF7: 4
        default: 1
        }
    }
}
