import Foundation
import SharedNetworking
import Testing

@testable import HooSets

@Suite("ZIP extractor: streaming, skipping, atomic replacement")
struct ZipExtractorTests {
    typealias Entry = TestZipWriter.Entry

    @Test func realArchiveExtractsWithoutMacMetadata() throws {
        let scratch = try Scratch("extract")
        defer { scratch.remove() }
        let target = scratch.url.appendingPathComponent("01")
        let report = try ZipExtractor().extract(archiveAt: HooSetsResources.setsDirectory().appendingPathComponent("01.zip"), to: target)
        let tree = Scratch.tree(target)
        #expect(!tree.contains { $0.contains("__MACOSX") || $0.contains("._") || $0.contains(".DS_Store") })
        #expect(tree.contains("01/hoo_set.json"))
        #expect(tree.contains("01/header@3x.png"))
        #expect(tree.filter { $0.hasSuffix("/hoo.json") }.count == 14)
        #expect(tree.filter { $0.hasSuffix("/hoo.png") }.count == 14)
        #expect(report.filesWritten == tree.filter { !$0.hasSuffix("/") }.count)
        #expect(report.skipped.contains("__MACOSX/01/01/._hoo.png"))
        #expect(report.skipped.contains("01/.DS_Store"))
        let png = try Data(contentsOf: target.appendingPathComponent("01/01/hoo.png"))
        #expect(png.count == 23425)
        #expect(CRC32.checksum(png) == 0x5F0C_A383)
        // Nothing but the target next to it.
        #expect(scratch.tree.filter { !$0.hasPrefix("01/") }.isEmpty)
    }

    @Test("`cat f | zip - -`: a FIFO entry with data is extracted as a regular file, as unzip does")
    func standardInputEntryIsAFile() throws {
        let scratch = try Scratch("extract")
        defer { scratch.remove() }
        let archive = try ZipArchive(data: InfoZipFixtures.standardInput)
        let entry = try #require(archive.entries.first)
        #expect(entry.unixMode == 0o010600)
        #expect(entry.hasDataDescriptor)
        #expect(entry.kind == .file)
        let target = scratch.url.appendingPathComponent("out")
        let report = try ZipExtractor().extract(archive, to: target)
        #expect(report.filesWritten == 1)
        #expect(try String(contentsOf: target.appendingPathComponent("-"), encoding: .utf8) == "hello from a pipe\n")
        let attributes = try FileManager.default.attributesOfItem(atPath: target.appendingPathComponent("-").path)
        #expect(attributes[.type] as? FileAttributeType == .typeRegular)

        var written = TestZipWriter.Entry("piped.txt", text: "piped")
        written.unixMode = 0o010644
        #expect(try ZipArchive(data: TestZipWriter([written]).build()).entries.first?.kind == .file)
    }

    @Test func missingIntermediateDirectoriesAreCreated() throws {
        let scratch = try Scratch("extract")
        defer { scratch.remove() }
        let data = TestZipWriter([Entry("a/b/c/deep.txt", text: "deep"), Entry("top.txt", text: "top", method: .stored)]).build()
        let target = scratch.url.appendingPathComponent("out")
        let report = try ZipExtractor().extract(ZipArchive(data: data), to: target)
        #expect(Scratch.tree(target) == ["a/", "a/b/", "a/b/c/", "a/b/c/deep.txt", "top.txt"])
        #expect(report.directoriesCreated == 3)
        #expect(report.bytesWritten == 7)
        #expect(try String(contentsOf: target.appendingPathComponent("a/b/c/deep.txt"), encoding: .utf8) == "deep")
    }

