import Foundation
import SharedNetworking

/// Where the command reads and writes. The executable uses standard input, output and error;
/// tests capture.
public protocol ConsoleIO: Sendable {
    /// Writes `text` to the output as is (no newline added).
    func write(_ text: String)
    /// Writes `text` to the error output as is.
    func writeError(_ text: String)
    /// Standard input to its end (`--file -`), or `nil` when it is more than `limit` bytes.
    func readInput(limit: Int) throws -> Data?
}

/// Standard input, output and error of the process.
public struct StandardIO: ConsoleIO {
    /// The process's own streams.
    public init() {}

    /// Writes to standard output.
    public func write(_ text: String) {
        FileHandle.standardOutput.write(Data(text.utf8))
    }

    /// Writes to standard error.
    public func writeError(_ text: String) {
        FileHandle.standardError.write(Data(text.utf8))
    }

    /// Reads standard input to its end, as a stream (it is usually a pipe).
    public func readInput(limit: Int) throws -> Data? {
        try StreamReading.readAll(FileHandle.standardInput, limit: limit)
    }
}
