import Foundation

/// The on-disk layout of one cache entry: a small header, the key, what the entry says about
/// itself (version 2), then the body.
///
/// ```
/// offset  size  field
/// 0       4     magic "SNDC"
/// 4       1     format version (1 or 2)
/// 5       3     reserved, zero
/// 8       8     body length, little-endian
/// 16      4     CRC-32 of the metadata and the body, little-endian (version 1: of the body)
/// 20      4     key length in UTF-8 bytes, little-endian
/// 24      4     metadata length, little-endian (version 2 only)
/// 24|28   k     key (the URL)
/// …       m     metadata (version 2 only: the HTTP cache's validators, dates and headers)
/// …       n     body
/// ```
///
/// The length and checksum are what let a reader tell a complete file from one truncated by a
/// crash or a full disk, or damaged later; the key guards against a file renamed by hand and
/// makes the directory self-describing when debugging. The metadata travels in the same file as
/// the body, under the same checksum and the same atomic rename, so an entry's validators can
/// never belong to another body. Version 1 files (written before metadata existed, and still
/// written by ``DiskCache/store(_:forKey:)``) read as entries without metadata.
enum DiskCacheFile {
    static let magic: [UInt8] = Array("SNDC".utf8)
    static let version: UInt8 = 1
    static let metadataVersion: UInt8 = 2
    static let fixedHeaderLength = 24

    /// Why a file was rejected (and deleted).
    enum Damage: Error, Equatable {
        case tooShort
        case badMagic
        case unsupportedVersion(UInt8)
        case lengthMismatch
        case keyMismatch
        case checksumMismatch
    }

    /// A version 1 file: `body` under `key`, no metadata.
    static func encode(_ body: Data, key: String) -> Data {
        encode(body, metadata: nil, key: key)
    }

    /// A version 2 file when `metadata` is given, else version 1.
    static func encode(_ body: Data, metadata: Data?, key: String) -> Data {
        let keyBytes = Array(key.utf8)
        let headerLength = fixedHeaderLength + (metadata == nil ? 0 : 4)
        var file = Data(capacity: headerLength + keyBytes.count + (metadata?.count ?? 0) + body.count)
        var crc = CRC32()
        if let metadata { crc.update(metadata) }
        crc.update(body)
        file.append(contentsOf: magic)
        file.append(contentsOf: [metadata == nil ? version : metadataVersion, 0, 0, 0])
        append(UInt64(body.count), bytes: 8, to: &file)
        append(UInt64(crc.value), bytes: 4, to: &file)
        append(UInt64(keyBytes.count), bytes: 4, to: &file)
        if let metadata { append(UInt64(metadata.count), bytes: 4, to: &file) }
        file.append(contentsOf: keyBytes)
        if let metadata { file.append(metadata) }
        file.append(body)
        return file
    }

    /// The body of `file`, stored under `key`.
    static func decode(_ file: Data, key: String) throws(Damage) -> Data {
        try decodeEntry(file, key: key).body
    }

    /// The body of `file` and its metadata (`nil` for a version 1 file).
    static func decodeEntry(_ file: Data, key: String) throws(Damage) -> (body: Data, metadata: Data?) {
        let keyBytes = Array(key.utf8)
        // Only the header and the key are read through the reader; the rest is checksummed where it lies.
        let header = ByteReader(Array(file.prefix(fixedHeaderLength + 4 + keyBytes.count)))
        guard header.count >= fixedHeaderLength else { throw .tooShort }
        guard header.matches(magic, at: 0) else { throw .badMagic }
        guard let fileVersion = header.u8(4), fileVersion == Int(version) || fileVersion == Int(metadataVersion) else {
            throw .unsupportedVersion(UInt8(truncatingIfNeeded: header.u8(4) ?? 0))
        }
        let hasMetadata = fileVersion == Int(metadataVersion)
        guard let low = header.u32LE(8), let high = header.u32LE(12), high == 0,
            let checksum = header.u32LE(16), let keyLength = header.u32LE(20)
        else { throw .lengthMismatch }
        var keyStart = fixedHeaderLength
        var metadataLength = 0
        if hasMetadata {
            guard let length = header.u32LE(fixedHeaderLength) else { throw .tooShort }
            metadataLength = length
            keyStart += 4
        }
        let metadataStart = keyStart + keyLength
        let bodyStart = metadataStart + metadataLength
        guard bodyStart <= file.count, file.count - bodyStart == low else { throw .lengthMismatch }
        guard keyLength == keyBytes.count, header.matches(keyBytes, at: keyStart) else { throw .keyMismatch }
        let metadata = hasMetadata ? file.subdata(in: (file.startIndex + metadataStart)..<(file.startIndex + bodyStart)) : nil
        let body = file.subdata(in: (file.startIndex + bodyStart)..<file.endIndex)
        var crc = CRC32()
        if let metadata { crc.update(metadata) }
        crc.update(body)
        guard crc.value == UInt32(checksum) else { throw .checksumMismatch }
        return (body, metadata)
    }

    private static func append(_ value: UInt64, bytes: Int, to data: inout Data) {
        for index in 0..<bytes { data.append(UInt8(truncatingIfNeeded: value >> UInt64(index * 8))) }
    }
}
