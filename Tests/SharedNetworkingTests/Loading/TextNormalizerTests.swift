import Foundation
import SharedNetworking
import Testing

/// Byte-order marks, declared charsets, RFC 8259 sniffing and the 8-bit fallbacks.
@Suite struct TextNormalizerTests {
    /// A small JSON document with non-ASCII text in every plane that matters.
    static let document = #"{"name":"Café Zoë – 東京 🚗"}"#

    static func encoded(_ text: String, _ encoding: String.Encoding) throws -> Data {
        try #require(text.data(using: encoding))
    }

    let normalizer = TextNormalizer()

    @Test func plainUTF8PassesThroughUntouched() {
        let bytes = Data(Self.document.utf8)
        let output = normalizer.normalize(bytes)
        #expect(output.utf8 == bytes)
        #expect(output.diagnostics.isEmpty)
    }

    @Test func utf8ByteOrderMarkIsStripped() {
        let output = normalizer.normalize(Data([0xEF, 0xBB, 0xBF]) + Data(Self.document.utf8))
        #expect(output.utf8 == Data(Self.document.utf8))
        #expect(output.diagnostics == [Diagnostic(.note, path: "bytes", message: "removed UTF-8 byte-order mark")])
    }

    @Test(arguments: [
        ([UInt8]([0xFF, 0xFE]), String.Encoding.utf16LittleEndian, "UTF-16LE"),
        ([0xFE, 0xFF], .utf16BigEndian, "UTF-16BE"),
        ([0xFF, 0xFE, 0x00, 0x00], .utf32LittleEndian, "UTF-32LE"),
        ([0x00, 0x00, 0xFE, 0xFF], .utf32BigEndian, "UTF-32BE"),
    ])
    func byteOrderMarkSelectsTheEncoding(bom: [UInt8], encoding: String.Encoding, name: String) throws {
        let bytes = Data(bom) + (try Self.encoded(Self.document, encoding))
        let output = normalizer.normalize(bytes)
        #expect(String(decoding: output.utf8, as: UTF8.self) == Self.document)
        #expect(output.diagnostics == [Diagnostic(.note, path: "bytes", message: "decoded \(name) byte-order mark")])
    }

    /// RFC 8259/4627: without a BOM, the zero bytes among the first four tell the encoding.
    @Test(arguments: [
        (String.Encoding.utf16LittleEndian, "UTF-16LE"),
        (.utf16BigEndian, "UTF-16BE"),
        (.utf32LittleEndian, "UTF-32LE"),
        (.utf32BigEndian, "UTF-32BE"),
    ])
    func unicodeWithoutByteOrderMarkIsSniffed(encoding: String.Encoding, name: String) throws {
        let output = normalizer.normalize(try Self.encoded(Self.document, encoding))
        #expect(String(decoding: output.utf8, as: UTF8.self) == Self.document)
        #expect(output.diagnostics == [Diagnostic(.note, path: "bytes", message: "decoded \(name) without byte-order mark")])
    }

    @Test func twoByteUTF16DocumentIsSniffed() throws {
        let output = normalizer.normalize(try Self.encoded("7", .utf16BigEndian))
        #expect(output.utf8 == Data("7".utf8))
    }

    @Test func invalidUTF8FallsBackToWindows1252WithADiagnostic() {
        // "café “quoted”" as Windows-1252: é = 0xE9, curly quotes = 0x93/0x94.
        let bytes = Data(#"{"t":"caf"#.utf8) + Data([0xE9, 0x20, 0x93]) + Data("quoted".utf8) + Data([0x94]) + Data(#""}"#.utf8)
        let output = normalizer.normalize(bytes)
        #expect(String(decoding: output.utf8, as: UTF8.self) == #"{"t":"café “quoted”"}"#)
        #expect(
            output.diagnostics == [
                Diagnostic(
                    .repaired, path: "bytes",
                    message: "not valid UTF-8 (first bad byte 0xE9 at offset 9); decoded as Windows-1252, the most natural reading: "
                        + "Windows-1252 scores 5 (punctuation where punctuation belongs, accented letters in words), "
                        + "Mac OS Roman scores -1 (capitals inside words), ISO 8859-1 scores -9 (control characters)")
            ])
    }

