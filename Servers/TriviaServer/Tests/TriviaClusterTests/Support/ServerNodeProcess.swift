import ChildProcesses
import Foundation
import Trivia
import TriviaHost
import TriviaServer
import TriviaServerTestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// `trivia-server --cluster` as a child process on 127.0.0.1, on a given port or one chosen by
/// the system: its port is read from the "listening" line, and every lease claim it prints
/// (`--print-lease`) goes to a ``LeaseRecorder`` under its node name, so a test can kill it
/// with SIGKILL and still check that no two nodes ever believed themselves owner at once.
final class ServerNodeProcess: Sendable {
    let name: String
    private let child: ChildProcess
    private let port: Locked<Int?>

    /// Starts the node and returns once it listens (or throws with what it printed).
    init(name: String, cluster: String, port requested: Int = 0, arguments: [String], recorder: LeaseRecorder) async throws {
        guard let command = builtExecutable("trivia-server") else { throw TestFailure("trivia-server is not built beside the tests") }
        self.name = name
        let port = Locked<Int?>(nil)
        self.port = port
        child = try ChildProcess.spawn(
            command.path,
            ["--cluster", cluster, "--node", name, "--port", "\(requested)", "--print-lease", "--log-level", "notice"] + arguments,
            options: ChildProcess.Options { line in
                if line.hasPrefix("lease ") { recorder.record(line: String(line.dropFirst(6)), node: name) }
                if line.hasPrefix("trivia-server listening on http://127.0.0.1:"), let number = Int(line.split(separator: ":").last ?? "") {
                    port.withLock { $0 = number }
                }
            })
        let child = child
        FailureReport.current?.add("node \(name) (\(child.pid)) log") { child.errorOutput }
        let listening = await eventually(within: .seconds(60)) { port.withLock { $0 } != nil || !child.isRunning }
        guard listening, port.withLock({ $0 }) != nil else {
            await child.stop(signal: SIGKILL, grace: .seconds(5))
            throw TestFailure(
                "\(name) did not start (\(child.termination.map(String.init(describing:)) ?? "still running")): \(child.output) \(child.errorOutput)"
            )
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

    /// What it printed on standard error (its log, for a failure's report).
    var standardError: String { child.errorOutput }

    var isRunning: Bool { child.isRunning }

    /// SIGKILL: no clean-up of any kind, as a crash.
    func kill() {
        child.kill()
    }

    /// SIGTERM, then waits for the exit (SIGKILL after 10 s).
    func stop() async {
        await child.stop(grace: .seconds(10))
    }
}

/// `SCHEME://127.0.0.1:PORT/PATH`.
func loopbackURL(_ scheme: String, port: Int, path: String) throws -> URL {
    guard let url = URL(string: "\(scheme)://127.0.0.1:\(port)\(path)") else { throw TestFailure("no URL for port \(port) \(path)") }
    return url
}
