import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where extraction writes. The default creates real files; tests inject one that fails part
/// way through to prove that a failed extraction leaves nothing that looks complete.
public protocol ZipFileWriter: Sendable {
    /// Creates a directory (and missing parents) inside the staging directory.
    func createDirectory(at url: URL) throws(ZipError)
    /// Creates a new file; must fail if something already exists at `url`.
    func createFile(at url: URL) throws(ZipError) -> any ZipWritableFile
}

/// A file being written by extraction.
public protocol ZipWritableFile: AnyObject {
    /// Appends `bytes` to the file.
    func write(_ bytes: UnsafeRawBufferPointer) throws(ZipError)
    /// Flushes and closes; called exactly once, also after a failure.
    func close() throws(ZipError)
}

/// Real files, created with `O_CREAT | O_EXCL | O_NOFOLLOW` (never overwriting, never
/// following a link), permissions 0644 and directories 0755 whatever the archive says.
public struct POSIXFileWriter: ZipFileWriter {
    /// The writer that creates real files.
    public init() {}

    /// Creates `url` and its missing parents with permissions 0755.
    public func createDirectory(at url: URL) throws(ZipError) {
        do {
            try FileManager.default.createDirectory(
                at: url, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o755])
        } catch {
            throw .writeFailed(path: url.path, reason: (error as NSError).localizedDescription)
        }
    }

    /// Creates `url` exclusively (`O_EXCL | O_NOFOLLOW`), 0644; fails when anything exists there.
    public func createFile(at url: URL) throws(ZipError) -> any ZipWritableFile {
        let descriptor = open(url.path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw .writeFailed(path: url.path, reason: POSIXFailure.message()) }
        return DescriptorFile(descriptor: descriptor, path: url.path)
    }

    final class DescriptorFile: ZipWritableFile {
        private var descriptor: Int32
        private let path: String

        init(descriptor: Int32, path: String) {
            self.descriptor = descriptor
            self.path = path
        }

        deinit {
            if descriptor >= 0 { closeDescriptor(descriptor) }
        }

        func write(_ bytes: UnsafeRawBufferPointer) throws(ZipError) {
            guard let base = bytes.baseAddress else { return }
            var done = 0
            while done < bytes.count {
                let count = writeDescriptor(descriptor, base + done, bytes.count - done)
                if count < 0 {
                    if errno == EINTR { continue }
                    throw .writeFailed(path: path, reason: POSIXFailure.message())
                }
                done += count
            }
        }

        func close() throws(ZipError) {
            guard descriptor >= 0 else { return }
            let result = closeDescriptor(descriptor)
            descriptor = -1
            if result != 0 { throw .writeFailed(path: path, reason: POSIXFailure.message()) }
        }
    }
}

private func writeDescriptor(_ descriptor: Int32, _ pointer: UnsafeRawPointer, _ count: Int) -> Int {
    write(descriptor, pointer, count)
}

@discardableResult
private func closeDescriptor(_ descriptor: Int32) -> Int32 {
    close(descriptor)
}