    @Test func windows1252UndefinedBytesDoNotFailTheDocument() {
        // 0x81 is unassigned in Windows-1252; browsers map it to U+0081 rather than failing.
        #expect(EightBitEncoding.windows1252.scalar(for: 0x81) == "\u{81}")
        // "Zoë’s “café” " in Windows-1252 with a stray 0x81: still read as Windows-1252.
        let bytes: [UInt8] = [0x22, 0x5A, 0x6F, 0xEB, 0x92, 0x73, 0x20, 0x93, 0x63, 0x61, 0x66, 0xE9, 0x94, 0x20, 0x81, 0x22]
        let output = normalizer.normalize(Data(bytes))
        #expect(String(decoding: output.utf8, as: UTF8.self) == "\"Zoë’s “café” \u{81}\"")
        #expect(output.diagnostics.count == 1)
    }

    @Test func macRomanFallbackMapsEllipsis() {
        // "Wait… é" as Mac OS Roman (0xC9 0x8E alone would be valid UTF-8, hence the space).
        let output = TextNormalizer(fallback: .macRoman).normalize(Data([0x22, 0x57, 0x61, 0x69, 0x74, 0xC9, 0x20, 0x8E, 0x22]))
        #expect(String(decoding: output.utf8, as: UTF8.self) == "\"Wait… é\"")
        #expect(output.diagnostics.first?.message.contains("decoded as Mac OS Roman") == true)
        #expect(output.diagnostics.first?.message.contains("0xC9 at offset 5") == true)
    }

    /// Preferring ISO 8859-1 does not make C1 controls of Windows-1252 punctuation: a preference
    /// only breaks ties (EightBitDetectionTests).
    @Test func latin1PreferenceDoesNotKeepC1Controls() {
        let output = TextNormalizer(fallback: .isoLatin1).normalize(Data([0x22, 0x93, 0xE9, 0x22]))
        #expect(String(decoding: output.utf8, as: UTF8.self) == "\"“é\"")
        #expect(output.diagnostics.first?.message.contains("decoded as Windows-1252") == true)
    }

    @Test(arguments: [
        ("iso-8859-1", [UInt8]([0xE9]), "é"),
        ("ISO_8859-1", [0xE9], "é"),
        ("latin1", [0xE9], "é"),
        ("windows-1252", [0x80, 0xE9], "€é"),
        ("cp1252", [0x85], "…"),
        ("macintosh", [0xC9, 0x8E], "…é"),
        ("x-mac-roman", [0xA5], "•"),
    ])
    func declaredEightBitCharsetIsHonouredSilently(charset: String, bytes: [UInt8], expected: String) {
        let output = normalizer.normalize(Data([0x22] + bytes + [0x22]), charset: charset)
        #expect(String(decoding: output.utf8, as: UTF8.self) == "\"\(expected)\"")
        #expect(output.diagnostics.isEmpty)
    }

    @Test(arguments: [
        ("utf-16le", String.Encoding.utf16LittleEndian),
        ("UTF-16BE", .utf16BigEndian),
        ("utf-32le", .utf32LittleEndian),
        ("utf-32be", .utf32BigEndian),
    ])
    func declaredUnicodeCharsetIsHonoured(charset: String, encoding: String.Encoding) throws {
        let output = normalizer.normalize(try Self.encoded(Self.document, encoding), charset: charset)
        #expect(String(decoding: output.utf8, as: UTF8.self) == Self.document)
        #expect(output.diagnostics == [Diagnostic(.note, path: "bytes", message: "decoded charset=\(charset)")])
    }

    /// `charset=utf-16` names no byte order: the text itself (or RFC 2781's big-endian default)
    /// decides, not a guess of little-endian.
    @Test(arguments: [String.Encoding.utf16BigEndian, .utf16LittleEndian])
    func unorderedUTF16CharsetUsesTheBytesOrder(encoding: String.Encoding) throws {
        let output = normalizer.normalize(try Self.encoded(Self.document, encoding), charset: "utf-16")
        #expect(String(decoding: output.utf8, as: UTF8.self) == Self.document)
    }

    @Test(arguments: [String.Encoding.utf32BigEndian, .utf32LittleEndian])
    func unorderedUTF32CharsetUsesTheBytesOrder(encoding: String.Encoding) throws {
        let output = normalizer.normalize(try Self.encoded(Self.document, encoding), charset: "utf-32")
        #expect(String(decoding: output.utf8, as: UTF8.self) == Self.document)
    }

