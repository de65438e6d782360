import Foundation
import Synchronization

/// A size-limited directory of cached bodies, one file per key, evicted least recently used
/// first.
///
/// - **Names**: the file name is the SHA-256 of the key (64 hex characters): fixed length,
///   safe on every file system, and no two URLs share a file.
/// - **Atomic writes**: a body is written to a temporary file in the same directory and then
///   `rename(2)`d over the final name, so a reader sees the old file or the new one, never half.
/// - **Integrity**: each file carries a header with the body length and CRC-32
///   (`DiskCacheFile`). A truncated or corrupt file is deleted and reported as a miss.
/// - **LRU by access time**: a hit sets the file's modification date to the injected clock's
///   now; when a write takes the directory over ``sizeLimit``, the files with the oldest dates
///   are deleted until it fits. Dates live in the file system, so the order survives a restart.
///
/// The index (name → size, date) is read from the directory on first use and then kept in
/// memory under a `Mutex`; file contents are read and written outside the lock. One cache
/// instance should own a directory at a time.
public final class DiskCache: Sendable {
    /// The folder the cache owns; it writes only files it can read back as its own.
    public let directory: URL
    /// The most bytes (headers included) the directory may hold after a write.
    public let sizeLimit: Int
    private let clock: any AppClock
    private let index = Mutex<DiskIndex?>(nil)

    static let temporaryPrefix = ".tmp-"

    /// A cache in `directory` (created on first write) holding at most `sizeLimit` bytes; `clock`
    /// dates each use, so eviction order is testable.
    public init(directory: URL, sizeLimit: Int, clock: any AppClock) {
        self.directory = directory
        self.sizeLimit = max(0, sizeLimit)
        self.clock = clock
    }

    /// The file that holds (or would hold) `key`.
    public func fileURL(forKey key: String) -> URL {
        directory.appendingPathComponent(Self.fileName(forKey: key), isDirectory: false)
    }

    static func fileName(forKey key: String) -> String {
        SHA256.hexDigest(key.utf8)
    }

    /// The body stored for `key`, or `nil` when absent, unreadable, truncated or corrupt (the
    /// damaged file is deleted). A hit marks the entry as just used.
    public func data(forKey key: String) -> Data? {
        entry(forKey: key)?.body
    }

    /// The body and metadata stored for `key` (metadata `nil` for an entry stored without), or
    /// `nil` when absent, unreadable, truncated or corrupt (the damaged file is deleted). A hit
    /// marks the entry as just used.
    public func entry(forKey key: String) -> (body: Data, metadata: Data?)? {
        let name = Self.fileName(forKey: key)
        let url = directory.appendingPathComponent(name, isDirectory: false)
        loadIndexIfNeeded()
        guard let file = try? Data(contentsOf: url) else {
            index.withLock { _ = $0?.remove(name) }
            return nil
        }
        let entry: (body: Data, metadata: Data?)
        do {
            entry = try DiskCacheFile.decodeEntry(file, key: key)
        } catch {
            index.withLock { state in
                try? FileManager.default.removeItem(at: url)
                _ = state?.remove(name)
            }
            return nil
        }
        let now = clock.now
        try? FileManager.default.setAttributes([.modificationDate: now], ofItemAtPath: url.path)
        index.withLock { $0?.touch(name, size: file.count, at: now) }
        return entry
    }

    /// Stores `body` for `key`, then evicts least-recently-used files until the directory is
    /// within ``sizeLimit``. Returns `false` when nothing was stored (an I/O error, or an entry
    /// larger than the whole limit): a cache write failing is never an error for the caller.
    @discardableResult
    public func store(_ body: Data, forKey key: String) -> Bool {
        write(DiskCacheFile.encode(body, key: key), forKey: key)
    }

    /// Stores `body` with `metadata` (what the entry says about itself: the HTTP cache keeps its
    /// validators and dates there) in one file, written and renamed into place as a whole, so
    /// the two can never disagree. Evicts as ``store(_:forKey:)`` does.
    @discardableResult
    public func store(_ body: Data, metadata: Data, forKey key: String) -> Bool {
        write(DiskCacheFile.encode(body, metadata: metadata, key: key), forKey: key)
    }

    /// Removes the entry for `key`, if any.
    public func remove(forKey key: String) {
        let name = Self.fileName(forKey: key)
        loadIndexIfNeeded()
        index.withLock { state in
            try? FileManager.default.removeItem(at: directory.appendingPathComponent(name, isDirectory: false))
            _ = state?.remove(name)
        }
    }

