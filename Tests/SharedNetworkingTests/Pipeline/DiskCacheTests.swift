import Foundation
import Testing

@testable import SharedNetworking

@Suite("Disk cache")
struct DiskCacheTests {
    let directory = TemporaryDirectory()
    let clock = ManualClock(now: testEpoch)

    func makeCache(sizeLimit: Int = 1_000_000) -> DiskCache {
        DiskCache(directory: directory.url, sizeLimit: sizeLimit, clock: clock)
    }

    @Test("a stored body is read back, also by a new instance on the same directory")
    func roundTripAndRestart() throws {
        defer { directory.remove() }
        let body = Data((0..<5_000).map { UInt8($0 % 251) })
        #expect(makeCache().store(body, forKey: "https://example.com/a.png"))
        let restarted = makeCache()
        #expect(restarted.data(forKey: "https://example.com/a.png") == body)
        #expect(restarted.data(forKey: "https://example.com/b.png") == nil)
        #expect(restarted.count == 1)
        #expect(restarted.totalSize == DiskCacheFile.encode(body, key: "https://example.com/a.png").count)
        #expect(directory.cacheFiles.map(\.lastPathComponent) == [DiskCache.fileName(forKey: "https://example.com/a.png")])
    }

    @Test("a corrupt byte, a truncation or a foreign file is a miss, and the file is deleted")
    func corruption() throws {
        defer { directory.remove() }
        let cache = makeCache()
        let body = Data(repeating: 7, count: 1_000)
        for (key, damage) in [("flip", 0), ("truncate", 1), ("magic", 2), ("empty", 3)] {
            #expect(cache.store(body, forKey: key))
            let file = cache.fileURL(forKey: key)
            var bytes = try Data(contentsOf: file)
            switch damage {
            case 0: bytes[bytes.count - 10] ^= 0x01
            case 1: bytes = bytes.prefix(bytes.count - 100)
            case 2: bytes[0] = UInt8(ascii: "X")
            default: bytes = Data()
            }
            try bytes.write(to: file)
            let fresh = makeCache()
            #expect(fresh.data(forKey: key) == nil, "\(key)")
            #expect(!FileManager.default.fileExists(atPath: file.path), "\(key)")
        }
    }

    @Test("each kind of damage is recognised by the file format")
    func damageKinds() {
        let body = Data("hello".utf8)
        let file = DiskCacheFile.encode(body, key: "k")
        #expect(throws: Never.self) { try DiskCacheFile.decode(file, key: "k") }
        #expect((try? DiskCacheFile.decode(file, key: "k")) == body)
        #expect(throws: DiskCacheFile.Damage.keyMismatch) { try DiskCacheFile.decode(file, key: "x") }
        #expect(throws: DiskCacheFile.Damage.tooShort) { try DiskCacheFile.decode(file.prefix(10), key: "k") }
        #expect(throws: DiskCacheFile.Damage.lengthMismatch) { try DiskCacheFile.decode(file.dropLast(), key: "k") }
        #expect(throws: DiskCacheFile.Damage.lengthMismatch) { try DiskCacheFile.decode(file + Data([0]), key: "k") }
        var flipped = file
        flipped[flipped.count - 1] ^= 0x20
        #expect(throws: DiskCacheFile.Damage.checksumMismatch) { try DiskCacheFile.decode(flipped, key: "k") }
        var future = file
        future[4] = 9
        #expect(throws: DiskCacheFile.Damage.unsupportedVersion(9)) { try DiskCacheFile.decode(future, key: "k") }
        // A slice with a non-zero start index decodes the same.
        let padded = Data([1, 2, 3]) + file
        #expect((try? DiskCacheFile.decode(padded.dropFirst(3), key: "k")) == body)
    }

