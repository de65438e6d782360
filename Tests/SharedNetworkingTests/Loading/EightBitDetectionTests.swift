import Foundation
import SharedNetworking
import Testing

/// Text that is not UTF-8 and says nothing about its encoding: the reading that is most natural
/// wins, the preference breaks ties, and the diagnostic says which and why.
@Suite struct EightBitDetectionTests {
    /// `text` encoded byte for byte in `encoding` (every character must exist there).
    static func encode(_ text: String, _ encoding: EightBitEncoding) throws -> Data {
        var bytes: [UInt8] = []
        for scalar in text.unicodeScalars {
            let byte = try #require((0...255).first { encoding.scalar(for: UInt8($0)) == scalar }, "\(scalar) in \(encoding)")
            bytes.append(UInt8(byte))
        }
        return Data(bytes)
    }

    static func json(_ text: String) -> String { #"{"text":"\#(text)"}"# }

    func decoded(_ output: TextNormalizer.Output) -> String { String(decoding: output.utf8, as: UTF8.self) }

    // MARK: Real-looking text in each encoding

    static let windowsText = "“Zoë’s café” – a 10–15 minute walk… José Müller’s “Crème brûlée”"
    static let macText = "Crème brûlée à la française, naïve Zoë, Señor Müller’s Œuvre – “déjà vu”"

    @Test(arguments: EightBitEncoding.allCases)
    func windows1252WithQuotesDashesAndNamesReadsRightWhateverIsPreferred(preferred: EightBitEncoding) throws {
        let bytes = try Self.encode(Self.json(Self.windowsText), .windows1252)
        let output = TextNormalizer(fallback: preferred).normalize(bytes)
        #expect(decoded(output) == Self.json(Self.windowsText))
        let message = try #require(output.diagnostics.first?.message)
        #expect(message.contains("decoded as Windows-1252, the most natural reading: Windows-1252 scores"), "\(message)")
        #expect(message.contains("punctuation where punctuation belongs"))
        #expect(message.contains("Mac OS Roman scores -"), "\(message)")
        #expect(message.contains("ISO 8859-1 scores -"), "\(message)")
    }

    @Test(arguments: EightBitEncoding.allCases)
    func macRomanWithAccentedWordsReadsRightWhateverIsPreferred(preferred: EightBitEncoding) throws {
        let bytes = try Self.encode(Self.json(Self.macText), .macRoman)
        let output = TextNormalizer(fallback: preferred).normalize(bytes)
        #expect(decoded(output) == Self.json(Self.macText))
        let message = try #require(output.diagnostics.first?.message)
        #expect(message.contains("decoded as Mac OS Roman, the most natural reading: Mac OS Roman scores"), "\(message)")
        #expect(message.contains("accented letters in words"))
    }

    /// ISO 8859-1 differs from Windows-1252 only in 0x80–0x9F, where it has C1 controls: those
    /// are never chosen, whatever is preferred.
    @Test func c1ControlsAreNeverTheReading() throws {
        let bytes = Data(Self.json("caf").utf8.dropLast(2)) + Data([0xE9, 0x20, 0x93]) + Data("ok".utf8) + Data([0x94, 0x22, 0x7D])
        let output = TextNormalizer(fallback: .isoLatin1).normalize(bytes)
        #expect(decoded(output) == Self.json("café “ok”"))
        #expect(output.diagnostics.first?.message.contains("ISO 8859-1 scores -9 (control characters)") == true, "\(output.diagnostics)")
    }

    /// Without bytes 0x80–0x9F the two read the same: no tie is claimed, the preferred name is used.
    @Test func identicalReadingsAreOneReading() throws {
        let bytes = try Self.encode(Self.json("Ærø, Ålborg, Düsseldorf"), .isoLatin1)
        let latin1 = TextNormalizer(fallback: .isoLatin1).normalize(bytes)
        #expect(decoded(latin1) == Self.json("Ærø, Ålborg, Düsseldorf"))
        let message = try #require(latin1.diagnostics.first?.message)
        #expect(message.contains("decoded as ISO 8859-1, the most natural reading"), "\(message)")
        #expect(!message.contains("Windows-1252"), "\(message)")
        let windows = TextNormalizer().normalize(bytes)
        #expect(windows.utf8 == latin1.utf8)
        #expect(windows.diagnostics.first?.message.contains("decoded as Windows-1252") == true)
    }

    // MARK: Thin evidence

    /// facts.json's only non-ASCII byte, 0xC9 before "are": "…are" (Mac OS Roman) and "Éare"
    /// (Windows-1252, ISO 8859-1) are equally plausible, so the preference decides.
    @Test(arguments: [EightBitEncoding.macRoman, .windows1252])
    func aTieIsBrokenByThePreference(preferred: EightBitEncoding) throws {
        let bytes = Data(#"{"d":""#.utf8) + Data([0xC9]) + Data(#"are illegal."}"#.utf8)
        let output = TextNormalizer(fallback: preferred).normalize(bytes)
        #expect(decoded(output) == (preferred == .macRoman ? #"{"d":"…are illegal."}"# : #"{"d":"Éare illegal."}"#))
        let message = try #require(output.diagnostics.first?.message)
        #expect(message.hasPrefix("not valid UTF-8 (first bad byte 0xC9 at offset 6); decoded as \(preferred.displayName), "), "\(message)")
        #expect(message.contains("too little evidence to choose"), "\(message)")
        #expect(message.contains(#"byte 0xC9 reads "#), "\(message)")
        #expect(message.hasSuffix("so the preferred encoding decides"), "\(message)")
    }

    @Test func theTieBreakAfterThePreferenceIsWindows1252() {
        let verdict = Data([0x22, 0xC9, 0x61, 0x22]).withUnsafeBytes { EightBitPlausibility.judge($0, preferring: .isoLatin1) }
        // ISO 8859-1 and Windows-1252 read 0xC9 the same ("É"); the preferred name stands for both.
        #expect(verdict.isTie)
        #expect(verdict.readings.map(\.encoding) == [.isoLatin1, .macRoman])
    }

    /// One byte can be enough: "é" ends a word, "È" after a lowercase letter does not.
    @Test(arguments: EightBitEncoding.allCases)
    func oneByteDecidesWhenOnlyOneReadingFits(preferred: EightBitEncoding) {
        let output = TextNormalizer(fallback: preferred).normalize(Data(#"{"t":"Caf"#.utf8) + Data([0xE9]) + Data(#""}"#.utf8))
        #expect(decoded(output) == #"{"t":"Café"}"#)
        #expect(output.diagnostics.first?.message.contains("too little evidence") == false)
    }

    @Test func aLoneAccentedLetterIsATie() {
        let verdict = Data([0x22, 0xE9, 0x22]).withUnsafeBytes { EightBitPlausibility.judge($0, preferring: .windows1252) }
        #expect(verdict.isTie)
        #expect(verdict.encoding == .windows1252)
        #expect(verdict.nonASCIICount == 1)
    }

    // MARK: Declared charsets

    /// A declared charset that fits is honoured, even where another reading would score higher:
    /// the server knows better than a guess, as long as every byte is a character in it.
    @Test func aDeclaredCharsetThatFitsIsHonoured() throws {
        // Mac OS Roman "é" is 0x8E, which Windows-1252 reads as "Ž": odd, but a character.
        let bytes = try Self.encode(Self.json("Café"), .macRoman)
        let declared = TextNormalizer().normalize(bytes, charset: "windows-1252")
        #expect(decoded(declared) == Self.json("CafŽ"))
        #expect(declared.diagnostics.isEmpty)
        let macintosh = TextNormalizer().normalize(bytes, charset: "macintosh")
        #expect(decoded(macintosh) == Self.json("Café"))
        #expect(macintosh.diagnostics.isEmpty)
        // Undeclared, the same bytes are judged, and Mac OS Roman reads best.
        #expect(decoded(TextNormalizer().normalize(bytes)) == Self.json("Café"))
    }

    /// A declared 8-bit charset whose reading has bytes it does not define is contradicted: the
    /// text is judged instead, and the diagnostic says so.
    @Test func aContradictedDeclarationIsJudged() throws {
        // Mac OS Roman "è" is 0x8F, a byte Windows-1252 leaves undefined.
        let bytes = try Self.encode(Self.json("Crème caramel"), .macRoman)
        let output = TextNormalizer().normalize(bytes, charset: "windows-1252")
        #expect(decoded(output) == Self.json("Crème caramel"))
        let message = try #require(output.diagnostics.first?.message)
        #expect(
            message.hasPrefix("declared charset=windows-1252, but byte 0x8F is no character in Windows-1252; decoded as Mac OS Roman, "),
            "\(message)")
    }

    /// The WHATWG Encoding Standard reads `iso-8859-1` and `latin1` as Windows-1252: curly quotes
    /// and dashes, not C1 controls. Said once, when it matters.
    @Test(arguments: ["iso-8859-1", "ISO-8859-1", "latin1", "iso_8859-1", "l1"])
    func latin1LabelsAreReadAsWindows1252(label: String) throws {
        let bytes = try Self.encode(Self.json("“Hi” – it’s"), .windows1252)
        let output = TextNormalizer().normalize(bytes, charset: label)
        #expect(decoded(output) == Self.json("“Hi” – it’s"))
        #expect(
            output.diagnostics == [
                Diagnostic(
                    .repaired, path: "bytes",
                    message: "charset=\(label) read as Windows-1252, as the WHATWG Encoding Standard and browsers read it: "
                        + "bytes 0x80-0x9F are punctuation there (“ ” – …), control characters in strict ISO 8859-1")
            ])
    }

    @Test(arguments: ["us-ascii", "ascii", "US-ASCII"])
    func asciiLabelsAreReadAsWindows1252(label: String) throws {
        let bytes = try Self.encode(Self.json("Café – ok"), .windows1252)
        let output = TextNormalizer().normalize(bytes, charset: label)
        #expect(decoded(output) == Self.json("Café – ok"))
        #expect(output.diagnostics.count == 1)
        #expect(
            output.diagnostics.first?.message.hasPrefix("charset=\(label) but the text has bytes outside ASCII; read as Windows-1252")
                == true)
        // Plain ASCII under an ASCII label is what it says: nothing to report.
        #expect(TextNormalizer().normalize(Data(Self.json("ok").utf8), charset: label).diagnostics.isEmpty)
    }

    // MARK: Re-encoding

    /// Every character of each encoding, between ASCII runs of every length up to 17 (the
    /// re-encoder copies ASCII eight bytes at a time), comes out as that character in UTF-8.
    @Test(arguments: [("macintosh", EightBitEncoding.macRoman), ("windows-1252", .windows1252)])
    func everyByteIsReencodedAsItsCharacter(charset: String, encoding: EightBitEncoding) {
        let undefined: Set<UInt8> = [0x81, 0x8D, 0x8F, 0x90, 0x9D]
        var bytes: [UInt8] = []
        var expected = String.UnicodeScalarView()
        for byte in UInt8(0x80)...UInt8(0xFF) where encoding == .macRoman || !undefined.contains(byte) {
            let run = Int(byte) % 18
            bytes += Array(repeating: UInt8(ascii: "a"), count: run) + [byte]
            expected.append(contentsOf: String(repeating: "a", count: run).unicodeScalars)
            expected.append(encoding.scalar(for: byte))
        }
        let output = TextNormalizer().normalize(Data(bytes), charset: charset)
        #expect(String(decoding: output.utf8, as: UTF8.self) == String(expected))
        #expect(output.diagnostics.isEmpty)
    }

    // MARK: Cost

    /// One pass, linear: a megabyte of text decides in well under a second even in a debug build.
    @Test func aMegabyteIsJudgedInOnePass() throws {
        let paragraph = try Self.encode(Self.windowsText + " and plain ASCII words around it. ", .windows1252)
        var bytes = Data()
        while bytes.count < 1 << 20 { bytes.append(paragraph) }
        let verdict = bytes.withUnsafeBytes { EightBitPlausibility.judge($0, preferring: .macRoman) }
        #expect(verdict.encoding == .windows1252)
        #expect(verdict.nonASCIICount > 10_000)
    }
}
