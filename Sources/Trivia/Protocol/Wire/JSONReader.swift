import Foundation
import SharedNetworking

/// Why a frame could not be read, and where.
struct WireFailure: Error, Sendable {
    enum Kind: Sendable {
        /// Not a JSON text (RFC 8259 / I-JSON).
        case json
        /// Valid JSON nested deeper than ``JSONReader/maxDepth``.
        case depth
        /// Valid JSON, but not the message: a missing or mistyped field.
        case field
    }

    let kind: Kind
    /// Byte offset of the problem from the start of the frame.
    let offset: Int
    /// What was expected and what was found; for fields, with the field's path.
    let text: String
}

/// The strict JSON reader of the protocol: RFC 8259's grammar exactly, plus I-JSON (RFC 7493)
/// for duplicate member names and number magnitudes, with a nesting limit. Every byte it moves
/// past has been checked, including the values a message does not use, so a frame it accepts is
/// a JSON text by the RFC and a frame it refuses names the byte and what was expected there.
///
/// The bytes must already be well-formed UTF-8 (``UTF8Validation`` runs first), so strings only need
/// their quotes, escapes and control characters checked. The rules, in one place:
/// - whitespace is space, tab, line feed and carriage return, nothing else; no byte order mark;
/// - literals are `true`, `false`, `null`, lower case;
/// - numbers are `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`, and their magnitude must
///   fit an IEEE 754 double (`1e400` is refused; I-JSON §2.2);
/// - strings have no raw control characters (U+0000…U+001F), only the escapes `\" \\ \/ \b \f \n
///   \r \t \uXXXX`, and `\u` escapes of surrogates come in high-low pairs (I-JSON §2.1);
/// - objects have no duplicate member names, compared after unescaping (I-JSON §2.3), and no
///   trailing commas; arrays neither;
/// - objects and arrays nest at most ``maxDepth`` deep.
struct JSONReader {
    /// The deepest nesting read. Messages use 4 (envelope, payload, `winners`, a winner); the rest
    /// is room for fields a newer peer adds.
    static let maxDepth = 32

    let bytes: UnsafeRawBufferPointer
    var offset: Int
    var depth = 0
    /// Off for a second read of bytes this reader already checked (the codec reads a payload's
    /// fields after the scan of the whole frame checked its names).
    var checksDuplicateNames = true

    init(_ bytes: UnsafeRawBufferPointer, offset: Int = 0) {
        self.bytes = bytes
        self.offset = offset
    }

    // MARK: Bytes

    var current: UInt8? { offset < bytes.count ? bytes[offset] : nil }

    mutating func skipWhitespace() {
        while offset < bytes.count {
            switch bytes[offset] {
            case 0x20, 0x09, 0x0A, 0x0D: offset += 1
            default: return
            }
        }
    }

    /// "expected X, found Y" at the current byte.
    func syntaxError(expected: String) -> WireFailure {
        WireFailure(kind: .json, offset: offset, text: "expected \(expected), found \(describeCurrent())")
    }

    /// The byte at the current offset, as a person reads it.
    func describeCurrent() -> String {
        guard let byte = current else { return "the end of the text" }
        switch byte {
        case 0x20: return "a space"
        case 0x21...0x7E: return "'\(Character(Unicode.Scalar(byte)))'"
        case 0x00..<0x20: return "control character U+00\(UTF8Validation.hex(byte))"
        default:
            let end = min(bytes.count, offset + 4)
            let text = String(decoding: UnsafeRawBufferPointer(rebasing: bytes[offset..<end]), as: UTF8.self)
            let hex = String(text.unicodeScalars.first?.value ?? UInt32(byte), radix: 16, uppercase: true)
            return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
        }
    }

    /// `text` quoted for an error message: at most 40 characters, and every control, format or
    /// separator character (a line break would split the message) written as `\u{…}`.
    static func quoted(_ text: String) -> String {
        var output = "\""
        for (index, scalar) in text.unicodeScalars.enumerated() {
            guard index < 40 else {
                output += "…"
                break
            }
            switch scalar.properties.generalCategory {
            case .control, .format, .lineSeparator, .paragraphSeparator, .surrogate, .unassigned, .privateUse:
                output += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
            default:
                output += scalar == "\"" || scalar == "\\" ? "\\\(scalar)" : String(scalar)
            }
        }
        return output + "\""
    }