    @Test func byteOrderMarkWinsOverDeclaredCharset() throws {
        let bytes = Data([0xFE, 0xFF]) + (try Self.encoded(Self.document, .utf16BigEndian))
        let output = normalizer.normalize(bytes, charset: "iso-8859-1")
        #expect(String(decoding: output.utf8, as: UTF8.self) == Self.document)
    }

    @Test func declaredUTF8ThatLiesFallsBackWithADiagnostic() {
        let output = normalizer.normalize(Data([0x22, 0xE9, 0x22]), charset: "utf-8")
        #expect(String(decoding: output.utf8, as: UTF8.self) == "\"é\"")
        #expect(output.diagnostics.map(\.kind) == [.repaired])
        #expect(
            output.diagnostics.first?.message.hasPrefix(
                "not valid UTF-8 (first bad byte 0xE9 at offset 1), although declared charset=utf-8;") == true)
    }

    @Test func utf8MislabelledAsLatin1IsReadAsUTF8WithADiagnostic() {
        let output = normalizer.normalize(Data("\"Café\"".utf8), charset: "iso-8859-1")
        #expect(String(decoding: output.utf8, as: UTF8.self) == "\"Café\"")
        #expect(output.diagnostics.map(\.kind) == [.repaired])
    }

    @Test func realLatin1LabelledLatin1IsDecodedSilently() {
        let output = normalizer.normalize(Data([0x22, 0x43, 0x61, 0x66, 0xE9, 0x22]), charset: "iso-8859-1")
        #expect(String(decoding: output.utf8, as: UTF8.self) == "\"Café\"")
        #expect(output.diagnostics.isEmpty)
    }

    @Test func unknownCharsetIsIgnored() {
        let output = normalizer.normalize(Data(Self.document.utf8), charset: "x-klingon")
        #expect(output.utf8 == Data(Self.document.utf8))
        #expect(output.diagnostics.isEmpty)
    }

    @Test func malformedUTF16IsRepairedNotDropped() {
        // A lone high surrogate (D800) between two characters, little-endian, after a BOM.
        let bytes = Data([0xFF, 0xFE, 0x22, 0x00, 0x00, 0xD8, 0x41, 0x00, 0x22, 0x00])
        let output = normalizer.normalize(bytes)
        #expect(String(decoding: output.utf8, as: UTF8.self) == "\"\u{FFFD}A\"")
        #expect(
            output.diagnostics == [Diagnostic(.repaired, path: "bytes", message: "malformed UTF-16LE; invalid units replaced with U+FFFD")])
    }

    /// Sequences that look like UTF-8 but are not (RFC 3629 §4): each must trigger the fallback.
    @Test(arguments: [
        [UInt8]([0xC0, 0x80]),  // overlong NUL
        [0xE0, 0x80, 0x80],  // overlong 3-byte
        [0xED, 0xA0, 0x80],  // UTF-16 surrogate encoded in UTF-8
        [0xF4, 0x90, 0x80, 0x80],  // above U+10FFFF
        [0xF5, 0x80, 0x80, 0x80],  // invalid lead byte
        [0xE2, 0x82],  // truncated at the end
        [0x80],  // lone continuation byte
        [0xE2, 0x28, 0xA1],  // bad continuation
    ])
    func invalidUTF8SequencesAreDetected(sequence: [UInt8]) {
        let output = normalizer.normalize(Data([0x22, 0x61] + sequence + [0x22]))
        #expect(output.diagnostics.map(\.kind) == [.repaired])
        #expect(output.diagnostics.first?.message.contains("at offset 2") == true)
    }

    @Test(arguments: [
        [UInt8]([0xC2, 0xA9]),  // ©
        [0xE2, 0x82, 0xAC],  // €
        [0xED, 0x9F, 0xBF],  // U+D7FF, just below the surrogates
        [0xF0, 0x9F, 0x9A, 0x97],  // 🚗
        [0xF4, 0x8F, 0xBF, 0xBF],  // U+10FFFF
    ])
    func validMultiByteUTF8IsAccepted(sequence: [UInt8]) {
        let bytes = Data([0x22] + sequence + [0x22])
        let output = normalizer.normalize(bytes)
        #expect(output.utf8 == bytes)
        #expect(output.diagnostics.isEmpty)
    }
}
