import Foundation
import Trivia
import TriviaHost
import TriviaServer

#if canImport(Glibc)
    import Glibc
#endif

/// `trivia-server --cluster` as a child process on 127.0.0.1, on a given port or one chosen by
/// the system: its port is read from the "listening" line, and every lease claim it prints
/// (`--print-lease`) goes to a ``LeaseRecorder`` under its node name, so a test can kill it
/// with SIGKILL and still check that no two nodes ever believed themselves owner at once.
final class ServerNodeProcess: Sendable {
    let name: String
    private let process: Process
    private let output = OutputCollector()
    private let errors = OutputCollector()
    private let port = Locked<Int?>(nil)

    /// Starts the node and returns once it listens (or throws with what it printed).
    init(name: String, cluster: String, port requested: Int = 0, arguments: [String], recorder: LeaseRecorder) async throws {
        guard let command = builtExecutable("trivia-server") else { throw TestFailure("trivia-server is not built beside the tests") }
        self.name = name
        process = Process()
        process.executableURL = command
        process.arguments =
            ["--cluster", cluster, "--node", name, "--port", "\(requested)", "--print-lease", "--log-level", "error"] + arguments
        let pipe = Pipe()
        let errorPipe = Pipe()
        process.standardOutput = pipe
        process.standardError = errorPipe
        let output = output
        let port = port
        let seen = Locked(0)
        pipe.fileHandleForReading.readabilityHandler = { handle in
            output.append(handle.availableData)
            let lines = output.completeLines
            seen.withLock { count in
                for line in lines.dropFirst(count) {
                    if line.hasPrefix("lease ") { recorder.record(line: String(line.dropFirst(6)), node: name) }
                    if line.hasPrefix("trivia-server listening on http://127.0.0.1:"),
                        let number = Int(line.split(separator: ":").last ?? "")
                    {
                        port.withLock { $0 = number }
                    }
                }
                count = lines.count
            }
        }
        let errors = errors
        errorPipe.fileHandleForReading.readabilityHandler = { handle in errors.append(handle.availableData) }
        try process.run()
        let listening = await eventually(within: 60) { port.withLock { $0 } != nil || !self.process.isRunning }
        guard listening, port.withLock({ $0 }) != nil else {
            kill()
            throw TestFailure("\(name) did not start: \(output.text) \(errors.text)")
        }
    }

    /// The port it listens on.
    var listeningPort: Int { port.withLock { $0 } ?? 0 }

    /// The WebSocket URL of `competition` on this node.
    func socketURL(_ competition: CompetitionID) throws -> URL {
        try loopbackURL("ws", port: listeningPort, path: SocketPath.path(for: competition))
    }

    /// `http://127.0.0.1:PORT`.
    func baseURL() throws -> URL { try loopbackURL("http", port: listeningPort, path: "") }

    /// What it printed on standard error.
    var standardError: String { errors.text }

    var isRunning: Bool { process.isRunning }

    /// SIGKILL: no clean-up of any kind, as a crash.
    func kill() {
        if process.isRunning { Glibc.kill(process.processIdentifier, SIGKILL) }
    }

    /// SIGTERM, then waits for the exit (SIGKILL after 10 s).
    func stop() async {
        guard process.isRunning else { return }
        Glibc.kill(process.processIdentifier, SIGTERM)
        if !(await eventually(within: 10) { !self.process.isRunning }) { kill() }
        _ = await eventually(within: 5) { !self.process.isRunning }
    }
}

/// `SCHEME://127.0.0.1:PORT/PATH`.
func loopbackURL(_ scheme: String, port: Int, path: String) throws -> URL {
    guard let url = URL(string: "\(scheme)://127.0.0.1:\(port)\(path)") else { throw TestFailure("no URL for port \(port) \(path)") }
    return url
}
