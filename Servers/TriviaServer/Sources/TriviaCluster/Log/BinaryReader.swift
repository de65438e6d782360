import Foundation
import NIOCore
import Trivia

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

    /// Writes `date` exactly (the bits of its `timeIntervalSinceReferenceDate`).
    mutating func write(date: Date) {
        writeInteger(date.timeIntervalSinceReferenceDate.bitPattern)
    }
}
