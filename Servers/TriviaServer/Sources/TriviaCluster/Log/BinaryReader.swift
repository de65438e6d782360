import Foundation
import NIOCore
import Trivia
import TriviaHost

/// Bounds-checked reads for the cluster's binary formats (log entries, bus messages): every
/// read that runs past the end, or a length that could not fit, is a thrown ``ClusterError``
/// naming what was being read, never a trap.
struct BinaryReader {
    var buffer: ByteBuffer
    /// What is being read, for error messages ("log entry 12", "bus message").
    let subject: String
    let makeError: @Sendable (String) -> ClusterError

    init(_ buffer: ByteBuffer, subject: String, makeError: @escaping @Sendable (String) -> ClusterError) {
        self.buffer = buffer
        self.subject = subject
        self.makeError = makeError
    }

    var isAtEnd: Bool { buffer.readableBytes == 0 }

    mutating func integer<T: FixedWidthInteger>(_ what: String, as type: T.Type = T.self) throws(ClusterError) -> T {
        guard let value = buffer.readInteger(as: T.self) else { throw makeError("\(subject): truncated at \(what)") }
        return value
    }

    mutating func bytes(_ what: String, limit: Int = 64 * 1024 * 1024) throws(ClusterError) -> [UInt8] {
        let count = Int(try integer("\(what) length", as: UInt32.self))
        guard count <= limit, let bytes = buffer.readBytes(length: count) else {
            throw makeError("\(subject): \(what) of \(count) bytes runs past the end")
        }
        return bytes
    }

    mutating func string(_ what: String) throws(ClusterError) -> String {
        let bytes = try bytes(what, limit: 1024 * 1024)
        guard let string = String(validating: bytes, as: UTF8.self) else { throw makeError("\(subject): \(what) is not UTF-8") }
        return string
    }

    mutating func date(_ what: String) throws(ClusterError) -> Date {
        Date(timeIntervalSinceReferenceDate: Double(bitPattern: try integer(what, as: UInt64.self)))
    }

    /// An unsigned LEB128 integer (7 bits a byte, low first), at most 10 bytes.
    mutating func varint(_ what: String) throws(ClusterError) -> UInt64 {
        var value: UInt64 = 0
        for index in 0..<10 {
            let byte = try integer(what, as: UInt8.self)
            value |= UInt64(byte & 0x7F) << (7 * UInt64(index))
            if byte & 0x80 == 0 { return value }
        }
        throw makeError("\(subject): \(what) is longer than 10 bytes")
    }

    /// A signed integer written by ``ByteBuffer/writeSignedVarint(_:)`` (zigzag, then LEB128).
    mutating func signedVarint(_ what: String) throws(ClusterError) -> Int {
        let zigzag = try varint(what)
        return Int(truncatingIfNeeded: Int64(bitPattern: zigzag >> 1) ^ -Int64(bitPattern: zigzag & 1))
    }

    /// UTF-8 text with a ``varint(_:)`` length, for the short strings of a broadcast's rows.
    mutating func shortString(_ what: String) throws(ClusterError) -> String {
        let count = try varint("\(what) length")
        guard count <= 64 * 1024, let bytes = buffer.readBytes(length: Int(count)) else {
            throw makeError("\(subject): \(what) of \(count) bytes runs past the end")
        }
        guard let string = String(validating: bytes, as: UTF8.self) else { throw makeError("\(subject): \(what) is not UTF-8") }
        return string
    }

    mutating func count(_ what: String, limit: Int) throws(ClusterError) -> Int {
        let count = Int(try integer("\(what) count", as: UInt32.self))
        guard count <= limit else { throw makeError("\(subject): \(count) \(what) is more than \(limit)") }
        return count
    }
}

extension ByteBuffer {
    /// Writes `bytes` with a 32-bit length before them (the readers' ``BinaryReader/bytes(_:limit:)``).
    mutating func writeLengthPrefixed<Bytes: Collection<UInt8>>(_ bytes: Bytes) {
        writeInteger(UInt32(truncatingIfNeeded: bytes.count))
        writeBytes(bytes)
    }

    /// Writes `string` as length-prefixed UTF-8.
    mutating func writeLengthPrefixed(string: String) {
        writeLengthPrefixed(Array(string.utf8))
    }

    /// Writes `value` as unsigned LEB128 (``BinaryReader/varint(_:)``): one byte below 128.
    mutating func writeVarint(_ value: UInt64) {
        var rest = value
        while rest >= 0x80 {
            writeInteger(UInt8(truncatingIfNeeded: rest) | 0x80)
            rest >>= 7
        }
        writeInteger(UInt8(rest))
    }

    /// Writes `value` zigzag-encoded as a varint (small negative numbers stay short).
    mutating func writeSignedVarint(_ value: Int) {
        let wide = Int64(value)
        writeVarint(UInt64(bitPattern: (wide << 1) ^ (wide >> 63)))
    }

    /// Writes `string` as UTF-8 with a varint length (``BinaryReader/shortString(_:)``).
    mutating func writeShortString(_ string: String) {
        var string = string
        string.withUTF8 { bytes in
            writeVarint(UInt64(bytes.count))
            writeBytes(bytes)
        }
    }

    /// Writes `date` exactly (the bits of its `timeIntervalSinceReferenceDate`).
    mutating func write(date: Date) {
        writeInteger(date.timeIntervalSinceReferenceDate.bitPattern)
    }
}
