import Foundation

/// Reads a stream to its end: a pipe, a FIFO, a terminal, standard input, a character device.
/// Such files have no size to check up front and cannot be read in one call (Foundation's
/// `Data(contentsOf:)` refuses them on Linux), so they are read in chunks and never beyond a
/// limit: `/dev/zero` or a runaway producer stops at the limit instead of filling memory.
public enum StreamReading {
    /// Everything `handle` yields until end of file, or `nil` when that is more than `limit`
    /// bytes (reading stops just past the limit). Errors are the handle's.
    public static func readAll(_ handle: FileHandle, limit: Int) throws -> Data? {
        var data = Data()
        while data.count <= limit {
            guard let chunk = try handle.read(upToCount: min(64 * 1024, limit - data.count + 1)), !chunk.isEmpty else { return data }
            data.append(chunk)
        }
        return nil
    }
}
