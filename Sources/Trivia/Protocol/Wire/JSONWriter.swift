import Foundation

/// Appends JSON to a byte array in the protocol's canonical form: compact, keys written by the
/// caller in sorted order, strings escaped exactly as Foundation's `JSONEncoder` escapes them
/// (`\"`, `\\`, `\b`, `\f`, `\n`, `\r`, `\t`, other controls as `\u00xx`, `/` and everything
/// from U+007F up as they are), instants as ``TriviaDates`` writes them.
///
/// Matching Foundation's bytes is what lets ``TriviaReferenceCodec`` check this writer byte for
/// byte (tests and the `TriviaWire` fuzz target).
struct JSONWriter {
    var bytes: [UInt8]

    init(capacity: Int = 256) {
        bytes = []
        bytes.reserveCapacity(capacity)
    }

    /// Bytes that need no escaping (keys, punctuation), written as they are.
    mutating func raw(_ text: StaticString) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    mutating func raw(_ other: some Sequence<UInt8>) {
        bytes.append(contentsOf: other)
    }

    mutating func byte(_ byte: UInt8) {
        bytes.append(byte)
    }

    /// A JSON string: quoted, escaped.
    mutating func string(_ text: String) {
        bytes.append(UInt8(ascii: "\""))
        var text = text
        text.withUTF8 { utf8 in escape(utf8) }
        bytes.append(UInt8(ascii: "\""))
    }

    /// The escaped body of a string (no quotes), for a string assembled from parts.
    mutating func escape(_ utf8: UnsafeBufferPointer<UInt8>) {
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
    mutating func int(_ value: Int) {
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

    mutating func bool(_ value: Bool) {
        value ? raw("true") : raw("false")
    }

    mutating func null() {
        raw("null")
    }

    /// An integer, or `null`.
    mutating func int(_ value: Int?) {
        if let value { int(value) } else { null() }
    }

    /// A string, or `null`.
    mutating func string(_ value: String?) {
        if let value { string(value) } else { null() }
    }

    /// An instant as a JSON string, the way ``TriviaDates`` writes it.
    mutating func date(_ date: Date) {
        bytes.append(UInt8(ascii: "\""))
        TriviaDates.write(date, into: &bytes)
        bytes.append(UInt8(ascii: "\""))
    }

    /// An instant, or `null`.
    mutating func date(_ value: Date?) {
        if let value { date(value) } else { null() }
    }

    /// `[a,b,c]` with `element` writing each.
    mutating func array<Element>(_ elements: [Element], _ element: (inout JSONWriter, Element) -> Void) {
        bytes.append(UInt8(ascii: "["))
        for (index, value) in elements.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            element(&self, value)
        }
        bytes.append(UInt8(ascii: "]"))
    }
}
