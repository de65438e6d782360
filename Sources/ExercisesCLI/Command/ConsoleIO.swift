import Foundation
import SharedNetworking

/// Where the command reads and writes. The executable uses standard input, output and error;
/// tests capture.
public protocol ConsoleIO: Sendable {
    /// Writes to standard output.
    func write(_ text: String)
    /// Writes to standard error.
    func writeError(_ text: String)
    /// Standard input to its end (`--file -`), or `nil` when it is more than `limit` bytes.
    func readInput(limit: Int) throws -> Data?
}

/// Standard output and standard error of the process.
public struct StandardIO: ConsoleIO {
    public init() {}

    public func write(_ text: String) {
        FileHandle.standardOutput.write(Data(text.utf8))
    }

    public func writeError(_ text: String) {
        FileHandle.standardError.write(Data(text.utf8))
    }

    public func readInput(limit: Int) throws -> Data? {
        try StreamReading.readAll(FileHandle.standardInput, limit: limit)
    }
}
