import Foundation
import SharedNetworking

/// Writes the generated archive for the large-archive benchmark: many small files and a few
/// large ones, deflated by the `zip` command (Info-ZIP, level 6), never committed.
///
/// Content is deterministic (SharedNetworking's `SeededRandom`, fixed seed), and built to compress like real data:
/// small files are text-like (words from a small vocabulary, about 3:1), large files mix
/// incompressible blocks (60 %, like JPEG or PNG data) with repetitive ones.
struct ArchiveGenerator {
    var smallFiles: Int
    var smallSizes: ClosedRange<Int>
    var largeFiles: Int
    var largeSize: Int

    static let full = ArchiveGenerator(smallFiles: 8_000, smallSizes: 2_048...14_336, largeFiles: 4, largeSize: 64 << 20)
    static let smoke = ArchiveGenerator(smallFiles: 40, smallSizes: 512...4_096, largeFiles: 1, largeSize: 1 << 20)

    /// Creates `<directory>/content/...` and `<directory>/large.zip`; returns the archive.
    func write(in directory: URL) throws -> URL {
        let content = directory.appendingPathComponent("content", isDirectory: true)
        var random = SeededRandom(seed: 0x5EED)
        for index in 0..<smallFiles {
            let folder = content.appendingPathComponent(String(format: "small/%03d", index / 100), isDirectory: true)
            if index % 100 == 0 { try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true) }
            let size = smallSizes.lowerBound + Int(random.next() % UInt64(smallSizes.count))
            try Self.text(count: size, using: &random).write(to: folder.appendingPathComponent("file-\(index).txt"))
        }
        let large = content.appendingPathComponent("large", isDirectory: true)
        try FileManager.default.createDirectory(at: large, withIntermediateDirectories: true)
        for index in 0..<largeFiles {
            try Self.mixed(count: largeSize, using: &random).write(to: large.appendingPathComponent("blob-\(index).bin"))
        }
        let archive = directory.appendingPathComponent("large.zip")
        let zip = try ChildProcess.run(["sh", "-c", "cd '\(content.path)' && zip -q -r '\(archive.path)' ."])
        guard zip.status == 0 else { throw BenchmarkError("zip exited \(zip.status); is Info-ZIP's zip installed?") }
        try FileManager.default.removeItem(at: content)
        return archive
    }

    static let words = [
        "the", "visit", "schedule", "game", "fact", "image", "cleaner", "house", "garden", "window", "Pittsburgh", "Steelers",
        "kickoff", "beaver", "hockey", "maple", "poem", "ruby", "sapphire", "emerald", "latitude", "longitude", "\"title\":", "{", "}",
    ]

    static func text(count: Int, using random: inout SeededRandom) -> Data {
        var bytes = [UInt8]()
        bytes.reserveCapacity(count + 16)
        while bytes.count < count {
            bytes += words[Int(random.next() % UInt64(words.count))].utf8
            bytes.append(random.next() % 11 == 0 ? 0x0A : 0x20)
        }
        return Data(bytes.prefix(count))
    }

    static func mixed(count: Int, using random: inout SeededRandom) -> Data {
        var data = Data(count: count)
        data.withUnsafeMutableBytes { raw in
            let words = raw.bindMemory(to: UInt64.self)
            let block = 512  // 4 KiB of UInt64
            var start = 0
            while start < words.count {
                let end = min(start + block, words.count)
                if random.next() % 10 < 6 {
                    for index in start..<end { words[index] = random.next() }
                } else {
                    let pattern = random.next()
                    for index in start..<end { words[index] = pattern &+ UInt64(index % 7) }
                }
                start = end
            }
        }
        return data
    }
}
