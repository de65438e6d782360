import ChildProcesses
import Foundation

/// Runs a command to its end and returns its exit status and output (standard error
/// interleaved). The child inherits no descriptor of this process (``ChildProcess``), so a
/// server or a database another test starts at the same moment cannot hold this command's pipe
/// or hide its exit. Cancelling the calling task (a test's time limit) kills the command.
///
/// `capture: false` sends the command's output to /dev/null (a command that leaves a daemon
/// behind, `pg_ctl start`, would otherwise hand the daemon its pipe).
func run(_ executable: String, _ arguments: [String], capture: Bool = true) async throws -> (status: Int32, output: String) {
    let options = ChildProcess.Options(standardOutput: capture ? .capture : .discard, standardError: .sameAsOutput)
    let (termination, output) = try await ChildProcess.run(executable, arguments, options: options)
    return (termination.status, output)
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