    @Test func replacingAnExtractionIsAtomicAndKeepsTheOldOneOnFailure() throws {
        let scratch = try Scratch("extract")
        defer { scratch.remove() }
        let target = scratch.url.appendingPathComponent("set")
        let first = TestZipWriter([Entry("a.txt", text: "first"), Entry("old.txt", text: "old")]).build()
        try ZipExtractor().extract(ZipArchive(data: first), to: target)

        // A second archive whose second file fails to write: the first extraction stays whole.
        let big = [UInt8](repeating: 7, count: 300_000)
        let second = TestZipWriter([Entry("a.txt", text: "second"), Entry("b.bin", big)]).build()
        let failing = ZipExtractor(writer: FailingFileWriter(failAfterBytes: 100_000))
        #expect {
            try failing.extract(ZipArchive(data: second), to: target)
        } throws: { error in
            guard case .writeFailed(let path, let reason) = error as? ZipError else { return false }
            return path.hasSuffix("/b.bin") && reason.contains("injected")
        }
        #expect(scratch.tree == ["set/", "set/a.txt", "set/old.txt"])
        #expect(try String(contentsOf: target.appendingPathComponent("a.txt"), encoding: .utf8) == "first")

        // Without the failure the new content replaces the old in one step.
        try ZipExtractor().extract(ZipArchive(data: second), to: target)
        #expect(scratch.tree == ["set/", "set/a.txt", "set/b.bin"])
        #expect(try String(contentsOf: target.appendingPathComponent("a.txt"), encoding: .utf8) == "second")
    }

    @Test func leftoversOfACrashedExtractionAreRemoved() throws {
        let scratch = try Scratch("extract")
        defer { scratch.remove() }
        _ = try scratch.file(".set.partial-DEAD/half.txt", Data("half".utf8))
        _ = try scratch.file(".set.previous-BEEF/old.txt", Data("old".utf8))
        _ = try scratch.file(".other.partial-1/keep.txt", Data("not ours".utf8))
        try ZipExtractor().extract(
            ZipArchive(data: TestZipWriter([Entry("a.txt", text: "a")]).build()), to: scratch.url.appendingPathComponent("set"))
        #expect(scratch.tree == ["set/", "set/a.txt", ".other.partial-1/", ".other.partial-1/keep.txt"])
    }

    @Test func beforeCommitFilesArriveWithTheContentAndItsFailureAbortsAll() throws {
        let scratch = try Scratch("extract")
        defer { scratch.remove() }
        let archive = try ZipArchive(data: TestZipWriter([Entry("a.txt", text: "a")]).build())
        let target = scratch.url.appendingPathComponent("set")
        #expect(throws: ZipError.writeFailed(path: "manifest", reason: "refused")) {
            try ZipExtractor().extract(archive, to: target) { _ throws(ZipError) in throw .writeFailed(path: "manifest", reason: "refused")
            }
        }
        #expect(scratch.tree.isEmpty)
        try ZipExtractor().extract(archive, to: target) { staging throws(ZipError) in
            _ = FileManager.default.createFile(atPath: staging.appendingPathComponent("manifest").path, contents: Data("m".utf8))
        }
        #expect(scratch.tree == ["set/", "set/a.txt", "set/manifest"])
    }

    @Test func cancellationLeavesNothing() async throws {
        let scratch = try Scratch("extract")
        defer { scratch.remove() }
        let archive = try ZipArchive(data: TestZipWriter([Entry("a.txt", text: "a"), Entry("b.txt", text: "b")]).build())
        let target = scratch.url.appendingPathComponent("set")
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return Result { () throws(ZipError) in try ZipExtractor().extract(archive, to: target) }
        }
        let result = await task.value
        #expect(throws: ZipError.cancelled) { try result.get() }
        #expect(scratch.tree.isEmpty)
    }

    @Test func skipRuleMatchesMacMetadataOnly() throws {
        let skipped = ["__MACOSX/a/._b.png", "a/._b.png", "a/.DS_Store", ".DS_Store", "__MACOSX/"]
        let kept = ["a/b.png", "a/.hidden", "a/_b.png", "MACOSX/a.png", "a/DS_Store"]
        for name in skipped { #expect(ZipExtractor.isAppleMetadata(try ZipPath(entryName: name)), "\(name)") }
        for name in kept { #expect(!ZipExtractor.isAppleMetadata(try ZipPath(entryName: name)), "\(name)") }
    }
}
