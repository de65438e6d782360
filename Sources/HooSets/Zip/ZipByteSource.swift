import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Random access to an archive's bytes. The reader only ever asks for bounded ranges, so an
/// archive on disk is never loaded whole.
public protocol ZipByteSource: Sendable {
    /// Total length in bytes.
    var size: UInt64 { get }
    /// Fills `buffer` with the bytes at `offset`. Throws ``ZipError/truncated(_:)`` when the
    /// range goes past the end.
    func read(into buffer: UnsafeMutableRawBufferPointer, at offset: UInt64) throws(ZipError)
    /// A name for messages.
    var name: String { get }
}

extension ZipByteSource {
    /// `count` bytes at `offset` (callers bound `count`; nothing here trusts the archive).
    func bytes(at offset: UInt64, count: Int) throws(ZipError) -> [UInt8] {
        try checkRange(offset, count)
        var result = [UInt8](repeating: 0, count: count)
        var failure: ZipError?
        result.withUnsafeMutableBytes { buffer in
            do throws(ZipError) { try read(into: buffer, at: offset) } catch { failure = error }
        }
        if let failure { throw failure }
        return result
    }

    /// Throws unless `offset ..< offset + count` lies inside the source.
    func checkRange(_ offset: UInt64, _ count: Int) throws(ZipError) {
        guard count >= 0, UInt64(count) <= size, offset <= size - UInt64(count) else {
            throw .truncated(
                "\(name) ends at byte \(size), before byte \(offset.addingReportingOverflow(UInt64(max(0, count))).partialValue)")
        }
    }
}

/// An archive already in memory (downloaded bytes, a fuzzer's input).
public struct ZipMemorySource: ZipByteSource {
    /// The archive's bytes.
    public let data: Data
    /// A name for messages (`01.zip`).
    public let name: String

    /// A source over `data`, called `name` in messages.
    public init(_ data: Data, name: String = "archive") {
        self.data = data
        self.name = name
    }

    /// The length of ``data``.
    public var size: UInt64 { UInt64(data.count) }

    /// Copies the bytes at `offset` into `buffer`; a range past the end is ``ZipError/truncated(_:)``.
    public func read(into buffer: UnsafeMutableRawBufferPointer, at offset: UInt64) throws(ZipError) {
        try checkRange(offset, buffer.count)
        let start = data.startIndex + Int(offset)
        data.copyBytes(to: buffer.bindMemory(to: UInt8.self), from: start..<start + buffer.count)
    }
}

/// An archive on disk, read with positional reads (`pread`): no shared file offset, so one open
/// archive can serve concurrent readers, and memory stays at the size of the caller's buffers.
public final class ZipFileSource: ZipByteSource {
    private let descriptor: Int32
    /// The file's length when it was opened.
    public let size: UInt64
    /// The file's name, for messages.
    public let name: String

    /// Opens `url` for reading. Refuses directories and other non-regular files.
    public init(url: URL) throws(ZipError) {
        let path = url.path
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw .readFailed(path: path, reason: POSIXFailure.message()) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else {
            let reason = POSIXFailure.message()
            close(descriptor)
            throw .readFailed(path: path, reason: reason)
        }
        guard info.st_mode & S_IFMT == S_IFREG else {
            close(descriptor)
            throw .readFailed(path: path, reason: "not a regular file")
        }
        self.descriptor = descriptor
        self.size = UInt64(info.st_size)
        self.name = url.lastPathComponent
    }

    deinit {
        close(descriptor)
    }

    /// Reads the bytes at `offset` with `pread`, so concurrent readers need no lock; a range past
    /// the end is ``ZipError/truncated(_:)``.
    public func read(into buffer: UnsafeMutableRawBufferPointer, at offset: UInt64) throws(ZipError) {
        try checkRange(offset, buffer.count)
        guard let base = buffer.baseAddress else { return }
        var done = 0
        while done < buffer.count {
            let count = pread(descriptor, base + done, buffer.count - done, off_t(offset) + off_t(done))
            if count < 0 {
                if errno == EINTR { continue }
                throw .readFailed(path: name, reason: POSIXFailure.message())
            }
            if count == 0 { throw .truncated("\(name) became shorter while being read") }
            done += count
        }
    }
}

/// `errno` as text.
enum POSIXFailure {
    static func message(_ code: Int32 = errno) -> String {
        String(cString: strerror(code))
    }
}
