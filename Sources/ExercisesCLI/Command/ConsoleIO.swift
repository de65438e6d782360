import Foundation

/// Where the command writes. The executable uses standard output and error; tests capture.
public protocol ConsoleIO: Sendable {
    /// Writes `text` to the output as is (no newline added).
    func write(_ text: String)
    /// Writes `text` to the error output as is.
    func writeError(_ text: String)
}

/// Standard output and standard error of the process.
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
}