    // MARK: Values

    /// What JSON value starts at the current offset (after whitespace).
    enum ValueKind: Equatable {
        case object, array, string, number, bool, null

        var described: String {
            switch self {
            case .object: "an object"
            case .array: "an array"
            case .string: "a string"
            case .number: "a number"
            case .bool: "a boolean"
            case .null: "null"
            }
        }
    }

    /// The kind of the value at the current offset, or `nil` when no value starts there.
    mutating func peekKind() -> ValueKind? {
        skipWhitespace()
        guard let byte = current else { return nil }
        switch byte {
        case UInt8(ascii: "{"): return .object
        case UInt8(ascii: "["): return .array
        case UInt8(ascii: "\""): return .string
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number
        case UInt8(ascii: "t"), UInt8(ascii: "f"): return .bool
        case UInt8(ascii: "n"): return .null
        default: return nil
        }
    }

    /// Checks and moves past one value of any kind.
    mutating func skipValue() throws(WireFailure) {
        switch peekKind() {
        case .object: try readObject { reader, _ throws(WireFailure) in try reader.skipValue() }
        case .array: try readArray { reader, _ throws(WireFailure) in try reader.skipValue() }
        case .string: _ = try scanString()
        case .number: _ = try scanNumber()
        case .bool, .null: _ = try scanLiteral()
        case nil: throw syntaxError(expected: "a value")
        }
    }

    /// Reads an object, calling `member` with each member's name; `member` reads or skips the
    /// value. Refuses duplicate names, trailing commas and nesting past ``maxDepth``.
    mutating func readObject(_ member: (inout JSONReader, StringToken) throws(WireFailure) -> Void) throws(WireFailure) {
        skipWhitespace()
        guard current == UInt8(ascii: "{") else { throw syntaxError(expected: "'{'") }
        try enter()
        offset += 1
        skipWhitespace()
        if current == UInt8(ascii: "}") {
            offset += 1
            depth -= 1
            return
        }
        var names = MemberNames()
        let checksNames = checksDuplicateNames
        while true {
            guard current == UInt8(ascii: "\"") else {
                throw syntaxError(expected: names.isEmpty ? "a member name (a string) or '}'" : "a member name (a string) after ','")
            }
            let name = try scanString()
            if checksNames, names.insert(name, in: bytes) == false {
                throw WireFailure(
                    kind: .json, offset: name.start - 1,
                    text: "duplicate member name \(Self.quoted(name.decoded(in: bytes))) (I-JSON, RFC 7493: names are unique)")
            }
            skipWhitespace()
            guard current == UInt8(ascii: ":") else { throw syntaxError(expected: "':' after a member name") }
            offset += 1
            skipWhitespace()
            try member(&self, name)
            skipWhitespace()
            switch current {
            case UInt8(ascii: ","):
                offset += 1
                skipWhitespace()
            case UInt8(ascii: "}"):
                offset += 1
                depth -= 1
                return
            default:
                throw syntaxError(expected: "',' or '}' after an object member")
            }
        }
    }

    /// Reads an array, calling `element` with each element's index; `element` reads or skips it.
    mutating func readArray(_ element: (inout JSONReader, Int) throws(WireFailure) -> Void) throws(WireFailure) {
        skipWhitespace()
        guard current == UInt8(ascii: "[") else { throw syntaxError(expected: "'['") }
        try enter()
        offset += 1
        skipWhitespace()
        if current == UInt8(ascii: "]") {
            offset += 1
            depth -= 1
            return
        }
        var index = 0
        while true {
            skipWhitespace()
            guard peekKind() != nil else { throw syntaxError(expected: index == 0 ? "a value or ']'" : "a value after ','") }
            try element(&self, index)
            index += 1
            skipWhitespace()
            switch current {
            case UInt8(ascii: ","): offset += 1
            case UInt8(ascii: "]"):
                offset += 1
                depth -= 1
                return
            default: throw syntaxError(expected: "',' or ']' after an array element")
            }
        }
    }

    private mutating func enter() throws(WireFailure) {
        depth += 1
        guard depth <= Self.maxDepth else {
            throw WireFailure(kind: .depth, offset: offset, text: "nested deeper than \(Self.maxDepth) levels")
        }
    }

