import Foundation

/// Runs a command to its end without blocking a thread of the cooperative pool (the process
/// is awaited through its termination handler, Docs/Decisions.md).
///
/// `capture: false` sends the command's output to /dev/null: a command that leaves a daemon
/// behind (`pg_ctl start`) would hand it the pipe, and the pipe would never end.
func run(_ executable: String, _ arguments: [String], capture: Bool = true) async throws -> (status: Int32, output: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    let pipe = Pipe()
    let output = OutputCollector()
    if capture {
        process.standardOutput = pipe
        process.standardError = pipe
        pipe.fileHandleForReading.readabilityHandler = { handle in output.append(handle.availableData) }
    } else {
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
    }
    let status: Int32 = try await withCheckedThrowingContinuation { continuation in
        process.terminationHandler = { process in continuation.resume(returning: process.terminationStatus) }
        do {
            try process.run()
        } catch {
            process.terminationHandler = nil
            continuation.resume(throwing: error)
        }
    }
    if capture {
        pipe.fileHandleForReading.readabilityHandler = nil
        output.append(pipe.fileHandleForReading.readDataToEndOfFile())
    }
    return (status, output.text)
}

/// Bytes a child writes, collected from its pipe's handler thread.
final class OutputCollector: Sendable {
    private let data = Locked(Data())

    func append(_ chunk: Data) {
        data.withLock { $0.append(chunk) }
    }

    var text: String { data.withLock { String(decoding: $0, as: UTF8.self) } }

    /// The lines ended by a newline so far.
    var completeLines: [String] { text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init) }
}

/// A value behind a lock, for state shared between a test and the tasks it starts.
final class Locked<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) {
        self.value = value
    }

    func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}

/// Polls `condition` until it holds or `seconds` of real time pass (a wait for real
/// concurrent work: PostgreSQL, child processes).
func eventually(
    within seconds: Double = 30, isolation: isolated (any Actor)? = #isolation, _ condition: () async -> Bool
) async -> Bool {
    let deadline = ContinuousClock.now + .seconds(seconds)
    while ContinuousClock.now < deadline {
        if await condition() { return true }
        try? await Task.sleep(for: .milliseconds(20))
    }
    return await condition()
}

struct TestFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// An executable of this package built beside the tests (`trivia-cluster`, `trivia-server`).
func builtExecutable(_ name: String) -> URL? {
    let candidates = [Bundle.main.executableURL, URL(fileURLWithPath: CommandLine.arguments[0])].compactMap { $0 }
    for candidate in candidates {
        var directory = candidate.deletingLastPathComponent()
        for _ in 0..<4 {
            let url = directory.appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: url.path) { return url }
            directory = directory.deletingLastPathComponent()
        }
    }
    return nil
}
