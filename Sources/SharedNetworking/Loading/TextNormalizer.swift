import Foundation

/// Turns the bytes of a text document into UTF-8, whatever they arrived as.
///
/// Order of evidence: a byte-order mark wins; then the `charset` of `Content-Type` (labels read
/// as the WHATWG Encoding Standard reads them: `iso-8859-1`, `latin1` and `us-ascii` name
/// Windows-1252); then the JSON rule of RFC 8259/4627 (zero bytes in the first four reveal
/// UTF-16/32); then UTF-8 if the bytes are valid UTF-8; otherwise the 8-bit encoding whose
/// reading is most natural (``EightBitPlausibility``), with ``fallback`` deciding ties. Every
/// repair is reported as a ``Diagnostic`` saying what was chosen and why.
public struct TextNormalizer: Sendable {
    /// The 8-bit encoding preferred when the readings of bytes that are not UTF-8 are equally
    /// plausible (too little text to tell).
    public var fallback: EightBitEncoding

    /// A normalizer that prefers `fallback` when the evidence does not decide.
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
        data.withUnsafeBytes { normalize($0, data: data, charset: charset) }
    }

    private func normalize(_ bytes: UnsafeRawBufferPointer, data: Data, charset: String?) -> Output {
        if let (encoding, bomLength) = Self.byteOrderMark(bytes) {
            return transcode(data.dropFirst(bomLength), from: encoding, note: "\(encoding.name) byte-order mark")
        }
        var declaredUTF8: String?
        if let charset, let declared = Self.encoding(forCharset: charset, bytes: bytes) {
            switch declared {
            case .utf8: declaredUTF8 = charset  // validated below, and judged if it lies
            case .eightBit(let encoding, let label):
                return declaredEightBit(bytes, data: data, encoding: encoding, label: label, charset: charset)
            default: return transcode(data, from: declared, note: "charset=\(charset)")
            }
        }
        if let sniffed = Self.sniffJSONUnicode(bytes) {
            return transcode(data, from: sniffed, note: "\(sniffed.name) without byte-order mark")
        }
        guard let invalidAt = UTF8Validation.firstInvalidOffset(bytes) else { return Output(utf8: data, diagnostics: []) }
        let verdict = EightBitPlausibility.judge(bytes, preferring: fallback)
        let declaration = declaredUTF8.map { ", although declared charset=\($0)" } ?? ""
        let diagnostic = Diagnostic(
            .repaired,
            path: "bytes",
            message: "not valid UTF-8 (first bad byte 0x\(Self.hex(bytes[invalidAt])) at offset \(invalidAt))\(declaration); "
                + "decoded as \(verdict.encoding.displayName), \(verdict.explanation)"
        )
        return Output(utf8: verdict.encoding.utf8(bytes), diagnostics: [diagnostic])
    }

    /// A declared 8-bit charset is honoured unless its reading has characters no text contains
    /// (bytes the encoding leaves undefined) where another reading has none.
    private func declaredEightBit(
        _ bytes: UnsafeRawBufferPointer, data: Data, encoding: EightBitEncoding, label: CharsetLabelKind, charset: String
    ) -> Output {
        let hasNonASCII = UTF8Validation.containsNonASCII(bytes)
        // A common server misconfiguration labels UTF-8 as Latin-1. In Latin-1 and Windows-1252 a
        // valid UTF-8 sequence reads as mojibake ("Ã©"), so valid UTF-8 with non-ASCII bytes is
        // almost never real text in those. Not so for Mac Roman, whose accented letters sit at
        // 0x80-0xBF: its label is always trusted.
        if encoding != .macRoman, hasNonASCII, UTF8Validation.firstInvalidOffset(bytes) == nil {
            let diagnostic = Diagnostic(
                .repaired, path: "bytes", message: "declared charset=\(charset) but the bytes are valid UTF-8; decoded as UTF-8")
            return Output(utf8: data, diagnostics: [diagnostic])
        }
        guard hasNonASCII else { return Output(utf8: data, diagnostics: []) }
        if let undefined = Self.firstUndefinedByte(bytes, in: encoding) {
            let verdict = EightBitPlausibility.judge(bytes, preferring: encoding)
            if verdict.encoding != encoding, Self.firstUndefinedByte(bytes, in: verdict.encoding) == nil {
                let diagnostic = Diagnostic(
                    .repaired, path: "bytes",
                    message: "declared charset=\(charset), but byte 0x\(Self.hex(undefined)) is no character in \(encoding.displayName); "
                        + "decoded as \(verdict.encoding.displayName), \(verdict.explanation)")
                return Output(utf8: verdict.encoding.utf8(bytes), diagnostics: [diagnostic])
            }
        }
        var diagnostics: [Diagnostic] = []
        switch label {
        case .named:
            break
        case .latin1 where Self.contains(bytes, in: 0x80...0x9F):
            diagnostics.append(
                Diagnostic(
                    .repaired, path: "bytes",
                    message: "charset=\(charset) read as Windows-1252, as the WHATWG Encoding Standard and browsers read it: "
                        + "bytes 0x80-0x9F are punctuation there (“ ” – …), control characters in strict ISO 8859-1"))
        case .ascii:
            diagnostics.append(
                Diagnostic(
                    .repaired, path: "bytes",
                    message: "charset=\(charset) but the text has bytes outside ASCII; read as Windows-1252, "
                        + "as the WHATWG Encoding Standard and browsers read that label"))
        case .latin1:
            break
        }
        return Output(utf8: encoding.utf8(bytes), diagnostics: diagnostics)
    }

    /// The first byte that `encoding` maps to a control character rather than text.
    private static func firstUndefinedByte(_ bytes: UnsafeRawBufferPointer, in encoding: EightBitEncoding) -> UInt8? {
        let classes = encoding.table.classes
        return bytes.first { $0 >= 0x80 && classes[Int($0)] == .control }
    }

    private static func contains(_ bytes: UnsafeRawBufferPointer, in range: ClosedRange<UInt8>) -> Bool {
        bytes.contains { range.contains($0) }
    }

    private static func hex(_ byte: UInt8) -> String {
        String(byte, radix: 16, uppercase: true)
    }

    // MARK: Detection

    enum Unicode: Equatable {
        case utf8, utf16BE, utf16LE, utf32BE, utf32LE
        case eightBit(EightBitEncoding, CharsetLabelKind)

        var name: String {
            switch self {
            case .utf8: "UTF-8"
            case .utf16BE: "UTF-16BE"
            case .utf16LE: "UTF-16LE"
            case .utf32BE: "UTF-32BE"
            case .utf32LE: "UTF-32LE"
            case .eightBit(let encoding, _): encoding.displayName
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

    static func byteOrderMark(_ bytes: UnsafeRawBufferPointer) -> (Unicode, Int)? {
        if bytes.starts(with: [0x00, 0x00, 0xFE, 0xFF]) { return (.utf32BE, 4) }
        if bytes.starts(with: [0xFF, 0xFE, 0x00, 0x00]) { return (.utf32LE, 4) }
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { return (.utf8, 3) }
        if bytes.starts(with: [0xFE, 0xFF]) { return (.utf16BE, 2) }
        if bytes.starts(with: [0xFF, 0xFE]) { return (.utf16LE, 2) }
        return nil
    }

    /// RFC 4627 §3: JSON text starts with two ASCII characters, so the pattern of zero bytes
    /// in the first four octets tells UTF-16 and UTF-32 apart from UTF-8.
    static func sniffJSONUnicode(_ bytes: UnsafeRawBufferPointer) -> Unicode? {
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

    /// The encoding a `charset` label names, as the WHATWG Encoding Standard reads labels:
    /// `iso-8859-1`, `latin1` and `us-ascii` name Windows-1252 (what servers that send them
    /// mean, and what every browser decodes). `utf-16` and `utf-32` name no byte order: the
    /// text's own zero-byte pattern decides, else big-endian (RFC 2781 §4.3, UTF-32 likewise).
    static func encoding(forCharset charset: String, bytes: UnsafeRawBufferPointer) -> Unicode? {
        switch charset.lowercased().replacingOccurrences(of: "_", with: "-") {
        case "utf-8", "utf8", "unicode-1-1-utf-8", "unicode11utf8", "unicode20utf8", "x-unicode20utf8": .utf8
        case "utf-16be": .utf16BE
        case "utf-16le": .utf16LE
        case "utf-16": sniffJSONUnicode(bytes) == .utf16LE ? .utf16LE : .utf16BE
        case "utf-32be": .utf32BE
        case "utf-32le": .utf32LE
        case "utf-32": sniffJSONUnicode(bytes) == .utf32LE ? .utf32LE : .utf32BE
        case "iso-8859-1", "latin1", "iso8859-1", "iso88591", "l1", "iso-8859-1:1987", "iso-ir-100", "cp819", "ibm819", "csisolatin1":
            .eightBit(.windows1252, .latin1)
        case "us-ascii", "ascii", "ansi-x3.4-1968": .eightBit(.windows1252, .ascii)
        case "windows-1252", "cp1252", "x-cp1252": .eightBit(.windows1252, .named)
        case "macintosh", "x-mac-roman", "macroman", "mac", "csmacintosh": .eightBit(.macRoman, .named)
        default: nil
        }
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

/// How a declared 8-bit `charset` label relates to what it is read as.
enum CharsetLabelKind: Equatable {
    /// The label names the encoding it is read as (`windows-1252`, `macintosh`).
    case named
    /// An ISO 8859-1 label, read as Windows-1252: they differ in bytes 0x80–0x9F only.
    case latin1
    /// An ASCII label, read as Windows-1252: they differ in every byte above 0x7F.
    case ascii
}
