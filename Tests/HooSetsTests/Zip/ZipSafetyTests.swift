import Foundation
import SharedNetworking
import Testing

@testable import HooSets

/// One hostile or broken archive per rule: each is refused with its own error, and nothing
/// exists afterwards but the archive itself (no target, no staging directory, no escapee).
@Suite("ZIP reader: safety rules")
struct ZipSafetyTests {
    typealias Entry = TestZipWriter.Entry

    /// Extracts `archive` into `<scratch>/out/target` and checks the error and the aftermath.
    func expectRefused(
        _ entries: [Entry], limits: ZipLimits = .standard, _ expected: ZipError, sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        try expectRefused(TestZipWriter(entries).build(), limits: limits, expected, sourceLocation: sourceLocation)
    }

    func expectRefused(
        _ data: Data, limits: ZipLimits = .standard, _ expected: ZipError, sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let scratch = try Scratch("zip-safety")
        defer { scratch.remove() }
        let archive = try scratch.file("archive.zip", data)
        let outside = scratch.url.deletingLastPathComponent()
        let before = Set((try? FileManager.default.contentsOfDirectory(atPath: outside.path)) ?? [])
        let target = scratch.url.appendingPathComponent("out/target", isDirectory: true)
        #expect(throws: expected, sourceLocation: sourceLocation) {
            try ZipExtractor(limits: limits).extract(archiveAt: archive, to: target)
        }
        let leftovers = scratch.tree.subtracting(["archive.zip", "out/"])
        #expect(leftovers.isEmpty, "left behind: \(leftovers.sorted())", sourceLocation: sourceLocation)
        let after = Set((try? FileManager.default.contentsOfDirectory(atPath: outside.path)) ?? [])
        let escaped = after.subtracting(before).filter { $0.contains("escape") }
        #expect(escaped.isEmpty, "written outside: \(escaped.sorted())", sourceLocation: sourceLocation)
    }

    static let escapee = "escape-\(UUID().uuidString).txt"

    @Test(arguments: [
        ("../\(escapee)", ZipError.UnsafePathReason.parentTraversal),
        ("a/../../\(escapee)", .parentTraversal),
        ("a/b/../../../\(escapee)", .parentTraversal),
        ("..\\\(escapee)", .parentTraversal),
        ("a\\..\\..\\\(escapee)", .parentTraversal),
        ("/tmp/\(escapee)", .absolute),
        ("\\\\server\\share\\\(escapee)", .absolute),
        ("C:\\\(escapee)", .absolute),
        ("c:/\(escapee)", .absolute),
        ("a/\u{0}/\(escapee)", .controlCharacter),
        ("a/\u{1B}[31m.txt", .controlCharacter),
        ("./", .empty),
        ("", .empty),
    ])
    func zipSlipPathsAreRefused(name: String, reason: ZipError.UnsafePathReason) throws {
        try expectRefused([Entry("ok.txt", text: "fine"), Entry(name, text: "pwned")], .unsafePath(entry: name, reason: reason))
    }

    @Test func harmlessDotComponentsAreNormalized() throws {
        #expect(try ZipPath(entryName: "./a//b/./c.txt").components == ["a", "b", "c.txt"])
        #expect(try ZipPath(entryName: "dir\\file.txt").description == "dir/file.txt")
        #expect(try ZipPath(entryName: "a..b/..c").components == ["a..b", "..c"])
    }

    @Test func symbolicLinksAreRefused() throws {
        var link = Entry("link", text: "/etc")
        link.unixMode = 0o120777
        try expectRefused([link, Entry("link/passwd", text: "x")], .symbolicLink(entry: "link"))
    }

    @Test func specialFilesAreRefused() throws {
        var fifo = Entry("pipe", text: "")
        fifo.unixMode = 0o010644
        try expectRefused([fifo], .unsupportedFileType(entry: "pipe", mode: 0o010644))
        // Devices and sockets stay refused even when they carry bytes (only a FIFO's bytes are a
        // file: what `zip` read from standard input).
        for mode: UInt32 in [0o020644, 0o060644, 0o140755] {
            var special = Entry("dev", text: "bytes")
            special.unixMode = mode
            try expectRefused([special], .unsupportedFileType(entry: "dev", mode: mode))
        }
    }

    @Test("data prepended to an archive without adjusting its offsets is named as the cause")
    func prependedDataIsNamed() throws {
        let archive = TestZipWriter([Entry("a.txt", text: "alpha"), Entry("b.txt", text: "beta")]).build()
        let stub = Data(repeating: 0x4D, count: 1000)
        try expectRefused(stub + archive, .dataBeforeFirstEntry(bytes: 1000))
        #expect(
            ZipError.dataBeforeFirstEntry(bytes: 1000).description
                == "the archive is damaged: 1000 bytes before the first entry; offsets not adjusted "
                + "(data such as a self-extractor stub was prepended; `zip -A` adjusts the offsets)")

        var zip64 = TestZipWriter([Entry("a.txt", text: "alpha")])
        zip64.zip64End = true
        try expectRefused(stub + zip64.build(), .dataBeforeFirstEntry(bytes: 1000))

        // Info-ZIP's own archive behind 1,000 bytes (unzip: "1000 extra bytes at beginning").
        try expectRefused(stub + InfoZipFixtures.standardInput, .dataBeforeFirstEntry(bytes: 1000))
        // An archive that is merely damaged is still called what it is.
        var damaged = [UInt8](archive)
        let directory = try #require(ByteReader(damaged).firstOffset(of: [0x50, 0x4B, 0x01, 0x02], from: 0))
        damaged[directory + 3] = 0x09  // the first directory entry's signature
        #expect(throws: ZipError.self) { try ZipArchive(data: Data(damaged)) }
        #expect {
            try ZipArchive(data: Data(damaged))
        } throws: { error in
            if case .dataBeforeFirstEntry = error as? ZipError { return false }
            return true
        }
    }

    @Test func encryptedEntriesAreRefused() throws {
        var secret = Entry("secret.txt", text: "encrypted bytes", method: .stored)
        secret.flags = 1
        try expectRefused([secret], .encrypted(entry: "secret.txt"))
        var aes = Entry("aes.txt", text: "x", method: .other(99))
        aes.flags = 1
        try expectRefused([aes], .encrypted(entry: "aes.txt"))
    }

    @Test func unsupportedMethodsAreRefused() throws {
        try expectRefused([Entry("a.lzma", text: "not really lzma", method: .other(14))], .unsupportedMethod(entry: "a.lzma", method: 14))
        try expectRefused([Entry("a.d64", text: "x", method: .other(9))], .unsupportedMethod(entry: "a.d64", method: 9))
    }

    @Test func duplicateNamesAreRefused() throws {
        try expectRefused([Entry("a.txt", text: "1"), Entry("a.txt", text: "2")], .duplicateEntry("a.txt"))
        try expectRefused([Entry("dir/A.txt", text: "1"), Entry("dir/a.txt", text: "2")], .duplicateEntry("dir/a.txt"))
        try expectRefused([Entry("x/./y.txt", text: "1"), Entry("x//y.txt", text: "2")], .duplicateEntry("x//y.txt"))
        // "é" precomposed and decomposed name the same file on a Mac.
        try expectRefused([Entry("caf\u{E9}.txt", text: "1"), Entry("cafe\u{301}.txt", text: "2")], .duplicateEntry("cafe\u{301}.txt"))
    }

    @Test func aFileUsedAsADirectoryIsRefused() throws {
        try expectRefused([Entry("a", text: "file"), Entry("a/b.txt", text: "2")], .pathConflict(file: "a", entry: "a/b.txt"))
    }

    @Test func tooManyEntriesIsRefusedBeforeParsing() throws {
        let entries = (1...4).map { Entry("f\($0).txt", text: "\($0)") }
        try expectRefused(entries, limits: ZipLimits(maxEntryCount: 3), .tooManyEntries(count: 4, limit: 3))
        // A count that cannot fit in the directory is a lie, whatever the limit.
        var writer = TestZipWriter(entries)
        writer.declaredCount = 2000
        try expectRefused(writer.build(), .corrupt("2000 entries cannot fit in a 208-byte central directory"))
    }

    @Test func entryAndTotalSizeLimits() throws {
        let hundred = [UInt8](repeating: 65, count: 100)
        try expectRefused(
            [Entry("big.bin", hundred + [1])], limits: ZipLimits(maxEntrySize: 100), .entryTooLarge(entry: "big.bin", size: 101, limit: 100)
        )
        try expectRefused(
            [Entry("a.bin", hundred), Entry("b.bin", hundred)], limits: ZipLimits(maxTotalSize: 150), .totalTooLarge(size: 200, limit: 150))
    }

    @Test func zipBombRatioIsRefused() throws {
        let zeros = [UInt8](repeating: 0, count: 4 << 20)
        let compressed = UInt64(TestZipWriter.deflate(zeros).count)
        try expectRefused(
            [Entry("bomb.bin", zeros)],
            .suspiciousCompressionRatio(entry: "bomb.bin", compressed: compressed, uncompressed: 4 << 20, limit: 100))
    }

    @Test func aBombThatLiesAboutItsSizeStopsAtTheDeclaredSize() throws {
        var liar = Entry("liar.bin", [UInt8](repeating: 0, count: 4 << 20))
        liar.centralUncompressedSize = 1000
        liar.localUncompressedSize = 1000
        let archive = try ZipArchive(data: TestZipWriter([liar]).build())
        var received = 0
        #expect(throws: ZipError.sizeMismatch(entry: "liar.bin", declared: 1000, actual: 65536)) {
            try archive.read(archive.entries[0]) { received += $0.count }
        }
        #expect(received <= 1000)
        try expectRefused([liar], .sizeMismatch(entry: "liar.bin", declared: 1000, actual: 65536))
    }

    @Test func overlappingEntriesAreRefused() throws {
        var second = Entry("b.txt", text: "hello")
        second.centralOffset = 0
        try expectRefused([Entry("a.txt", text: "hello"), second], .overlappingEntries("a.txt", "b.txt"))
    }

    @Test(arguments: [0.1, 0.5, 0.9, 0.97, 0.995])
    func truncatedArchivesAreRefused(fraction: Double) throws {
        let text = String(repeating: "Inside the storm, I am wrapped in blue. ", count: 50)
        let full = TestZipWriter([Entry("d/"), Entry("d/a.txt", text: text), Entry("d/b.txt", text: text, method: .stored)]).build()
        let cut = full.prefix(Int(Double(full.count) * fraction))
        try expectRefused(Data(cut), .truncated("no end of central directory record at the end of archive.zip"))
    }

    @Test func realArchiveCutAtSeveralPoints() throws {
        let real = try Data(contentsOf: HooSetsResources.setsDirectory().appendingPathComponent("03.zip"))
        for cut in [30, 1000, real.count / 2, real.count - 9000, real.count - 22, real.count - 1] {
            #expect(throws: ZipError.truncated("no end of central directory record at the end of archive")) {
                try ZipArchive(data: real.prefix(cut))
            }
        }
    }

    @Test func crcMismatchIsRefusedAndTheStagedFileRemoved() throws {
        var damaged = Entry("a.txt", text: "They brought me rubies from the mine")
        damaged.centralCRC = 0xDEAD_BEEF
        damaged.localCRC = 0xDEAD_BEEF
        let actual = TestZipWriter.crc(damaged.data)
        try expectRefused([Entry("first.txt", text: "ok"), damaged], .crcMismatch(entry: "a.txt", expected: 0xDEAD_BEEF, actual: actual))
        var stored = damaged
        stored.method = .stored
        try expectRefused([stored], .crcMismatch(entry: "a.txt", expected: 0xDEAD_BEEF, actual: actual))
    }

    @Test func localAndCentralHeadersMustAgree() throws {
        var name = Entry("innocent.txt", text: "x")
        name.localName = Array("../escape.txt".utf8)
        try expectRefused([name], .headerMismatch(entry: "innocent.txt", field: "name"))

        var compressed = Entry("a.txt", text: "some text", method: .stored)
        compressed.localCompressedSize = 3
        try expectRefused([compressed], .headerMismatch(entry: "a.txt", field: "compressed size"))

        var uncompressed = Entry("a.txt", text: "some text")
        uncompressed.localUncompressedSize = 4
        try expectRefused([uncompressed], .headerMismatch(entry: "a.txt", field: "uncompressed size"))

        var method = Entry("a.txt", text: "some text", method: .stored)
        method.localMethod = 8
        try expectRefused([method], .headerMismatch(entry: "a.txt", field: "compression method"))

        var descriptor = Entry("a.txt", text: "some text")
        descriptor.dataDescriptor = true
        descriptor.descriptorCRC = 1
        try expectRefused([descriptor], .headerMismatch(entry: "a.txt", field: "data descriptor CRC-32"))
    }

    @Test func damagedDeflateDataIsRefused() throws {
        var garbage = Entry("a.txt", text: "some text")
        garbage.compressedOverride = [0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF]
        let archive = try ZipArchive(data: TestZipWriter([garbage]).build())
        #expect {
            try archive.verify()
        } throws: { error in
            guard case .invalidCompressedData(let entry, _) = error as? ZipError else { return false }
            return entry == "a.txt"
        }
    }

    /// Thousands of single-byte corruptions of a valid archive: every one is either read
    /// correctly or refused with a ZipError; none crashes or hangs.
    @Test func corruptedBytesNeverCrash() throws {
        let text = String(repeating: "Bright as yellow, warm as yellow. ", count: 20)
        var described = Entry("d/b.txt", text: text)
        described.dataDescriptor = true
        let original = TestZipWriter([Entry("d/"), Entry("d/a.txt", text: text, method: .stored), described]).build()
        var generator = SeededRandom(seed: 0x5EED)  // reproducible
        var refused = 0
        for _ in 0..<3000 {
            var bytes = [UInt8](original)
            let position = Int(generator.next() % UInt64(bytes.count))
            bytes[position] = UInt8(truncatingIfNeeded: generator.next())
            do {
                let archive = try ZipArchive(data: Data(bytes))
                try archive.verify()
                _ = try ZipExtractionPlan(archive: archive)
            } catch {
                refused += 1
            }
        }
        #expect(refused > 500)
    }
}
