import Foundation
import ScreenKit
import SharedNetworking
import Testing

@testable import HooSets

@Suite("Loading the Hoo sets")
struct HooSetsSourceTests {
    @Test func theNineBundledSetsEveryHooTitleAndPoem() throws {
        let scratch = try Scratch("sets")
        defer { scratch.remove() }
        let loaded = try HooSetsSource.bundled(caches: scratch.url).loadSynchronously()
        let library = loaded.value
        #expect(library.sets.map(\.id) == Array(1...9))
        #expect(library.sets.map(\.colorName) == ExpectedHoos.colors)
        #expect(library.sets.map(\.title) == ExpectedHoos.colors.map { "\($0) Set" })
        #expect(library.sets.map(\.declaredCount) == ExpectedHoos.counts)
        #expect(library.sets.map(\.hoos.count) == ExpectedHoos.counts)
        #expect(library.hooCount == 108)
        for set in library.sets {
            let expected = ExpectedHoos.poem(forSet: set.id)
            #expect(set.hoos.map(\.title) == expected.map(\.title), "set \(set.id)")
            #expect(set.hoos.map(\.poemLine) == expected.map(\.line), "set \(set.id)")
            #expect(set.hoos.map(\.id) == (1...expected.count).map { HooID(set: set.id, hoo: $0) })
            #expect(set.hoos.allSatisfy { $0.imageURL.map { FileManager.default.fileExists(atPath: $0.path) } == true })
            #expect(set.origin.kind == .extracted)
            #expect(HooColorTable.color(named: set.colorName) == set.color)
            // No Mac metadata leaks into what the app reads.
            #expect(
                !Scratch.tree(set.origin.directory).contains { $0.contains("__MACOSX") || $0.contains("._") || $0.contains(".DS_Store") })
        }
        #expect(loaded.diagnostics.isEmpty, "\(loaded.diagnostics)")
        #expect(library.hoo(HooID(set: 1, hoo: 1))?.title == "Rubies")
        #expect(library.set(1)?.color == RGBColor(hex: "#E6395F"))
    }

    @Test func headersAreChosenForEachDisplayScale() throws {
        let scratch = try Scratch("sets")
        defer { scratch.remove() }
        let red = try #require(try HooSetsSource.bundled(caches: scratch.url).loadSynchronously().value.set(1))
        #expect(red.header.variants.map(\.scale) == [.x1, .x2, .x3])
        for scale in DisplayScale.allCases {
            let variant = try #require(red.header.best(for: scale))
            #expect(variant.scale == scale)
            #expect(variant.url.lastPathComponent == "header\(scale.suffix).png")
            #expect(variant.pixelSize == PixelSize(width: 123 * scale.rawValue, height: 33 * scale.rawValue))
            #expect(variant.pointSize == LayoutSize(width: 123, height: 33))
        }
    }

    @Test func nearestAvailableScale() {
        func variants(_ scales: [DisplayScale]) -> ImageVariants {
            ImageVariants(variants: scales.map { .init(scale: $0, url: URL(fileURLWithPath: "/h\($0.suffix).png"), pixelSize: nil) })
        }
        #expect(variants([.x1, .x3]).best(for: .x2)?.scale == .x3)  // a tie goes to the larger
        #expect(variants([.x1]).best(for: .x3)?.scale == .x1)
        #expect(variants([.x2, .x3]).best(for: .x1)?.scale == .x2)
        #expect(variants([.x1, .x2]).best(for: .x3)?.scale == .x2)
        #expect(variants([]).best(for: .x2) == nil)
        #expect(DisplayScale(nearest: 2.6) == .x3)
        #expect(DisplayScale(nearest: 0.5) == .x1)
        #expect(DisplayScale(nearest: .nan) == .x1)
    }

    @Test func aRelaunchReusesTheExtractionAndAChangedZipIsExtractedAgain() throws {
        let scratch = try Scratch("sets")
        defer { scratch.remove() }
        let sets = scratch.url.appendingPathComponent("bundle/HooSets")
        try SetFixtures.copyBundledArchives(to: sets)
        let source = HooSetsSource(directory: sets, cacheDirectory: scratch.url.appendingPathComponent("cache"))

        let first = try source.loadSynchronously().value
        #expect(first.sets.allSatisfy { $0.origin.kind == .extracted })
        let png = first.sets[0].origin.directory.appendingPathComponent("01/hoo.png")
        let inode = try #require(try Self.inode(png))

        let second = try source.loadSynchronously().value
        #expect(second.sets.allSatisfy { $0.origin.kind == .reused })
        #expect(try Self.inode(png) == inode)  // the very same file: nothing was extracted again
        #expect(second == Self.withKinds(first, .reused))

        // The system purges one cached file: that set is extracted again, the others reused.
        try FileManager.default.removeItem(at: png)
        let purged = try source.loadSynchronously().value
        #expect(purged.sets.map(\.origin.kind) == [.extracted] + Array(repeating: .reused, count: 8))
        #expect(FileManager.default.fileExists(atPath: png.path))

        // The server ships a new 03.zip: only that set is extracted again.
        try SetFixtures.archive(number: 3, color: "Teal", hoos: [("Sea", "Salt in the air"), ("Foam", "White on green")])
            .write(to: sets.appendingPathComponent("03.zip"))
        let third = try source.loadSynchronously()
        #expect(third.value.sets.map(\.origin.kind) == [.reused, .reused, .extracted] + Array(repeating: .reused, count: 6))
        let teal = try #require(third.value.set(3))
        #expect(teal.title == "Teal Set")
        #expect(teal.color == RGBColor(hex: "#008080"))
        #expect(teal.hoos.map(\.title) == ["Sea", "Foam"])
        #expect(teal.header.variants.map(\.scale) == [.x1, .x2])
        #expect(teal.header.best(for: .x3)?.scale == .x2)
        // The old Blue Set files are gone, not mixed in.
        #expect(Scratch.tree(teal.origin.directory).filter { $0.hasSuffix("hoo.json") }.count == 2)
        #expect(third.diagnostics.isEmpty, "\(third.diagnostics)")
    }

    @Test func aFailedWriteLeavesNoHalfSetAndTheNextLaunchRecovers() throws {
        let scratch = try Scratch("sets")
        defer { scratch.remove() }
        let sets = scratch.url.appendingPathComponent("HooSets")
        try SetFixtures.copyBundledArchives(to: sets)
        let cache = scratch.url.appendingPathComponent("cache")
        // The disk fills up 100 kB into the first archive: every set fails, nothing is left.
        let failing = HooSetsSource(
            directory: sets, cacheDirectory: cache,
            extractor: ZipExtractor(limits: .hooSets, writer: FailingFileWriter(failAfterBytes: 100_000)))
        #expect {
            try failing.loadSynchronously()
        } throws: { error in
            guard case .allSetsFailed(_, let reason) = error as? HooSetsError else { return false }
            return reason.hasPrefix("01.zip: cannot write") && reason.contains("injected")
        }
        #expect(Scratch.tree(cache).isEmpty, "\(Scratch.tree(cache).sorted())")

        let recovered = try HooSetsSource(directory: sets, cacheDirectory: cache).loadSynchronously().value
        #expect(recovered.sets.count == 9)
        #expect(recovered.sets.allSatisfy { $0.origin.kind == .extracted })
    }

    @Test func aChangedZipThatFailsKeepsShowingTheEarlierCopy() throws {
        let scratch = try Scratch("sets")
        defer { scratch.remove() }
        let sets = scratch.url.appendingPathComponent("HooSets")
        let cache = scratch.url.appendingPathComponent("cache")
        _ = try scratch.file("HooSets/01.zip", SetFixtures.archive(number: 1, color: "Red", hoos: [("A", "a"), ("B", "b")]))
        _ = try HooSetsSource(directory: sets, cacheDirectory: cache).loadSynchronously()

        _ = try scratch.file("HooSets/01.zip", SetFixtures.archive(number: 1, color: "Red", hoos: [("C", "c"), ("D", "d"), ("E", "e")]))
        let failing = HooSetsSource(
            directory: sets, cacheDirectory: cache, extractor: ZipExtractor(limits: .hooSets, writer: FailingFileWriter(failAfterBytes: 60))
        )
        let loaded = try failing.loadSynchronously()
        let set = try #require(loaded.value.set(1))
        #expect(set.origin.kind == .stale)
        #expect(set.hoos.map(\.title) == ["A", "B"])
        #expect(loaded.diagnostics.count == 1)
        #expect(loaded.diagnostics.first?.kind == .repaired)
        #expect(loaded.diagnostics.first?.message.hasSuffix("showing the copy extracted earlier") == true)
    }

    @Test func unzippedDirectoriesAndArchivesMix() throws {
        let scratch = try Scratch("sets")
        defer { scratch.remove() }
        _ = try scratch.file("sets/02/hoo_set.json", Data("{\"Color\":\"Yellow\",\"Count\":1}".utf8))
        _ = try scratch.file("sets/02/1/hoo.json", Data("{\"Title\":\"Speak\",\"PoemLine\":\"Eye to eye\"}".utf8))
        _ = try scratch.file("sets/02/1/hoo.png", Data(SetFixtures.png(width: 2, height: 2)))
        _ = try scratch.file("sets/01.zip", SetFixtures.archive(number: 1, color: "red", hoos: [("Rubies", "From the mine")]))
        _ = try scratch.file("sets/02.zip", SetFixtures.archive(number: 2, color: "Blue", hoos: [("Ignored", "x")]))
        _ = try scratch.file("sets/notes.zip", Data("x".utf8))
        _ = try scratch.file("sets/README.txt", Data("x".utf8))
        let loaded = try HooSetsSource(
            directory: scratch.url.appendingPathComponent("sets"), cacheDirectory: scratch.url.appendingPathComponent("c")
        )
        .loadSynchronously()
        #expect(loaded.value.sets.map(\.title) == ["red Set", "Yellow Set"])
        #expect(loaded.value.sets.map(\.origin.kind) == [.extracted, .directory])
        #expect(loaded.value.sets[1].hoos.map(\.title) == ["Speak"])
        #expect(loaded.value.sets[1].header.isEmpty)
        #expect(
            loaded.diagnostics.map(\.description).sorted() == [
                "note: 02.zip: already unzipped as 02/; that directory is used",
                "note: 02/header.png: missing at every scale; the title is drawn as text",
                "note: notes.zip: not a numbered set (NN.zip); ignored",
            ])
    }

    @Test func missingAndOddFilesAreReportedNotFatal() throws {
        let scratch = try Scratch("sets")
        defer { scratch.remove() }
        _ = try scratch.file("sets/07/hoo_set.json", Data("{\"color\":\"Mauvish\",\"Count\":\"4\"}".utf8))
        _ = try scratch.file("sets/07/header@3x.png", Data(SetFixtures.png(width: 369, height: 99)))
        _ = try scratch.file("sets/07/01/hoo.json", Data("{\"Title\":\"One\",\"PoemLine\":\"first\"}".utf8))
        _ = try scratch.file("sets/07/01/hoo.png", Data(SetFixtures.png(width: 2, height: 2)))
        _ = try scratch.file("sets/07/02/hoo.json", Data("{\"Title\":\"No image\",\"PoemLine\":\"second\"}".utf8))
        _ = try scratch.file("sets/07/03/hoo.png", Data(SetFixtures.png(width: 2, height: 2)))
        _ = try scratch.file("sets/07/10/hoo.json", Data("<html>oops</html>".utf8))
        _ = try scratch.file("sets/07/11/hoo.json", Data("{\"PoemLine\":\"untitled\"}".utf8))
        let loaded = try HooSetsSource(
            directory: scratch.url.appendingPathComponent("sets"), cacheDirectory: scratch.url.appendingPathComponent("c")
        )
        .loadSynchronously()
        let set = try #require(loaded.value.set(7))
        #expect(set.hoos.map(\.title) == ["One", "No image", "Hoo 11"])
        #expect(set.hoos.map { $0.imageURL == nil } == [false, true, true])
        #expect(set.color == HooColorTable.neutral)
        #expect(set.declaredCount == 4)
        #expect(set.header.best(for: .x1)?.scale == .x3)
        let messages = loaded.diagnostics.map(\.description)
        #expect(messages.contains("repaired: 07/hoo_set.json: unknown colour 'Mauvish'; using neutral grey #8E8E93"))
        #expect(messages.contains("repaired: 07/hoo_set.json: Count: a string (\"4\"); read as the number 4"))
        #expect(messages.contains("dropped: 07/03/hoo.json: missing; Hoo 07/03 skipped"))
        #expect(messages.contains("repaired: 07/02/hoo.png: missing; showing a placeholder"))
        #expect(
            messages.contains("dropped: 07/10/hoo.json: hoo.json: expected JSON, got an HTML page (<html>oops</html>); Hoo 07/10 skipped"))
        #expect(messages.contains("repaired: 07/11/hoo.json: no Title; showing \"Hoo 11\""))
        #expect(messages.contains("note: 07/hoo_set.json: Count says 4 but the set has 3 Hoos; showing what is there"))
    }

    @Test func aHostileArchiveIsSkippedAndTheOthersShown() throws {
        let scratch = try Scratch("sets")
        defer { scratch.remove() }
        _ = try scratch.file("sets/01.zip", SetFixtures.archive(number: 1, color: "Red", hoos: [("A", "a")]))
        _ = try scratch.file("sets/02.zip", TestZipWriter([TestZipWriter.Entry("../../escape.txt", text: "x")]).build())
        _ = try scratch.file("sets/03.zip", Data("not a zip".utf8))
        let loaded = try HooSetsSource(
            directory: scratch.url.appendingPathComponent("sets"), cacheDirectory: scratch.url.appendingPathComponent("c")
        )
        .loadSynchronously()
        #expect(loaded.value.sets.map(\.id) == [1])
        #expect(
            loaded.diagnostics.map(\.description) == [
                "dropped: 02.zip: entry '../../escape.txt' climbs out of the target directory with '..'; refused; set skipped",
                "dropped: 03.zip: not a ZIP archive: 03.zip has no end of central directory record; set skipped",
            ])
        #expect(
            Scratch.tree(scratch.url.appendingPathComponent("c"))
                == Set(Scratch.tree(scratch.url.appendingPathComponent("c")).filter { $0.hasPrefix("01.zip.extracted/") }))
    }

    @Test func nothingToShowIsAnError() throws {
        let scratch = try Scratch("sets")
        defer { scratch.remove() }
        let cache = scratch.url.appendingPathComponent("c")
        #expect(throws: HooSetsError.missingDirectory(path: scratch.url.appendingPathComponent("nope").path)) {
            try HooSetsSource(directory: scratch.url.appendingPathComponent("nope"), cacheDirectory: cache).loadSynchronously()
        }
        _ = try scratch.file("empty/README", Data())
        #expect(throws: HooSetsError.noSets(path: scratch.url.appendingPathComponent("empty").path)) {
            try HooSetsSource(directory: scratch.url.appendingPathComponent("empty"), cacheDirectory: cache).loadSynchronously()
        }
        _ = try scratch.file("bad/01.zip", Data("PK\u{03}\u{04}cut".utf8))
        #expect(
            throws: HooSetsError.allSetsFailed(
                path: scratch.url.appendingPathComponent("bad").path,
                firstReason: "01.zip: the archive is truncated (no end of central directory record at the end of 01.zip); download it again"
            )
        ) {
            try HooSetsSource(directory: scratch.url.appendingPathComponent("bad"), cacheDirectory: cache).loadSynchronously()
        }
    }

    @Test func loadingRunsOffTheMainActorAndHonoursCancellation() async throws {
        let scratch = try Scratch("sets")
        defer { scratch.remove() }
        let source = try HooSetsSource.bundled(caches: scratch.url)
        #expect(try await source.load().value.sets.count == 9)
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return Result { () throws(HooSetsError) in try source.loadSynchronously() }
        }
        let result = await task.value
        #expect(throws: HooSetsError.cancelled) { try result.get() }
    }

    static func inode(_ url: URL) throws -> Int? {
        try FileManager.default.attributesOfItem(atPath: url.path)[.systemFileNumber] as? Int
    }

    static func withKinds(_ library: HooSetsFeed, _ kind: HooSetOrigin.Kind) -> HooSetsFeed {
        var copy = library
        for index in copy.sets.indices { copy.sets[index].origin.kind = kind }
        return copy
    }
}

@Suite("Colour names")
struct HooColorTableTests {
    @Test func theNineDataNamesUseTheirHeaderColours() {
        let expected = ["#E6395F", "#F9A725", "#589EF6", "#B62EBD", "#17AB02", "#BEBEBE", "#0DC6C5", "#80461F", "#FF993A"]
        #expect(ExpectedHoos.colors.map { HooColorTable.color(named: $0)?.hex } == expected)
    }

    @Test func cssNamesHexAndSpelling() {
        #expect(HooColorTable.cssColors.count == 148)
        #expect(HooColorTable.color(named: "rebeccapurple") == RGBColor(hex: "#663399"))
        #expect(HooColorTable.color(named: "Light Sea-Green") == RGBColor(hex: "#20B2AA"))
        #expect(HooColorTable.color(named: " RED ") == RGBColor(hex: "#E6395F"))
        #expect(HooColorTable.color(named: "#12ab9F") == RGBColor(red: 0x12, green: 0xAB, blue: 0x9F))
        #expect(HooColorTable.color(named: "Mauvish") == nil)
        #expect(HooColorTable.cssColors.values.allSatisfy { RGBColor(hex: $0) != nil })
    }
}
