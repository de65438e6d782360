/// Tag and attribute names: an ASCII letter first, then ASCII letters, digits, `-` or `:`.
///
/// Every element and attribute of every render is checked, so the check reads the name's UTF-8
/// bytes: an accepted name is ASCII, so a byte outside the set, a multi-byte scalar's included,
/// refuses it exactly as the scalar would.
enum HTMLName {
    /// Whether `name` may be written as a tag or attribute name.
    static func isValid(_ name: String) -> Bool {
        var bytes = name.utf8.makeIterator()
        guard let first = bytes.next(), isLetter(first) else { return false }
        while let byte = bytes.next() {
            guard
                isLetter(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "-")
                    || byte == UInt8(ascii: ":")
            else { return false }
        }
        return true
    }

    /// Whether the valid `name` is `script` in any case (an element that is never written).
    static func isScript(_ name: String) -> Bool {
        name.utf8.count == 6 && hasPrefixIgnoringCase(name, "script")
    }

    /// Whether the valid `name` starts with `on` in any case (an event handler, never written).
    static func isEventHandler(_ name: String) -> Bool {
        hasPrefixIgnoringCase(name, "on")
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20)
    }

    /// `name` starts with the lowercase ASCII `prefix`, ignoring ASCII case.
    private static func hasPrefixIgnoringCase(_ name: String, _ prefix: StaticString) -> Bool {
        var bytes = name.utf8.makeIterator()
        return prefix.withUTF8Buffer { expected in
            expected.allSatisfy { byte in
                guard let next = bytes.next() else { return false }
                return next == byte || (isLetter(next) && next | 0x20 == byte)
            }
        }
    }
}
