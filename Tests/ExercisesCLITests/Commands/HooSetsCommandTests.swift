import Foundation
import HooSets
import SharedNetworking
import TerminalScreens
import Testing

@testable import ExercisesCLI

@Suite("exercises hoosets", .temporaryFiles)
struct HooSetsCommandTests {
    @Test func theBundledSetsAsAGrid() async {
        let run = await runExercises(["hoosets"])
        #expect(run.status == 0, "\(run.errors)")
        #expect(run.errors.isEmpty)
        let lines = run.output.components(separatedBy: "\n")
        #expect(lines[0] == "Hoo Sets                                                       9 sets · 108 Hoos")
        #expect(lines[1] == "from the bundled HooSets")
        #expect(lines.contains("■ Red Set · Red #E6395F · 14 Hoos · header: header@2x.png"))
        #expect(lines.contains("■ Orange Set · Orange #FF993A · 9 Hoos · header: header@2x.png"))
        #expect(lines.contains("│ 01 Rubies        │ 02 Sun           │ 03 Wine          │ 04 Vats          │"))
        #expect(lines.contains("│ 13 Flow          │ 14 When          │                  │                  │"))
        #expect(lines.allSatisfy { TerminalText.displayWidth($0) <= 80 })
        #expect(!run.output.contains("◉"))
        #expect(!run.output.contains("__MACOSX") && !run.output.contains("DS_Store"))
    }

    @Test func selectShowsTheDiscUnderItsSet() async {
        let run = await runExercises(["hoosets", "--select", "3/4", "--scale", "3"])
        #expect(run.status == 0)
        #expect(run.output.contains("│ 01 Blue          │ 02 Keeping       │ 03 Deep          │◉04 Still         │"))
        #expect(run.output.contains("╭─ Blue Set ─"))
        #expect(run.output.contains("│ ◉ Still "))
        #expect(run.output.contains("│ Holding still—waiting for the instant "))
        #expect(run.output.contains("■ Blue Set · Blue #589EF6 · 9 Hoos · header: header@3x.png"))
        // The disc sits under the Blue Set, before the Purple Set.
        let disc = run.output.range(of: "╭─ Blue Set"), purple = run.output.range(of: "■ Purple Set")
        #expect(disc != nil && purple != nil && disc!.lowerBound < purple!.lowerBound)
    }

