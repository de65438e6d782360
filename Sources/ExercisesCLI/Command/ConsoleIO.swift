import Foundation

/// Where the command writes. The executable uses standard output and error; tests capture.
public protocol ConsoleIO: Sendable {
    func write(_ text: String)
    func writeError(_ text: String)
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
}
