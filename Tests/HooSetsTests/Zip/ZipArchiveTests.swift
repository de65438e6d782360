import Foundation
import Testing

@testable import HooSets

@Suite("ZIP reader: the real archives and format coverage")
struct ZipArchiveTests {
    static let setNumbers = (1...9).map { String(format: "%02d", $0) }

    func realArchive(_ number: String) throws -> URL {
        try HooSetsResources.setsDirectory().appendingPathComponent("\(number).zip")
    }

    @Test(arguments: setNumbers)
    func everyRealEntryVerifiesFromFileAndFromMemory(number: String) throws {
        let url = try realArchive(number)
        let fromFile = try ZipArchive(contentsOf: url)
        let fromMemory = try ZipArchive(data: try Data(contentsOf: url))
        #expect(fromFile.entries == fromMemory.entries)
        #expect(fromFile.entries.count > 50)
        try fromFile.verify()
        // Directories are Stored, files Deflated with data descriptors, as the fixture says.
        let directories = fromFile.entries.filter { $0.kind == .directory }
        let files = fromFile.entries.filter { $0.kind == .file }
        #expect(!directories.isEmpty && directories.allSatisfy { $0.method == 0 && $0.uncompressedSize == 0 })
        #expect(files.allSatisfy { $0.method == 8 && $0.hasDataDescriptor })
        #expect(fromFile.entries.contains { $0.path.hasPrefix("__MACOSX/") })
        let json = try #require(fromFile.entry(named: "\(number)/hoo_set.json"))
        #expect(try fromFile.data(for: json) == fromMemory.data(for: json))
        #expect(String(decoding: try fromFile.data(for: json), as: UTF8.self).contains("\"Color\""))
    }

    @Test func knownCRCAndSizesOfARealEntry() throws {
        let archive = try ZipArchive(contentsOf: realArchive("01"))
        let png = try #require(archive.entry(named: "01/01/hoo.png"))
        #expect(png.crc32 == 0x5F0C_A383)
        #expect(png.uncompressedSize == 23425)
        #expect(png.compressedSize == 22009)
        let bytes = try archive.data(for: png)
        #expect(bytes.count == 23425)
        #expect(Array(bytes.prefix(8)) == PNGHeader.signature)
        #expect(png.modificationDate.year == 2012)
    }

    @Test func smallChunksGiveTheSameBytes() throws {
        let archive = try ZipArchive(contentsOf: realArchive("02"))
        let entry = try #require(archive.entry(named: "02/01/hoo.png"))
        var chunks = 0
        var joined = Data()
        try archive.read(entry, chunkSize: 512) { chunk in
            chunks += 1
            #expect(chunk.count <= 512)
            joined.append(contentsOf: chunk)
        }
        #expect(chunks > 10)
        #expect(joined == (try archive.data(for: entry)))
    }

    @Test func storedAndDeflatedEntriesWithAndWithoutDescriptors() throws {
        let text = String(repeating: "They brought me rubies from the mine. ", count: 200)
        var withDescriptor = TestZipWriter.Entry("b.txt", text: text)
        withDescriptor.dataDescriptor = true
        var withoutSignature = TestZipWriter.Entry("c.txt", text: text, method: .stored)
        withoutSignature.dataDescriptor = true
        withoutSignature.descriptorSignature = false
        let data = TestZipWriter([
            TestZipWriter.Entry("dir/"),
            TestZipWriter.Entry("a.txt", text: text, method: .stored),
            withDescriptor, withoutSignature,
            TestZipWriter.Entry("empty.txt", text: "", method: .deflate),
        ]).build()
        let archive = try ZipArchive(data: data)
        #expect(archive.entries.map(\.path) == ["dir/", "a.txt", "b.txt", "c.txt", "empty.txt"])
        #expect(archive.entries.map(\.kind) == [.directory, .file, .file, .file, .file])
        for name in ["a.txt", "b.txt", "c.txt"] {
            #expect(String(decoding: try archive.data(for: #require(archive.entry(named: name))), as: UTF8.self) == text)
        }
        #expect(try archive.data(for: #require(archive.entry(named: "empty.txt"))).isEmpty)
        #expect(try #require(archive.entry(named: "b.txt")).compressedSize < 200)
    }