    @Test("over the size limit, the least recently accessed files are removed first")
    func lruEviction() throws {
        defer { directory.remove() }
        let body = Data(repeating: 1, count: 1_000)
        let entrySize = DiskCacheFile.encode(body, key: "k0").count
        let cache = makeCache(sizeLimit: entrySize * 3)
        for index in 0..<3 {
            #expect(cache.store(body, forKey: "k\(index)"))
            clock.advance(by: .seconds(10))
        }
        #expect(cache.data(forKey: "k0") != nil)  // k0 is now the most recently used
        clock.advance(by: .seconds(10))
        #expect(cache.store(body, forKey: "k3"))  // over the limit: k1, the oldest access, goes
        #expect(cache.count == 3)
        #expect(cache.totalSize <= entrySize * 3)
        #expect(!FileManager.default.fileExists(atPath: cache.fileURL(forKey: "k1").path))

        // Access order survives a restart: it lives in the files' dates.
        let restarted = makeCache(sizeLimit: entrySize * 3)
        clock.advance(by: .seconds(10))
        #expect(restarted.store(body, forKey: "k4"))
        #expect(restarted.data(forKey: "k2") == nil)
        for key in ["k0", "k3", "k4"] { #expect(restarted.data(forKey: key) != nil, "\(key)") }
    }

    @Test("an entry larger than the whole limit is not stored; leftover temporary files are cleaned")
    func oversizeAndLeftovers() throws {
        defer { directory.remove() }
        try FileManager.default.createDirectory(at: directory.url, withIntermediateDirectories: true)
        let leftover = directory.url.appendingPathComponent(DiskCache.temporaryPrefix + "crashed")
        try Data("half".utf8).write(to: leftover)
        let unrelated = directory.url.appendingPathComponent("notes.txt")
        try Data("mine".utf8).write(to: unrelated)
        let cache = makeCache(sizeLimit: 500)
        #expect(!cache.store(Data(repeating: 0, count: 600), forKey: "big"))
        #expect(cache.count == 0)
        #expect(!FileManager.default.fileExists(atPath: leftover.path))
        #expect(FileManager.default.fileExists(atPath: unrelated.path))
        cache.store(Data("small".utf8), forKey: "small")
        cache.removeAll()
        #expect(cache.count == 0)
        #expect(directory.cacheFiles.isEmpty)
        #expect(FileManager.default.fileExists(atPath: unrelated.path))
    }
}

/// Version 2 files: metadata beside the body, under one checksum.
@Suite struct DiskCacheMetadataTests {
    @Test func metadataRoundTripsAndIsChecksummed() throws {
        let body = Data("body".utf8)
        let metadata = Data(#"{"etag":"x"}"#.utf8)
        let file = DiskCacheFile.encode(body, metadata: metadata, key: "k")
        let decoded = try DiskCacheFile.decodeEntry(file, key: "k")
        #expect(decoded.body == body)
        #expect(decoded.metadata == metadata)
        #expect((try? DiskCacheFile.decode(file, key: "k")) == body)
        var flipped = file
        flipped[flipped.count - body.count - 2] ^= 0x01  // inside the metadata
        #expect(throws: DiskCacheFile.Damage.checksumMismatch) { try DiskCacheFile.decodeEntry(flipped, key: "k") }
        #expect(throws: DiskCacheFile.Damage.lengthMismatch) { try DiskCacheFile.decodeEntry(file.dropLast(), key: "k") }
        #expect(try DiskCacheFile.decodeEntry(DiskCacheFile.encode(body, key: "k"), key: "k").metadata == nil)
    }

    @Test func storeWithMetadataAndReadItBack() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let cache = DiskCache(directory: directory.url, sizeLimit: 1 << 20, clock: ManualClock(now: testEpoch))
        #expect(cache.store(Data("png".utf8), metadata: Data("meta".utf8), forKey: "https://a/x.png"))
        let entry = try #require(cache.entry(forKey: "https://a/x.png"))
        #expect(entry.body == Data("png".utf8))
        #expect(entry.metadata == Data("meta".utf8))
        // Readers of bodies alone (the HTML previews) still get the body.
        #expect(cache.data(forKey: "https://a/x.png") == Data("png".utf8))
        cache.remove(forKey: "https://a/x.png")
        #expect(cache.count == 0)
        #expect(directory.cacheFiles.isEmpty)
    }
}
