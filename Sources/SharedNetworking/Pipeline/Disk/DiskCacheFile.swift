import Foundation

/// The on-disk layout of one cache entry: a small header, the key, then the body.
///
/// ```
/// offset  size  field
/// 0       4     magic "SNDC"
/// 4       1     format version (1)
/// 5       3     reserved, zero
/// 8       8     body length, little-endian
/// 16      4     CRC-32 of the body, little-endian
/// 20      4     key length in UTF-8 bytes, little-endian
/// 24      k     key (the URL)
/// 24 + k  n     body
/// ```
///
/// The length and checksum are what let a reader tell a complete file from one truncated by a
/// crash or a full disk, or damaged later; the key guards against a file renamed by hand and
/// makes the directory self-describing when debugging.
enum DiskCacheFile {
    static let magic: [UInt8] = Array("SNDC".utf8)
    static let version: UInt8 = 1
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

    static func encode(_ body: Data, key: String) -> Data {
        let keyBytes = Array(key.utf8)
        var file = Data(capacity: fixedHeaderLength + keyBytes.count + body.count)
        file.append(contentsOf: magic)
        file.append(contentsOf: [version, 0, 0, 0])
        append(UInt64(body.count), bytes: 8, to: &file)
        append(UInt64(CRC32.checksum(body)), bytes: 4, to: &file)
        append(UInt64(keyBytes.count), bytes: 4, to: &file)
        file.append(contentsOf: keyBytes)
        file.append(body)
        return file
    }

    static func decode(_ file: Data, key: String) throws(Damage) -> Data {
        let keyBytes = Array(key.utf8)
        // Only the header and the key are read through the reader; the body is checksummed where it lies.
        let header = ByteReader(Array(file.prefix(fixedHeaderLength + keyBytes.count)))
        guard header.count >= fixedHeaderLength else { throw .tooShort }
        guard header.matches(magic, at: 0) else { throw .badMagic }
        guard let fileVersion = header.u8(4), fileVersion == Int(version) else {
            throw .unsupportedVersion(UInt8(truncatingIfNeeded: header.u8(4) ?? 0))
        }
        guard let low = header.u32LE(8), let high = header.u32LE(12), high == 0,
            let checksum = header.u32LE(16), let keyLength = header.u32LE(20)
        else { throw .lengthMismatch }
        let bodyStart = fixedHeaderLength + keyLength
        guard bodyStart <= file.count, file.count - bodyStart == low else { throw .lengthMismatch }
        guard keyLength == keyBytes.count, header.matches(keyBytes, at: fixedHeaderLength) else { throw .keyMismatch }
        let body = file.subdata(in: (file.startIndex + bodyStart)..<file.endIndex)
        guard CRC32.checksum(body) == UInt32(checksum) else { throw .checksumMismatch }
        return body
    }

    private static func append(_ value: UInt64, bytes: Int, to data: inout Data) {
        for index in 0..<bytes { data.append(UInt8(truncatingIfNeeded: value >> UInt64(index * 8))) }
    }
}