    private func write(_ encoded: Data, forKey key: String) -> Bool {
        guard encoded.count <= sizeLimit else { return false }
        loadIndexIfNeeded()
        let name = Self.fileName(forKey: key)
        let destination = directory.appendingPathComponent(name, isDirectory: false)
        let temporary = directory.appendingPathComponent(Self.temporaryPrefix + UUID().uuidString, isDirectory: false)
        do {
            try encoded.write(to: temporary)
        } catch {
            return false
        }
        guard rename(temporary.path, destination.path) == 0 else {
            try? FileManager.default.removeItem(at: temporary)
            return false
        }
        let now = clock.now
        try? FileManager.default.setAttributes([.modificationDate: now], ofItemAtPath: destination.path)
        index.withLock { state in
            guard var current = state else { return }
            current.touch(name, size: encoded.count, at: now)
            for victim in current.evict(toFit: sizeLimit, keeping: name) {
                try? FileManager.default.removeItem(at: directory.appendingPathComponent(victim, isDirectory: false))
            }
            state = current
        }
        return true
    }

    /// Deletes every cache file (files the cache did not write are left alone).
    public func removeAll() {
        loadIndexIfNeeded()
        index.withLock { state in
            for name in state?.names ?? [] {
                try? FileManager.default.removeItem(at: directory.appendingPathComponent(name, isDirectory: false))
            }
            state = DiskIndex()
        }
    }

    /// Bytes currently stored, headers included.
    public var totalSize: Int {
        loadIndexIfNeeded()
        return index.withLock { $0?.totalSize ?? 0 }
    }

    /// Number of cached entries.
    public var count: Int {
        loadIndexIfNeeded()
        return index.withLock { $0?.count ?? 0 }
    }

    /// Scans the directory once: creates it if needed, deletes temporary files left by a crash
    /// mid-write, and records each cache file's size and date.
    private func loadIndexIfNeeded() {
        index.withLock { state in
            guard state == nil else { return }
            state = DiskIndex.scan(directory)
        }
    }
}

/// What the cache knows about its directory: each file's size and last access.
struct DiskIndex {
    struct Entry {
        var size: Int
        var accessed: Date
    }

    private var entries: [String: Entry] = [:]
    private(set) var totalSize = 0

    var count: Int { entries.count }
    var names: [String] { Array(entries.keys) }

    mutating func touch(_ name: String, size: Int, at date: Date) {
        totalSize += size - (entries[name]?.size ?? 0)
        entries[name] = Entry(size: size, accessed: date)
    }

    mutating func remove(_ name: String) -> Entry? {
        guard let entry = entries.removeValue(forKey: name) else { return nil }
        totalSize -= entry.size
        return entry
    }

    /// Removes the least recently accessed entries (never `kept`) until the total fits in
    /// `limit`; returns their names so the caller deletes the files.
    mutating func evict(toFit limit: Int, keeping kept: String) -> [String] {
        guard totalSize > limit else { return [] }
        let oldestFirst = entries.filter { $0.key != kept }.sorted {
            $0.value.accessed != $1.value.accessed ? $0.value.accessed < $1.value.accessed : $0.key < $1.key
        }
        var victims: [String] = []
        for (name, _) in oldestFirst where totalSize > limit {
            _ = remove(name)
            victims.append(name)
        }
        return victims
    }

    static func scan(_ directory: URL) -> DiskIndex {
        var index = DiskIndex()
        let manager = FileManager.default
        try? manager.createDirectory(at: directory, withIntermediateDirectories: true)
        let keys: [URLResourceKey] = [.contentModificationDateKey, .fileSizeKey, .isRegularFileKey]
        let files = (try? manager.contentsOfDirectory(at: directory, includingPropertiesForKeys: keys)) ?? []
        for file in files {
            let name = file.lastPathComponent
            if name.hasPrefix(DiskCache.temporaryPrefix) {
                try? manager.removeItem(at: file)
                continue
            }
            guard isCacheFileName(name), let values = try? file.resourceValues(forKeys: Set(keys)),
                values.isRegularFile == true
            else { continue }
            index.touch(name, size: values.fileSize ?? 0, at: values.contentModificationDate ?? .distantPast)
        }
        return index
    }

    static func isCacheFileName(_ name: String) -> Bool {
        name.utf8.count == 64 && name.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
    }
}
