import Foundation
import SharedNetworking

/// Extracted archives in the cache directory, reused across launches while the archive is
/// unchanged.
///
/// `NN.zip` is extracted to `<cache>/NN.zip.extracted/`, together with a manifest
/// (`.hoosets-manifest.json`: the archive's size and CRC-32, the format version of the
/// extraction, and every extracted file with its size) that is written into the staging
/// directory *before* the atomic rename, so a manifest only ever describes a complete
/// extraction. On the next launch the archive's size and checksum are compared with the
/// manifest and the listed files checked (the system may purge caches file by file): all equal →
/// reused; anything different → extracted again (atomically replacing the old copy). The
/// checksum detects change, it is not a security boundary: the archive is validated again on
/// every extraction anyway.
struct ArchiveCache: Sendable {
    static let manifestName = ".hoosets-manifest.json"
    static let formatVersion = 1

    var directory: URL
    var extractor: ZipExtractor

    /// Identifies an archive's content.
    struct Fingerprint: Codable, Equatable {
        var name: String
        var size: UInt64
        var crc32: String
    }

    struct Manifest: Codable, Equatable {
        var formatVersion: Int
        var archive: Fingerprint
        /// Extracted files (relative paths) and their sizes.
        var files: [String: UInt64]
    }

    enum Outcome: Equatable {
        case extracted
        case reused
        /// The archive changed and failed to extract; the older extraction is still there.
        case stale(ZipError)
    }

    /// The extracted directory for `archive`, extracting it if needed.
    func prepare(_ archive: URL) throws(ZipError) -> (directory: URL, outcome: Outcome) {
        let name = archive.lastPathComponent
        let destination = directory.appendingPathComponent("\(name).extracted", isDirectory: true)
        let previous = readManifest(in: destination)
        let current = try fingerprint(archive)
        if let previous, previous.formatVersion == Self.formatVersion, previous.archive == current,
            Self.files(in: destination) == previous.files
        {
            return (destination, .reused)
        }
        do throws(ZipError) {
            try extractor.extract(archiveAt: archive, to: destination) { staging throws(ZipError) in
                try Self.write(Manifest(formatVersion: Self.formatVersion, archive: current, files: Self.files(in: staging)), into: staging)
            }
            return (destination, .extracted)
        } catch {
            if error == .cancelled { throw error }
            if previous != nil { return (destination, .stale(error)) }
            throw error
        }
    }

    func readManifest(in destination: URL) -> Manifest? {
        guard let data = try? Data(contentsOf: destination.appendingPathComponent(Self.manifestName)) else { return nil }
        return try? JSONDecoder().decode(Manifest.self, from: data)
    }

    /// Size and CRC-32 of the archive, read in chunks.
    func fingerprint(_ archive: URL) throws(ZipError) -> Fingerprint {
        let source = try ZipFileSource(url: archive)
        var crc = CRC32()
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 256 * 1024, alignment: 16)
        defer { buffer.deallocate() }
        var offset: UInt64 = 0
        while offset < source.size {
            if Task.isCancelled { throw .cancelled }
            let count = Int(min(UInt64(buffer.count), source.size - offset))
            let piece = UnsafeMutableRawBufferPointer(rebasing: buffer[0..<count])
            try source.read(into: piece, at: offset)
            crc.update(UnsafeRawBufferPointer(piece))
            offset += UInt64(count)
        }
        return Fingerprint(name: archive.lastPathComponent, size: source.size, crc32: ZipError.hex(crc.value))
    }

    /// Regular files under `root` (relative paths) with their sizes, the manifest excluded.
    static func files(in root: URL) -> [String: UInt64] {
        var files: [String: UInt64] = [:]
        let prefix = root.standardizedFileURL.path + "/"
        guard let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isRegularFileKey, .fileSizeKey]) else {
            return files
        }
        for case let url as URL in walker {
            guard let values = try? url.resourceValues(forKeys: [.isRegularFileKey, .fileSizeKey]), values.isRegularFile == true else {
                continue
            }
            let path = url.standardizedFileURL.path
            guard path.hasPrefix(prefix) else { continue }
            let relative = String(path.dropFirst(prefix.count))
            if relative != manifestName { files[relative] = UInt64(values.fileSize ?? 0) }
        }
        return files
    }

    static func write(_ manifest: Manifest, into staging: URL) throws(ZipError) {
        let url = staging.appendingPathComponent(manifestName)
        do {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            try encoder.encode(manifest).write(to: url, options: .atomic)
        } catch {
            throw .writeFailed(path: url.path, reason: (error as NSError).localizedDescription)
        }
    }
}