    @Test func jsonCarriesTheViewState() async throws {
        let run = await runExercises(["hoosets", "--json", "--select", "01/01"])
        #expect(run.status == 0)
        let json = try run.json()
        #expect(json["exercise"] as? String == "hoosets")
        let screen = try #require(json["screen"] as? [String: Any])
        let sections = try #require(screen["sections"] as? [[String: Any]])
        #expect(sections.count == 9)
        #expect(
            sections.map { $0["title"] as? String } == [
                "Red Set", "Yellow Set", "Blue Set", "Purple Set", "Green Set", "Silver Set", "Cyan Set", "Brown Set", "Orange Set",
            ])
        #expect(sections[0]["color"] as? String == "#E6395F")
        let items = try #require(sections[0]["items"] as? [[String: Any]])
        #expect(items.count == 14)
        let frame = try #require(items[0]["frame"] as? [String: Any])
        #expect((frame["origin"] as? [String: Double])?["y"] == 49)
        let selection = try #require(screen["selection"] as? [String: Any])
        #expect(selection["title"] as? String == "Rubies")
        #expect(selection["poemLine"] as? String == "They brought me rubies from the mine")
        #expect(selection["setTitle"] as? String == "Red Set")
        #expect((screen["artwork"] as? [String: String])?["selectionDisc"]?.hasSuffix("selection_disc@2x.png") == true)
        // The exercise's fonts by name, with the system weight to fall back to.
        let metrics = try #require(screen["metrics"] as? [String: Any])
        let poem = try #require(metrics["discPoemFont"] as? [String: Any])
        #expect(poem["postScriptName"] as? String == "AGBookPro-LightCnd")
        #expect(poem["weight"] as? String == "light")
        #expect(poem["size"] as? Double == 17)
        #expect((metrics["discTitleFont"] as? [String: Any])?["postScriptName"] as? String == "AGBookPro-MediumCnd")
        #expect((json["diagnostics"] as? [Any])?.isEmpty == true)
    }

    @Test func aDirectoryOfUnzippedFolders() async throws {
        let directory = try temporaryFile(named: "README.txt", contents: Data("not a set".utf8)).deletingLastPathComponent()
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("02/01"), withIntermediateDirectories: true)
        try Data("{\"Color\":\"Plum\",\"Count\":2}".utf8).write(to: directory.appendingPathComponent("02/hoo_set.json"))
        try Data("{\"Title\":\"Only\",\"PoemLine\":\"one line\"}".utf8).write(to: directory.appendingPathComponent("02/01/hoo.json"))
        let run = await runExercises(["hoosets", "--dir", directory.path])
        #expect(run.status == 0)
        #expect(run.output.contains("■ Plum Set · Plum #DDA0DD · 1 Hoo (2 listed) · no header image"))
        #expect(run.output.contains("│ 01 Only ▢"))
        #expect(run.errors.contains("note: 02/hoo_set.json: Count says 2 but the set has 1 Hoo; showing what is there"))
        #expect(run.errors.contains("repaired: 02/01/hoo.png: missing; showing a placeholder"))
    }

    @Test func brokenInputIsOneErrorLine() async throws {
        let notAZip = try temporaryFile(named: "01.zip", contents: Data("<html>Not Found</html>".utf8))
        let run = await runExercises(["hoosets", "--dir", notAZip.deletingLastPathComponent().path])
        #expect(run.status == 1)
        #expect(run.output.isEmpty)
        #expect(run.errors.hasPrefix("error: "))
        #expect(run.errors.contains("01.zip: not a ZIP archive: 01.zip has no end of central directory record"))
        #expect(run.errors.split(separator: "\n").count == 1)

        let missing = await runExercises(["hoosets", "--dir", "/nonexistent/hoosets"])
        #expect(missing.status == 1)
        #expect(missing.errors == "error: /nonexistent/hoosets: no such directory\n")
    }

    /// The bundled Red Set archive with `01/hoo_set.json` marked as a FIFO, as when it was
    /// added from standard input (`cat hoo_set.json | zip 01.zip -`, then renamed).
    static func redSetWithPipedJSON() throws -> Data {
        var bytes = [UInt8](try Data(contentsOf: HooSetsResources.setsDirectory().appendingPathComponent("01.zip")))
        let name = Array("01/hoo_set.json".utf8)
        var offset = 0
        while let header = ByteReader(bytes).firstOffset(of: [0x50, 0x4B, 0x01, 0x02], from: offset) {
            offset = header + 4
            guard ByteReader(bytes).matches(name, at: header + 46) else { continue }
            bytes[header + 40] = 0xA4  // external attributes, high half: mode 0o010644 (FIFO, rw-r--r--)
            bytes[header + 41] = 0x11
            return Data(bytes)
        }
        throw CancellationError()
    }

    @Test("an archive made from a pipe reads; data prepended to one is named")
    func archivesFromPipesAndStubs() async throws {
        let piped = try temporaryFile(named: "01.zip", contents: try Self.redSetWithPipedJSON())
        let run = await runExercises(["hoosets", "--dir", piped.deletingLastPathComponent().path])
        #expect(run.status == 0, "\(run.errors)")
        #expect(run.output.contains("■ Red Set · Red #E6395F · 14 Hoos · header: header@2x.png"))

        let original = try Data(contentsOf: HooSetsResources.setsDirectory().appendingPathComponent("01.zip"))
        let stubbed = try temporaryFile(named: "01.zip", contents: Data(repeating: 0x90, count: 4096) + original)
        let refused = await runExercises(["hoosets", "--dir", stubbed.deletingLastPathComponent().path])
        #expect(refused.status == 1)
        #expect(refused.errors.contains("4096 bytes before the first entry; offsets not adjusted"))
    }

    @Test func badSelections() async {
        let malformed = await runExercises(["hoosets", "--select", "red"])
        #expect(malformed.status == 2)
        #expect(malformed.errors.hasPrefix("error: --select: 'red' is not SET/HOO (e.g. 1/1)\n"))
        let unknown = await runExercises(["hoosets", "--select", "3/10"])
        #expect(unknown.status == 1)
        #expect(unknown.output.isEmpty)
        #expect(unknown.errors.hasPrefix("error: --select: there is no Hoo 3/10; choose one of 1/1–1/14, 2/1–2/13, 3/1–3/9"))
        let scale = await runExercises(["hoosets", "--scale", "4"])
        #expect(scale.status == 2)
    }

    @Test func narrowTerminalsStillFit() async {
        let run = await runExercises(["hoosets", "--select", "2/13"], width: 40)
        #expect(run.status == 0)
        #expect(run.output.components(separatedBy: "\n").allSatisfy { TerminalText.displayWidth($0) <= 40 })
        #expect(run.output.contains("That I want to be so so bright,"))
    }
}
