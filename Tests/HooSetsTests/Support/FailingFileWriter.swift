import Foundation
import HooSets
import Synchronization
import TestSupport

/// Writes real files but fails once `failAfterBytes` bytes have been written in total: the
/// "crash in the middle" of an extraction.
final class FailingFileWriter: ZipFileWriter {
    private let base = POSIXFileWriter()
    private let budget: Locked<Int>
    let failures = Atomic<Int>(0)

    init(failAfterBytes: Int) {
        budget = Locked(failAfterBytes)
    }

    func createDirectory(at url: URL) throws(ZipError) {
        try base.createDirectory(at: url)
    }

    func createFile(at url: URL) throws(ZipError) -> any ZipWritableFile {
        Counted(file: try base.createFile(at: url), owner: self, path: url.path)
    }

    /// Takes `count` bytes from the budget; `false` when it runs out.
    fileprivate func spend(_ count: Int) -> Bool {
        budget.withLock { remaining in
            remaining -= count
            return remaining >= 0
        }
    }

    private final class Counted: ZipWritableFile {
        let file: any ZipWritableFile
        let owner: FailingFileWriter
        let path: String

        init(file: any ZipWritableFile, owner: FailingFileWriter, path: String) {
            self.file = file
            self.owner = owner
            self.path = path
        }

        func write(_ bytes: UnsafeRawBufferPointer) throws(ZipError) {
            guard owner.spend(bytes.count) else {
                owner.failures.add(1, ordering: .relaxed)
                throw .writeFailed(path: path, reason: "No space left on device (injected)")
            }
            try file.write(bytes)
        }

        func close() throws(ZipError) {
            try file.close()
        }
    }
}