    // MARK: Literals

    /// `true`, `false` or `null`, spelled exactly; returns which.
    mutating func scanLiteral() throws(WireFailure) -> ValueKind {
        let (word, kind): (StaticString, ValueKind) =
            switch current {
            case UInt8(ascii: "t"): ("true", .bool)
            case UInt8(ascii: "f"): ("false", .bool)
            case UInt8(ascii: "n"): ("null", .null)
            default: throw syntaxError(expected: "a value")
            }
        let expected = UnsafeRawBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount)
        let end = offset + expected.count
        guard end <= bytes.count, expected.elementsEqual(bytes[offset..<end]) else {
            throw syntaxError(expected: "'\(word)'")
        }
        offset = end
        return kind
    }

    /// `true` or `false` at the current offset (which must start a literal).
    mutating func scanBool() throws(WireFailure) -> Bool {
        let isTrue = current == UInt8(ascii: "t")
        _ = try scanLiteral()
        return isTrue
    }

    // MARK: Numbers

    /// Where a number is, and whether it is written as an integer (no fraction, no exponent).
    struct NumberToken {
        let start: Int
        let end: Int
        let isInteger: Bool
    }

    /// Checks a number against the grammar and I-JSON's magnitude limit and moves past it.
    mutating func scanNumber() throws(WireFailure) -> NumberToken {
        let start = offset
        if current == UInt8(ascii: "-") { offset += 1 }
        switch current {
        case UInt8(ascii: "0"):
            offset += 1
            if let next = current, isDigit(next) {
                throw WireFailure(
                    kind: .json, offset: offset, text: "expected no digit after a leading 0, found '\(Character(Unicode.Scalar(next)))'")
            }
        case .some(UInt8(ascii: "1")...UInt8(ascii: "9")):
            skipDigits()
        default:
            throw syntaxError(expected: "a digit")
        }
        var isInteger = true
        if current == UInt8(ascii: ".") {
            isInteger = false
            offset += 1
            guard let next = current, isDigit(next) else { throw syntaxError(expected: "a digit after '.'") }
            skipDigits()
        }
        if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
            isInteger = false
            offset += 1
            if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { offset += 1 }
            guard let next = current, isDigit(next) else { throw syntaxError(expected: "a digit in the exponent") }
            skipDigits()
        }
        let token = NumberToken(start: start, end: offset, isInteger: isInteger)
        // Only long numbers or exponents can exceed a double; check those exactly.
        if token.end - token.start > 300 || !isInteger, !(value(of: token)?.isFinite ?? false) {
            throw WireFailure(
                kind: .json, offset: start, text: "a number larger than a double can hold (I-JSON, RFC 7493: \(excerpt(token)))")
        }
        return token
    }

    /// The number's value as a double (rounded as `strtod` rounds it).
    func value(of token: NumberToken) -> Double? {
        Double(String(decoding: UnsafeRawBufferPointer(rebasing: bytes[token.start..<token.end]), as: UTF8.self))
    }

    /// The number as written, cut to 24 characters.
    func excerpt(_ token: NumberToken) -> String {
        let text = String(decoding: UnsafeRawBufferPointer(rebasing: bytes[token.start..<token.end]), as: UTF8.self)
        return text.count > 24 ? text.prefix(24) + "…" : text
    }

    /// The integer the token spells, or `nil` when it is outside `Int`'s range. The token must
    /// be an integer (``NumberToken/isInteger``).
    func integer(_ token: NumberToken) -> Int? {
        var index = token.start
        let negative = bytes[index] == UInt8(ascii: "-")
        if negative { index += 1 }
        var magnitude: UInt64 = 0
        while index < token.end {
            let (times10, overflow1) = magnitude.multipliedReportingOverflow(by: 10)
            let (sum, overflow2) = times10.addingReportingOverflow(UInt64(bytes[index] &- UInt8(ascii: "0")))
            guard !overflow1, !overflow2 else { return nil }
            magnitude = sum
            index += 1
        }
        if negative {
            return magnitude <= UInt64(Int.max) + 1 ? Int(truncatingIfNeeded: 0 &- magnitude) : nil
        }
        return magnitude <= UInt64(Int.max) ? Int(magnitude) : nil
    }

    private mutating func skipDigits() {
        while let byte = current, isDigit(byte) { offset += 1 }
    }

    private func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    // MARK: Strings

    /// Where a string's content is (between the quotes) and whether it has escapes.
    struct StringToken {
        let start: Int
        let end: Int
        let hasEscapes: Bool

        /// The string's text, escapes decoded.
        func decoded(in bytes: UnsafeRawBufferPointer) -> String {
            let content = UnsafeRawBufferPointer(rebasing: bytes[start..<end])
            guard hasEscapes else { return String(decoding: content, as: UTF8.self) }
            return String(decoding: unescaped(in: bytes), as: UTF8.self)
        }

        /// The UTF-8 of the decoded text.
        func unescaped(in bytes: UnsafeRawBufferPointer) -> [UInt8] {
            var output: [UInt8] = []
            output.reserveCapacity(end - start)
            var index = start
            while index < end {
                let byte = bytes[index]
                guard byte == UInt8(ascii: "\\") else {
                    output.append(byte)
                    index += 1
                    continue
                }
                let escape = bytes[index + 1]
                index += 2
                switch escape {
                case UInt8(ascii: "b"): output.append(0x08)
                case UInt8(ascii: "f"): output.append(0x0C)
                case UInt8(ascii: "n"): output.append(0x0A)
                case UInt8(ascii: "r"): output.append(0x0D)
                case UInt8(ascii: "t"): output.append(0x09)
                case UInt8(ascii: "u"):
                    var scalar = JSONReader.hexValue(bytes, at: index)
                    index += 4
                    if (0xD800...0xDBFF).contains(scalar) {  // checked: a low surrogate escape follows
                        let low = JSONReader.hexValue(bytes, at: index + 2)
                        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                        index += 6
                    }
                    output.append(contentsOf: String(Character(Unicode.Scalar(scalar) ?? "\u{FFFD}")).utf8)
                default: output.append(escape)  // " \ /
                }
            }
            return output
        }

        /// Whether the decoded text is exactly `text` (ASCII names, compared without decoding
        /// when the token has no escapes).
        func equals(_ text: StaticString, in bytes: UnsafeRawBufferPointer) -> Bool {
            let count = text.utf8CodeUnitCount
            guard hasEscapes else {
                guard end - start == count, let base = bytes.baseAddress else { return false }
                return memcmp(base + start, text.utf8Start, count) == 0
            }
            return unescaped(in: bytes).elementsEqual(UnsafeRawBufferPointer(start: text.utf8Start, count: count))
        }
    }

    /// Checks a string and moves past it.
    mutating func scanString() throws(WireFailure) -> StringToken {
        guard current == UInt8(ascii: "\"") else { throw syntaxError(expected: "'\"'") }
        offset += 1
        let start = offset
        var hasEscapes = false
        while offset < bytes.count {
            let byte = bytes[offset]
            if byte == UInt8(ascii: "\"") {
                offset += 1
                return StringToken(start: start, end: offset - 1, hasEscapes: hasEscapes)
            }
            if byte < 0x20 {
                throw WireFailure(
                    kind: .json, offset: offset,
                    text:
                        "expected an escape (\\n, \\t, \\u00\(UTF8Validation.hex(byte))) for control character U+00\(UTF8Validation.hex(byte)) in a string"
                )
            }
            guard byte == UInt8(ascii: "\\") else {
                offset += 1
                continue
            }
            hasEscapes = true
            try scanEscape()
        }
        throw WireFailure(
            kind: .json, offset: offset, text: "expected '\"' to end the string that starts at byte \(start - 1), found the end of the text"
        )
    }

    /// One escape sequence, the backslash at the current offset.
    private mutating func scanEscape() throws(WireFailure) {
        let escapeStart = offset
        offset += 1
        switch current {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"), UInt8(ascii: "n"),
            UInt8(ascii: "r"), UInt8(ascii: "t"):
            offset += 1
        case UInt8(ascii: "u"):
            offset += 1
            let scalar = try hexEscape()
            if (0xDC00...0xDFFF).contains(scalar) {
                throw WireFailure(
                    kind: .json, offset: escapeStart,
                    text: "expected a high surrogate before \\u\(String(scalar, radix: 16, uppercase: true)), found a lone low surrogate")
            }
            if (0xD800...0xDBFF).contains(scalar) {
                guard offset + 1 < bytes.count, bytes[offset] == UInt8(ascii: "\\"), bytes[offset + 1] == UInt8(ascii: "u") else {
                    throw WireFailure(
                        kind: .json, offset: offset,
                        text: "expected a \\uDC00…\\uDFFF escape after high surrogate \\u\(String(scalar, radix: 16, uppercase: true))")
                }
                let lowStart = offset
                offset += 2
                let low = try hexEscape()
                guard (0xDC00...0xDFFF).contains(low) else {
                    throw WireFailure(
                        kind: .json, offset: lowStart,
                        text:
                            "expected a \\uDC00…\\uDFFF escape after high surrogate \\u\(String(scalar, radix: 16, uppercase: true)), found \\u\(String(low, radix: 16, uppercase: true))"
                    )
                }
            }
        default:
            throw syntaxError(expected: "an escape character (\" \\ / b f n r t u) after '\\'")
        }
    }

    /// The four hex digits at the current offset.
    private mutating func hexEscape() throws(WireFailure) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let byte = current, let digit = Self.hexDigit(byte) else { throw syntaxError(expected: "a hex digit in a \\u escape") }
            value = value << 4 | digit
            offset += 1
        }
        return value
    }

    static func hexDigit(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
        default: nil
        }
    }

    /// Four hex digits already checked by ``scanString()``.
    static func hexValue(_ bytes: UnsafeRawBufferPointer, at index: Int) -> UInt32 {
        (0..<4).reduce(0) { value, position in value << 4 | (hexDigit(bytes[index + position]) ?? 0) }
    }
}

