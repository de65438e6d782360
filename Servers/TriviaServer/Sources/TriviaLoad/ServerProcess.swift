import ChildProcesses
import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// A `trivia-server` child process on 127.0.0.1 with a system-chosen port.
///
/// A ``ChildProcess``: it inherits none of this process's descriptors (the bots' sockets, or
/// another node's pipes being set up at the same moment), and its exit is seen on its own thread.
final class ServerProcess: Sendable {
    let child: ChildProcess
    let port: Int

    /// Starts `executable` with `arguments` (plus `--host 127.0.0.1 --port 0`) and waits up to
    /// `timeout` seconds for it to print the port it listens on.
    init(executable: URL, arguments: [String], timeout: Double) async throws {
        let reported = Mutex<Int?>(nil)
        // Standard output is read to its end (a full pipe would block the server); standard
        // error goes where this command's goes.
        child = try ChildProcess.spawn(
            executable.path, ["--host", "127.0.0.1", "--port", "0"] + arguments,
            options: ChildProcess.Options(standardOutput: .capture, standardError: .inherit) { line in
                if let port = Self.port(in: line) { reported.withLock { $0 = $0 ?? port } }
            })
        let deadline = ContinuousClock.now + .seconds(timeout)
        while reported.withLock({ $0 }) == nil, child.isRunning, ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(20))
        }
        guard let found = reported.withLock({ $0 }) else {
            await child.stop(grace: .seconds(2))
            throw LoadError("the server did not report its port within \(timeout) s (output: \(child.output.prefix(300)))")
        }
        port = found
    }

    /// The port in "trivia-server listening on http://127.0.0.1:PORT".
    static func port(in text: String) -> Int? {
        guard let range = text.range(of: "listening on http://127.0.0.1:") else { return nil }
        let digits = text[range.upperBound...].prefix { $0.isNumber }
        return Int(digits)
    }

    var pid: Int32 { child.pid }

    /// Resident memory now and at its peak, in bytes (`/proc/<pid>/status`).
    func memory() -> (rss: Int, peak: Int) {
        ProcessMemory.read(pid: pid)
    }

    /// User + system CPU seconds so far (`/proc/<pid>/stat`).
    func cpuSeconds() -> Double {
        ProcessMemory.cpuSeconds(pid: pid)
    }

    /// SIGKILL: the node dies as in a crash (`--kill-owner-at`).
    func kill() {
        child.kill()
    }

    /// SIGTERM (the server closes every socket with 1001 and exits), then SIGKILL if it lingers.
    /// Not SIGINT: a process started in the background of a non-interactive shell ignores it.
    func stop(within seconds: Double = 10) async {
        await child.stop(grace: .seconds(seconds))
    }
}

struct LoadError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
