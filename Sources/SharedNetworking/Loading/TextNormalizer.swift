import Foundation

/// An 8-bit encoding used when bytes are not valid UTF-8 and nothing says what they are.
public enum EightBitEncoding: String, Sendable, Codable, CaseIterable {
    /// The web's de-facto default for mislabelled Latin text (WHATWG maps `iso-8859-1` to it).
    case windows1252
    /// ISO 8859-1: every byte is the code point of the same value.
    case isoLatin1
    /// Classic Mac OS text, as written by old Mac editors (byte 0xC9 is "…").
    case macRoman

    /// The encoding's usual name, as diagnostics print it (`Windows-1252`).
    public var displayName: String {
        switch self {
        case .windows1252: "Windows-1252"
        case .isoLatin1: "ISO 8859-1"
        case .macRoman: "Mac OS Roman"
        }
    }

    func decode(_ bytes: Data) -> String {
        switch self {
        case .macRoman:
            return MacRoman.decode(bytes)
        case .isoLatin1:
            return String(String.UnicodeScalarView(bytes.map { UnicodeScalar($0) }))
        case .windows1252:
            // Foundation leaves five undefined bytes (0x81 0x8D 0x8F 0x90 0x9D) unmapped and
            // fails the whole string; map those to their C1 code points as browsers do.
            if let text = String(data: bytes, encoding: .windowsCP1252) { return text }
            return String(String.UnicodeScalarView(bytes.map { Windows1252.scalar(for: $0) }))
        }
    }
}

/// Turns the bytes of a text document into UTF-8, whatever they arrived as.
///
/// Order of evidence: a byte-order mark wins; then the `charset` of `Content-Type`; then the
/// JSON rule of RFC 8259/4627 (zero bytes in the first four reveal UTF-16/32); then UTF-8 if the
/// bytes are valid UTF-8; otherwise the configured ``EightBitEncoding``, reported as a
/// ``Diagnostic`` so the repair is visible rather than silent.
public struct TextNormalizer: Sendable {
    /// The encoding assumed when the bytes are not valid UTF-8 and nothing else says what they are.
    public var fallback: EightBitEncoding

    /// A normalizer that falls back to `fallback`.
    public init(fallback: EightBitEncoding = .windows1252) {
        self.fallback = fallback
    }

    /// The normalized text and how it was arrived at.
    public struct Output: Sendable, Equatable {
        /// Valid UTF-8 without a byte-order mark.
        public var utf8: Data
        /// What was detected or repaired, if anything.
        public var diagnostics: [Diagnostic]
    }

    /// `data` as UTF-8 without a byte-order mark; `charset` is the `Content-Type` parameter, if any.
    public func normalize(_ data: Data, charset: String? = nil) -> Output {
        let bytes = [UInt8](data)
        if let (encoding, bomLength) = Self.byteOrderMark(bytes) {
            return transcode(Data(bytes.dropFirst(bomLength)), from: encoding, note: "\(encoding.name) byte-order mark")
        }
        if let charset, let declared = Self.encoding(forCharset: charset, bytes: bytes) {
            switch declared {
            case .utf8: break  // validated below, with the fallback if it lies
            case .eightBit(let encoding):
                // A common server misconfiguration labels UTF-8 as Latin-1. In Latin-1 and
                // Windows-1252 a valid UTF-8 sequence reads as mojibake ("Ã©"), so valid UTF-8
                // with non-ASCII bytes is almost never real text in those. Not so for Mac Roman,
                // whose accented letters sit at 0x80-0xBF: its label is always trusted.
                if encoding != .macRoman, bytes.contains(where: { $0 >= 0x80 }), Self.firstInvalidUTF8Offset(bytes) == nil {
                    let diagnostic = Diagnostic(
                        .repaired,
                        path: "bytes",
                        message: "declared charset=\(charset) but the bytes are valid UTF-8; decoded as UTF-8"
                    )
                    return Output(utf8: data, diagnostics: [diagnostic])
                }
                return Output(utf8: Data(encoding.decode(data).utf8), diagnostics: [])
            default:
                return transcode(data, from: declared, note: "charset=\(charset)")
            }
        }
        if let sniffed = Self.sniffJSONUnicode(bytes) {
            return transcode(data, from: sniffed, note: "\(sniffed.name) without byte-order mark")
        }
        if let invalidAt = Self.firstInvalidUTF8Offset(bytes) {
            let text = fallback.decode(data)
            let diagnostic = Diagnostic(
                .repaired,
                path: "bytes",
                message:
                    "not valid UTF-8 (first bad byte 0x\(String(bytes[invalidAt], radix: 16, uppercase: true)) at offset \(invalidAt)); decoded as \(fallback.displayName)"
            )
            return Output(utf8: Data(text.utf8), diagnostics: [diagnostic])
        }
        return Output(utf8: data, diagnostics: [])
    }

    // MARK: Detection

    enum Unicode: Equatable {
        case utf8, utf16BE, utf16LE, utf32BE, utf32LE
        case eightBit(EightBitEncoding)

        var name: String {
            switch self {
            case .utf8: "UTF-8"
            case .utf16BE: "UTF-16BE"
            case .utf16LE: "UTF-16LE"
            case .utf32BE: "UTF-32BE"
            case .utf32LE: "UTF-32LE"
            case .eightBit(let encoding): encoding.displayName
            }
        }

        var foundation: String.Encoding? {
            switch self {
            case .utf8: .utf8
            case .utf16BE: .utf16BigEndian
            case .utf16LE: .utf16LittleEndian
            case .utf32BE: .utf32BigEndian
            case .utf32LE: .utf32LittleEndian
            case .eightBit: nil
            }
        }
    }