/// The member names of one object, for I-JSON's rule that names are unique. Up to eight are
/// kept inline (a message's objects have at most a dozen members, so checking them allocates
/// nothing) and compared pairwise; past 16 they move into a set, so an object of thousands of
/// members costs linear time, not quadratic.
struct MemberNames {
    private typealias Token = JSONReader.StringToken
    private var inline: (Token, Token, Token, Token, Token, Token, Token, Token) = (
        Token(start: 0, end: 0, hasEscapes: false), Token(start: 0, end: 0, hasEscapes: false), Token(start: 0, end: 0, hasEscapes: false),
        Token(start: 0, end: 0, hasEscapes: false), Token(start: 0, end: 0, hasEscapes: false), Token(start: 0, end: 0, hasEscapes: false),
        Token(start: 0, end: 0, hasEscapes: false), Token(start: 0, end: 0, hasEscapes: false)
    )
    private var count = 0
    private var more: [Token] = []
    private var set: Set<[UInt8]>?

    var isEmpty: Bool { count == 0 }

    /// Adds `name`; `false` when the object already has a member of that name.
    mutating func insert(_ name: JSONReader.StringToken, in bytes: UnsafeRawBufferPointer) -> Bool {
        count += 1
        if set != nil {
            return set?.insert(name.unescaped(in: bytes)).inserted ?? true
        }
        let seen = count - 1
        let duplicate = withInline { kept in kept.prefix(min(seen, 8)).contains { Self.same($0, name, in: bytes) } }
        if duplicate || more.contains(where: { Self.same($0, name, in: bytes) }) { return false }
        if seen < 8 {
            withInline { kept in kept[seen] = name }
        } else {
            more.append(name)
        }
        if count > 16 {
            let kept = withInline { Array($0) }
            set = Set((kept + more).map { $0.unescaped(in: bytes) })
            more = []
        }
        return true
    }

    /// The eight inline slots as a buffer (a tuple's elements are laid out like an array's).
    private mutating func withInline<Result>(_ body: (UnsafeMutableBufferPointer<Token>) -> Result) -> Result {
        withUnsafeMutablePointer(to: &inline) { tuple in
            tuple.withMemoryRebound(to: Token.self, capacity: 8) { body(UnsafeMutableBufferPointer(start: $0, count: 8)) }
        }
    }

    private static func same(_ a: Token, _ b: Token, in bytes: UnsafeRawBufferPointer) -> Bool {
        if !a.hasEscapes, !b.hasEscapes {
            guard a.end - a.start == b.end - b.start, let base = bytes.baseAddress else { return false }
            return memcmp(base + a.start, base + b.start, a.end - a.start) == 0
        }
        return a.unescaped(in: bytes) == b.unescaped(in: bytes)
    }
}
