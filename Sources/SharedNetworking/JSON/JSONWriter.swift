/// Appends JSON to a byte array: compact, keys written by the caller in the order it chooses,
/// strings escaped exactly as Foundation's `JSONEncoder` escapes them (`\"`, `\\`, `\b`, `\f`,
/// `\n`, `\r`, `\t`, other controls as `\u00xx`, `/` and everything from U+007F up as they are).
///
/// For messages sent many times a second, where an encoder's boxes and dictionaries cost more
/// than the message: the Trivia protocol's frames (Trivia's reference codec checks this writer
/// byte for byte against Foundation's), and a live page's updates.
public struct JSONWriter: Sendable {
    /// What was written so far.
    public var bytes: [UInt8]

    /// An empty writer with room for `capacity` bytes.
    public init(capacity: Int = 256) {
        bytes = []
        bytes.reserveCapacity(capacity)
    }

    /// Bytes that need no escaping (keys, punctuation), written as they are.
    public mutating func raw(_ text: StaticString) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    /// Bytes already JSON (a fragment written before), as they are.
    public mutating func raw(_ other: some Sequence<UInt8>) {
        bytes.append(contentsOf: other)
    }

    /// One byte of punctuation.
    public mutating func byte(_ byte: UInt8) {
        bytes.append(byte)
    }

    /// A JSON string: quoted, escaped.
    public mutating func string(_ text: String) {
        bytes.append(UInt8(ascii: "\""))
        var text = text
        text.withUTF8 { utf8 in escape(utf8) }
        bytes.append(UInt8(ascii: "\""))
    }

    /// The escaped body of a string (no quotes), for a string assembled from parts.
    public mutating func escape(_ utf8: UnsafeBufferPointer<UInt8>) {
        var runStart = 0
        for index in 0..<utf8.count {
            let byte = utf8[index]
            guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
            if runStart < index { bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<index])) }
            runStart = index + 1
            bytes.append(UInt8(ascii: "\\"))
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"): bytes.append(byte)
            case 0x08: bytes.append(UInt8(ascii: "b"))
            case 0x09: bytes.append(UInt8(ascii: "t"))
            case 0x0A: bytes.append(UInt8(ascii: "n"))
            case 0x0C: bytes.append(UInt8(ascii: "f"))
            case 0x0D: bytes.append(UInt8(ascii: "r"))
            default:
                raw("u00")
                bytes.append(Self.hexDigits[Int(byte >> 4)])
                bytes.append(Self.hexDigits[Int(byte & 0xF)])
            }
        }
        if runStart < utf8.count { bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart...])) }
    }

    private static let hexDigits: [UInt8] = Array("0123456789abcdef".utf8)

    /// A decimal integer.
    public mutating func int(_ value: Int) {
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        var magnitude = value.magnitude
        if magnitude < 10 {
            bytes.append(UInt8(ascii: "0") &+ UInt8(magnitude))
            return
        }
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)  // 24 bytes: enough for 20 digits
        withUnsafeMutableBytes(of: &digits) { buffer in
            var start = buffer.count
            while magnitude > 0 {
                start -= 1
                buffer[start] = UInt8(ascii: "0") &+ UInt8(magnitude % 10)
                magnitude /= 10
            }
            bytes.append(contentsOf: buffer[start...])
        }
    }

    /// `true` or `false`.
    public mutating func bool(_ value: Bool) {
        value ? raw("true") : raw("false")
    }

    /// `null`.
    public mutating func null() {
        raw("null")
    }

    /// An integer, or `null`.
    public mutating func int(_ value: Int?) {
        if let value { int(value) } else { null() }
    }

    /// A string, or `null`.
    public mutating func string(_ value: String?) {
        if let value { string(value) } else { null() }
    }

    /// `[a,b,c]` with `element` writing each.
    public mutating func array<Element>(_ elements: [Element], _ element: (inout JSONWriter, Element) -> Void) {
        bytes.append(UInt8(ascii: "["))
        for (index, value) in elements.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            element(&self, value)
        }
        bytes.append(UInt8(ascii: "]"))
    }

    /// What was written, as text (it is UTF-8: every string was, and escapes are ASCII).
    public var text: String { String(decoding: bytes, as: UTF8.self) }
}
