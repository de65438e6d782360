// Shared by every fuzz target (compiled into each binary next to its target file).
import Foundation

/// The fuzzer's input as `Data` (copied: the buffer is only valid during the call).
func fuzzData(_ bytes: UnsafePointer<UInt8>, _ size: Int) -> Data {
    Data(bytes: bytes, count: size)
}

/// Stops the run when a property the code promises does not hold; libFuzzer records the
/// input as a crash, exactly like a memory error.
func require(_ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String) {
    if !condition() {
        fatalError("invariant broken: \(message())")
    }
}

/// User-facing messages are printed as one `error:` line by the CLI.
func isOneLine(_ text: String) -> Bool {
    !text.isEmpty && !text.contains(where: \.isNewline)
}

/// Whether `data` is well-formed UTF-8.
func isValidUTF8(_ data: Data) -> Bool {
    String(validating: data, as: UTF8.self) != nil
}

extension Data {
    /// Splits at every occurrence of `separator`, at most `maxParts` parts (the last one keeps
    /// the rest). Lets one fuzz input describe several files.
    func parts(separatedBy separator: String, maxParts: Int) -> [Data] {
        let marker = Data(separator.utf8)
        var parts: [Data] = []
        var rest = self[...]
        while parts.count < maxParts - 1, let range = rest.range(of: marker) {
            parts.append(Data(rest[rest.startIndex..<range.lowerBound]))
            rest = rest[range.upperBound...]
        }
        parts.append(Data(rest))
        return parts
    }
}

/// A directory for this fuzzing process, emptied before each use by the targets that write.
enum FuzzScratch {
    static let root: URL = {
        let url = URL(fileURLWithPath: NSTemporaryDirectory(), isDirectory: true)
            .appendingPathComponent("mobileexercises-fuzz-\(ProcessInfo.processInfo.processIdentifier)", isDirectory: true)
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }()

    /// A fresh, empty directory named `name` under ``root``.
    static func fresh(_ name: String) -> URL {
        let url = root.appendingPathComponent(name, isDirectory: true)
        try? FileManager.default.removeItem(at: url)
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}
