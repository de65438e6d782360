import Foundation
import HooSets
import SharedNetworking
import Testing

/// Inputs found by the fuzz targets in `Fuzz/` (see Docs/Reliability.md), kept as tests.
@Suite("Fuzz regressions: HooSets")
struct HooSetsFuzzRegressionTests {
    typealias Entry = TestZipWriter.Entry

    static let hostileName = "evil\n\u{1B}[2J.txt"
    static let escapedName = #"evil\n\u{1B}[2J.txt"#

    /// ZipMemory found it: an entry name is archive bytes, and the messages quoted it raw, so a
    /// name with a line break or a terminal escape split (or repainted) the CLI's `error:` line.
    @Test func controlCharactersInEntryNamesAreEscapedInMessages() throws {
        let archive = try ZipArchive(data: TestZipWriter([Entry(Self.hostileName, text: "hello")]).build())
        let error = #expect(throws: ZipError.unsafePath(entry: Self.hostileName, reason: .controlCharacter)) {
            try ZipExtractionPlan(archive: archive)
        }
        #expect(error?.description == "entry '\(Self.escapedName)' has a control character in its name; refused")
    }

    @Test func damagedEntryWithAHostileNameIsOneLine() throws {
        var entry = Entry(Self.hostileName, text: "hello")
        entry.centralCRC = 0x1234_5678
        entry.localCRC = 0x1234_5678
        let archive = try ZipArchive(data: TestZipWriter([entry]).build())
        let error = #expect(throws: ZipError.self) { _ = try archive.data(for: archive.entries[0]) }
        let description = try #require(error?.description)
        #expect(description.hasPrefix("entry '\(Self.escapedName)' is damaged: CRC-32 "), "\(description)")
        #expect(!description.contains { $0.isNewline })
    }

    /// Values from hoo_set.json appear in diagnostics (an unknown colour is quoted).
    @Test func unknownColourWithALineBreakIsOneLineInDiagnostics() throws {
        let scratch = try Scratch("hoo-fuzz")
        defer { scratch.remove() }
        _ = try scratch.file("sets/01/hoo_set.json", Data(#"{"Color":"Ma\nuve","Count":1}"#.utf8))
        _ = try scratch.file("sets/01/01/hoo.json", Data(#"{"Title":"T","PoemLine":"P"}"#.utf8))
        let source = HooSetsSource(
            directory: scratch.url.appendingPathComponent("sets"), cacheDirectory: scratch.url.appendingPathComponent("cache"))
        let loaded = try source.loadSynchronously()
        #expect(loaded.value.sets.map(\.hoos.count) == [1])
        let messages = loaded.diagnostics.map(\.description)
        #expect(messages.contains(#"repaired: 01/hoo_set.json: unknown colour 'Ma\nuve'; using neutral grey #8E8E93"#), "\(messages)")
        #expect(messages.allSatisfy { !$0.contains { $0.isNewline } })
    }
}