    static func byteOrderMark(_ bytes: [UInt8]) -> (Unicode, Int)? {
        if bytes.starts(with: [0x00, 0x00, 0xFE, 0xFF]) { return (.utf32BE, 4) }
        if bytes.starts(with: [0xFF, 0xFE, 0x00, 0x00]) { return (.utf32LE, 4) }
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { return (.utf8, 3) }
        if bytes.starts(with: [0xFE, 0xFF]) { return (.utf16BE, 2) }
        if bytes.starts(with: [0xFF, 0xFE]) { return (.utf16LE, 2) }
        return nil
    }

    /// RFC 4627 §3: JSON text starts with two ASCII characters, so the pattern of zero bytes
    /// in the first four octets tells UTF-16 and UTF-32 apart from UTF-8.
    static func sniffJSONUnicode(_ bytes: [UInt8]) -> Unicode? {
        guard bytes.count >= 4 else {
            if bytes.count >= 2 {
                if bytes[0] == 0 && bytes[1] != 0 { return .utf16BE }
                if bytes[0] != 0 && bytes[1] == 0 { return .utf16LE }
            }
            return nil
        }
        let zero = bytes.prefix(4).map { $0 == 0 }
        switch (zero[0], zero[1], zero[2], zero[3]) {
        case (true, true, true, false): return .utf32BE
        case (false, true, true, true): return .utf32LE
        case (true, false, true, false): return .utf16BE
        case (false, true, false, true): return .utf16LE
        default: return nil
        }
    }

    /// The encoding a `charset` label names. `utf-16` and `utf-32` name no byte order: the
    /// text's own zero-byte pattern decides, else big-endian (RFC 2781 §4.3, UTF-32 likewise).
    static func encoding(forCharset charset: String, bytes: [UInt8] = []) -> Unicode? {
        switch charset.lowercased().replacingOccurrences(of: "_", with: "-") {
        case "utf-8", "utf8", "us-ascii", "ascii": .utf8
        case "utf-16be": .utf16BE
        case "utf-16le": .utf16LE
        case "utf-16": sniffJSONUnicode(bytes) == .utf16LE ? .utf16LE : .utf16BE
        case "utf-32be": .utf32BE
        case "utf-32le": .utf32LE
        case "utf-32": sniffJSONUnicode(bytes) == .utf32LE ? .utf32LE : .utf32BE
        case "iso-8859-1", "latin1", "iso8859-1", "l1": .eightBit(.isoLatin1)
        case "windows-1252", "cp1252", "x-cp1252": .eightBit(.windows1252)
        case "macintosh", "x-mac-roman", "macroman", "mac": .eightBit(.macRoman)
        default: nil
        }
    }

    /// The offset of the first byte that breaks UTF-8, or `nil` when the bytes are valid.
    static func firstInvalidUTF8Offset(_ bytes: [UInt8]) -> Int? {
        var index = 0
        let count = bytes.count
        while index < count {
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

    private func transcode(_ data: Data, from encoding: Unicode, note: String) -> Output {
        if encoding == .utf8 {
            // A UTF-8 BOM is only stripped; the rest is validated like any UTF-8.
            var output = normalize(data)
            output.diagnostics.insert(Diagnostic(.note, path: "bytes", message: "removed \(note)"), at: 0)
            return output
        }
        if let foundation = encoding.foundation, let text = String(data: data, encoding: foundation) {
            return Output(utf8: Data(text.utf8), diagnostics: [Diagnostic(.note, path: "bytes", message: "decoded \(note)")])
        }
        // Malformed UTF-16/32 (an odd byte count, a lone surrogate): keep what decodes.
        let text = Self.lossyDecode(data, encoding)
        return Output(
            utf8: Data(text.utf8),
            diagnostics: [Diagnostic(.repaired, path: "bytes", message: "malformed \(encoding.name); invalid units replaced with U+FFFD")]
        )
    }

    private static func lossyDecode(_ data: Data, _ encoding: Unicode) -> String {
        let bytes = [UInt8](data)
        switch encoding {
        case .utf16BE, .utf16LE:
            let bigEndian = encoding == .utf16BE
            var units: [UInt16] = []
            units.reserveCapacity(bytes.count / 2)
            var index = 0
            while index + 1 < bytes.count {
                let high = UInt16(bytes[bigEndian ? index : index + 1])
                let low = UInt16(bytes[bigEndian ? index + 1 : index])
                units.append(high << 8 | low)
                index += 2
            }
            return String(decoding: units, as: UTF16.self)
        case .utf32BE, .utf32LE:
            let bigEndian = encoding == .utf32BE
            var scalars = String.UnicodeScalarView()
            var index = 0
            while index + 3 < bytes.count {
                let quad: [UInt8] = bigEndian ? Array(bytes[index..<index + 4]) : bytes[index..<index + 4].reversed()
                var value: UInt32 = 0
                for byte in quad { value = value << 8 | UInt32(byte) }
                scalars.append(UnicodeScalar(value) ?? "\u{FFFD}")
                index += 4
            }
            return String(scalars)
        default:
            return String(decoding: bytes, as: UTF8.self)
        }
    }
}

/// Windows-1252 byte to scalar, with the five undefined bytes mapped to C1 controls.
enum Windows1252 {
    private static let high: [UInt32] = [
        0x20AC, 0x81, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0x8D, 0x017D, 0x8F,
        0x90, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014, 0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0x9D, 0x017E, 0x0178,
    ]

    static func scalar(for byte: UInt8) -> UnicodeScalar {
        let value = (0x80...0x9F).contains(byte) ? high[Int(byte) - 0x80] : UInt32(byte)
        return UnicodeScalar(value) ?? "\u{FFFD}"
    }
}
