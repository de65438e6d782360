import Foundation
import HooSets

/// Builds Hoo set archives and directories for loader tests.
enum SetFixtures {
    typealias Entry = TestZipWriter.Entry

    /// A tiny valid PNG header of `width` × `height` (enough for the size reader).
    static func png(width: UInt32, height: UInt32) -> [UInt8] {
        func be(_ value: UInt32) -> [UInt8] { (0..<4).reversed().map { UInt8(truncatingIfNeeded: value >> ($0 * 8)) } }
        return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + be(13) + Array("IHDR".utf8) + be(width) + be(height) + [8, 6, 0, 0, 0]
    }

    /// `NN.zip` content: `NN/hoo_set.json`, headers at 1x and 2x, one folder per Hoo, plus Mac
    /// metadata to be skipped.
    static func archive(number: Int, color: String, count: Int? = nil, hoos: [(String, String)]) -> Data {
        let name = String(format: "%02d", number)
        var entries = [
            Entry("\(name)/"),
            Entry("\(name)/hoo_set.json", text: "{\"Color\":\"\(color)\",\"Count\":\(count ?? hoos.count)}"),
            Entry("\(name)/header.png", png(width: 123, height: 33), method: .stored),
            Entry("\(name)/header@2x.png", png(width: 246, height: 66)),
            Entry("\(name)/.DS_Store", [0, 0, 0, 1]),
            Entry("__MACOSX/\(name)/._header.png", [0, 5, 22, 7]),
        ]
        for (index, hoo) in hoos.enumerated() {
            let folder = "\(name)/\(String(format: "%02d", index + 1))"
            entries.append(Entry("\(folder)/"))
            entries.append(Entry("\(folder)/hoo.json", text: "{\"PoemLine\":\"\(hoo.1)\",\"Title\":\"\(hoo.0)\"}"))
            entries.append(Entry("\(folder)/hoo.png", png(width: 640, height: 960)))
        }
        return TestZipWriter(entries).build()
    }

    /// Copies the nine bundled archives into `directory`.
    static func copyBundledArchives(to directory: URL) throws {
        let bundled = try HooSetsResources.setsDirectory()
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        for name in try FileManager.default.contentsOfDirectory(atPath: bundled.path) where name.hasSuffix(".zip") {
            try FileManager.default.copyItem(at: bundled.appendingPathComponent(name), to: directory.appendingPathComponent(name))
        }
    }
}
