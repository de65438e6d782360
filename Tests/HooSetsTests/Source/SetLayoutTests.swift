import Foundation
import SharedNetworking
import Testing

@testable import HooSets

/// Archives and set files laid out the ways people actually zip and write them, beyond the
/// `NN/hoo_set.json` layout of the exercise's own archives.
@Suite("Set layouts and set files")
struct SetLayoutTests {
    typealias Entry = TestZipWriter.Entry

    static func hoo(_ folder: String, _ title: String) -> [Entry] {
        [
            Entry("\(folder)/hoo.json", text: "{\"Title\":\"\(title)\",\"PoemLine\":\"\(title) line\"}"),
            Entry("\(folder)/hoo.png", SetFixtures.png(width: 2, height: 2)),
        ]
    }

    static func load(_ files: [String: Data]) throws -> (Loaded<HooSetsFeed>, Scratch) {
        let scratch = try Scratch("layouts")
        for (name, data) in files { _ = try scratch.file("sets/\(name)", data) }
        let source = HooSetsSource(
            directory: scratch.url.appendingPathComponent("sets"), cacheDirectory: scratch.url.appendingPathComponent("c"))
        do {
            return (try source.loadSynchronously(), scratch)
        } catch {
            scratch.remove()
            throw error
        }
    }

    @Test func archivesZippedFromAnyFolderNameAreRead() throws {
        let files: [String: Data] = [
            // The set's files at the top level of the archive, no folder.
            "01.zip": TestZipWriter(
                [Entry("hoo_set.json", text: "{\"Color\":\"Red\",\"Count\":1}")] + Self.hoo("01", "Top level")
            ).build(),
            // One numbered folder whose number differs from the archive's (renamed archive).
            "03.zip": TestZipWriter([Entry("7/hoo_set.json", text: "{\"Color\":\"Blue\"}")] + Self.hoo("7/1", "Renamed")).build(),
            // One folder with any name: "Compress 'Set Four'" in Finder.
            "04.zip": TestZipWriter(
                [Entry("Set Four/hoo_set.json", text: "{\"Color\":\"Green\"}"), Entry("__MACOSX/Set Four/._hoo_set.json", [0, 5])]
                    + Self.hoo("Set Four/01", "Wrapped")
            ).build(),
        ]
        let (loaded, scratch) = try Self.load(files)
        defer { scratch.remove() }
        #expect(loaded.value.sets.map(\.id) == [1, 3, 4])
        #expect(loaded.value.sets.map(\.title) == ["Red Set", "Blue Set", "Green Set"])
        #expect(loaded.value.sets.map { $0.hoos.map(\.title) } == [["Top level"], ["Renamed"], ["Wrapped"]])
        // Hoo ids follow the archive's number, so a renamed archive never collides with set 7.
        #expect(loaded.value.sets[1].hoos.map(\.id) == [HooID(set: 3, hoo: 1)])
        #expect(loaded.value.sets[2].origin.directory.lastPathComponent == "Set Four")
    }

    @Test func anArchiveWithNoSetInsideIsSkippedWithItsReason() throws {
        let ambiguous = TestZipWriter(
            [Entry("first/hoo_set.json", text: "{\"Color\":\"Red\"}"), Entry("second/hoo_set.json", text: "{\"Color\":\"Blue\"}")]
                + Self.hoo("first/01", "A")
        ).build()
        let (loaded, scratch) = try Self.load([
            "01.zip": SetFixtures.archive(number: 1, color: "Red", hoos: [("Kept", "k")]),
            "02.zip": ambiguous,
            "05.zip": TestZipWriter([Entry("readme.txt", text: "just a note")]).build(),
        ])
        defer { scratch.remove() }
        #expect(loaded.value.sets.map(\.id) == [1])
        #expect(
            loaded.diagnostics.map(\.description) == [
                "dropped: 02.zip: no hoo_set.json or NN/ folder inside; set skipped",
                "dropped: 05.zip: no hoo_set.json or NN/ folder inside; set skipped",
            ])
    }

    @Test func aSetWithoutHoosIsSkippedAndAloneItIsTheReasonLoadingFails() throws {
        let (loaded, scratch) = try Self.load([
            "01/hoo_set.json": Data("{\"Color\":\"Red\",\"Count\":2}".utf8),
            "01/header.png": Data(SetFixtures.png(width: 123, height: 33)),
            "02/hoo_set.json": Data("{\"Color\":\"Blue\"}".utf8),
            "02/01/hoo.json": Data("{\"Title\":\"Only\",\"PoemLine\":\"one\"}".utf8),
        ])
        defer { scratch.remove() }
        #expect(loaded.value.sets.map(\.id) == [2])
        #expect(loaded.diagnostics.map(\.description).contains("dropped: 01: no Hoos in set 1; set skipped"))

        let empty = try Scratch("layouts")
        defer { empty.remove() }
        _ = try empty.file("sets/06/hoo_set.json", Data("{\"Color\":\"Pink\"}".utf8))
        #expect(
            throws: HooSetsError.allSetsFailed(path: empty.url.appendingPathComponent("sets").path, firstReason: "06: no Hoos")
        ) {
            try HooSetsSource(
                directory: empty.url.appendingPathComponent("sets"), cacheDirectory: empty.url.appendingPathComponent("c")
            ).loadSynchronously()
        }
    }

    @Test func aMissingOrBrokenSetFileFallsBackToANeutralColour() throws {
        let (loaded, scratch) = try Self.load([
            // No hoo_set.json at all.
            "01/01/hoo.json": Data("{\"Title\":\"A\",\"PoemLine\":\"a\"}".utf8),
            // Not JSON.
            "02/hoo_set.json": Data("{\"Color\": \"Red\",".utf8),
            "02/01/hoo.json": Data("{\"Title\":\"B\",\"PoemLine\":\"b\"}".utf8),
            // A Count that is not a number, a colour given as a number, an untitled Hoo with no poem.
            "03/hoo_set.json": Data("{\"COLOR\": 7, \"Count\": [3]}".utf8),
            "03/01/hoo.json": Data("{\"Title\": 42}".utf8),
        ])
        defer { scratch.remove() }
        #expect(loaded.value.sets.map(\.id) == [1, 2, 3])
        #expect(loaded.value.sets.allSatisfy { $0.color == HooColorTable.neutral })
        #expect(loaded.value.sets.map(\.declaredCount) == [nil, nil, nil])
        #expect(loaded.value.sets[2].colorName == "7")
        #expect(loaded.value.sets[2].hoos.map(\.title) == ["42"])
        #expect(loaded.value.sets[2].hoos.map(\.poemLine) == [""])
        let messages = loaded.diagnostics.map(\.description)
        #expect(messages.contains("repaired: 01/hoo_set.json: missing; using a neutral colour"))
        #expect(
            messages.contains {
                $0.hasPrefix("repaired: 02/hoo_set.json: hoo_set.json: (root): not valid JSON") && $0.hasSuffix("; using a neutral colour")
            },
            "\(messages)")
        #expect(messages.contains("dropped: 03/hoo_set.json: Count: not a number; ignored"), "\(messages)")
        #expect(messages.contains("repaired: 03/hoo_set.json: unknown colour '7'; using neutral grey #8E8E93"))
        #expect(messages.contains("repaired: 03/01/hoo.json: no PoemLine; the disc shows the title only"))
    }
}
