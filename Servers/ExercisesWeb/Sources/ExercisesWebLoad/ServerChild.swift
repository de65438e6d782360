import ChildProcesses
import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// An `exercises-web` this tool starts (`--server PATH`): a child process on a port the system
/// chooses, read from its first line, `listening on http://HOST:PORT`; stopped with SIGTERM.
///
/// A `ChildProcess`: it inherits none of this process's descriptors (the load's sockets), so
/// its end is seen and its memory and CPU are its own.
final class ServerChild: Sendable {
    let child: ChildProcess
    let endpoint: ServerEndpoint

    /// The command line without the executable's directory, for the report.
    var commandLine: String {
        let parts = child.commandLine.split(separator: " ", maxSplits: 1)
        let name = parts.first.map { URL(fileURLWithPath: String($0)).lastPathComponent } ?? ""
        return ([name] + parts.dropFirst().map(String.init)).joined(separator: " ")
    }

    /// Starts `executable` with `--port 0` and `arguments` and waits up to `timeout` for it to
    /// listen. A server that ends first (it refused an argument, say) is reported with what it
    /// wrote on standard error.
    init(executable: String, arguments: [String], timeout: Duration = .seconds(60)) async throws {
        let listening = Mutex<ServerEndpoint?>(nil)
        do {
            child = try ChildProcess.spawn(
                executable, ["--port", "0"] + arguments,
                options: ChildProcess.Options(standardOutput: .capture, standardError: .capture) { line in
                    if let endpoint = ServerEndpoint(listeningLine: line[...]) { listening.withLock { $0 = $0 ?? endpoint } }
                })
        } catch {
            throw LoadError("\(executable) could not be started: \(error)")
        }
        let deadline = ContinuousClock.now + timeout
        while listening.withLock({ $0 }) == nil, child.isRunning, ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(20))
        }
        guard let endpoint = listening.withLock({ $0 }) else {
            let termination = await child.stop(grace: .seconds(2))
            throw LoadError(Self.explain(child: child, termination: termination, arguments: arguments, timeout: timeout))
        }
        self.endpoint = endpoint
    }

    /// Why a server never listened, in words: an unknown flag is named as such.
    static func explain(child: ChildProcess, termination: Termination, arguments: [String], timeout: Duration) -> String {
        let lines = child.errorOutput.split(separator: "\n")
        // ArgumentParser's own words for an argument it does not take: "Error: Unknown option '--renderer'".
        if let refusal = lines.first(where: { $0.hasPrefix("Error:") }) {
            return "the server refused its arguments (\(arguments.joined(separator: " "))): \(refusal)"
        }
        let said = lines.suffix(3).joined(separator: " / ")
        let how = child.isRunning ? "did not listen within \(timeout)" : "\(termination) before it listened"
        return "\(child.commandLine) \(how)\(said.isEmpty ? "" : ": \(said)")"
    }

    /// Resident memory now, in bytes.
    func residentBytes() -> Int? {
        ProcessMemory.residentBytes(pid: child.pid)
    }

    /// CPU seconds so far.
    func cpuSeconds() -> Double {
        ProcessMemory.cpuSeconds(pid: child.pid)
    }

    /// Whether it is still running.
    var isRunning: Bool { child.isRunning }

    /// SIGTERM (the server drains and exits), then SIGKILL if it lingers.
    @discardableResult
    func stop() async -> Termination {
        await child.stop(grace: .seconds(15))
    }
}