    @Test func trailingCommentIsTolerated() throws {
        var writer = TestZipWriter([TestZipWriter.Entry("a.txt", text: "hello")])
        // A comment that itself contains an end-of-central-directory signature.
        writer.comment = Array("PK\u{05}\u{06} not a record, just a comment".utf8)
        let archive = try ZipArchive(data: writer.build())
        #expect(try archive.data(for: archive.entries[0]) == Data("hello".utf8))
    }

    @Test func zip64RecordsAndExtraFieldsAreRead() throws {
        var entry = TestZipWriter.Entry("big.txt", text: "ZIP64 content")
        entry.zip64 = true
        var described = TestZipWriter.Entry("described.txt", text: "with an 8-byte descriptor")
        described.zip64 = true
        described.dataDescriptor = true
        var writer = TestZipWriter([entry, described])
        writer.zip64End = true
        let archive = try ZipArchive(data: writer.build())
        #expect(archive.isZip64)
        #expect(archive.entries.allSatisfy { $0.isZip64 })
        #expect(try archive.data(for: archive.entries[0]) == Data("ZIP64 content".utf8))
        #expect(try archive.data(for: archive.entries[1]) == Data("with an 8-byte descriptor".utf8))
    }

    @Test func namesInUTF8CP437AndUnicodePathField() throws {
        var flagged = TestZipWriter.Entry("café.txt", text: "1")
        flagged.flags = 1 << 11
        var dos = TestZipWriter.Entry("x", text: "2")
        dos.name = [0x82, 0x74, 0x65, 0x2E, 0x74, 0x78, 0x74]  // "éte.txt" in CP437
        dos.versionMadeBy = 0x0014  // MS-DOS
        dos.unixMode = 0
        var unicode = TestZipWriter.Entry("x", text: "3")
        unicode.name = Array("na?ve.txt".utf8)
        unicode.versionMadeBy = 0x0014
        unicode.unixMode = 0
        let utf8 = Array("naïve.txt".utf8)
        let crc = TestZipWriter.crc(unicode.name)
        unicode.centralExtra =
            [0x75, 0x70, UInt8(5 + utf8.count), 0, 1] + (0..<4).map { UInt8(truncatingIfNeeded: crc >> ($0 * 8)) } + utf8
        let archive = try ZipArchive(data: TestZipWriter([flagged, dos, unicode]).build())
        #expect(archive.entries.map(\.path) == ["café.txt", "éte.txt", "naïve.txt"])
        #expect(archive.entries[0].isUTF8)
    }

    @Test func cp437TableCoversTheHighHalf() {
        #expect(ZipNameDecoding.cp437High.count == 128)
        #expect(ZipNameDecoding.cp437([0x80, 0x9B, 0xE1, 0xFF]) == "Ç¢ß\u{00A0}")
    }

    @Test func splitArchivesAreRefused() {
        var writer = TestZipWriter([TestZipWriter.Entry("a.txt", text: "x")])
        writer.diskNumber = 1
        #expect(throws: ZipError.unsupportedFeature("split (multi-disk) archive")) {
            try ZipArchive(data: writer.build())
        }
    }

    @Test func notAZipAtAll() {
        #expect(throws: ZipError.notAZipArchive("the file is empty")) { try ZipArchive(data: Data()) }
        #expect(throws: ZipError.notAZipArchive("page.html has no end of central directory record")) {
            try ZipArchive(data: Data("<html>404</html>".utf8), name: "page.html")
        }
    }

    @Test func dosDateDecodes() {
        var entry = ZipEntry(
            index: 0, path: "a", rawName: [], kind: .file, method: 0, flags: 0, crc32: 0, compressedSize: 0, uncompressedSize: 0,
            localHeaderOffset: 0, versionMadeBy: 0, externalAttributes: 0, dosDateTime: 0, isZip64: false)
        entry.dosDateTime = UInt32(0x4896) << 16 | 0x6000  // 2016-04-22 12:00:00
        let date = entry.modificationDate
        let fields: [Int] = [date.year, date.month, date.day, date.hour, date.minute, date.second]
        #expect(fields == [2016, 4, 22, 12, 0, 0])
    }
}
