import Foundation
import Testing
import TriviaServerTestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// A PostgreSQL server (15 here) of a test's own: a data directory in a temporary folder owned by
/// `postgres` (PostgreSQL refuses to run as root), trust authentication, 127.0.0.1 on a free
/// port. ``withPostgres(_:)`` starts one and always stops it.
///
/// When PostgreSQL cannot run here (no binaries, not root, no `postgres` user) a test is
/// cancelled with the reason, unless `TRIVIA_CLUSTER_TESTS=require` is set (CI sets it, after
/// installing `postgresql`): then it fails, so a CI run can never pass with the cluster tests
/// skipped.
final class PostgresServer: Sendable {
    /// `TRIVIA_POSTGRES_BIN`, else the newest `/usr/lib/postgresql/N/bin` (15 on Debian 12).
    static let binaries: String = {
        if let path = ProcessInfo.processInfo.environment["TRIVIA_POSTGRES_BIN"] { return path }
        let versions = (try? FileManager.default.contentsOfDirectory(atPath: "/usr/lib/postgresql")) ?? []
        let newest = versions.compactMap(Int.init).max() ?? 15
        return "/usr/lib/postgresql/\(newest)/bin"
    }()
    static let user = "trivia"

    let directory: String
    let port: Int

    var url: String { "postgres://\(Self.user)@127.0.0.1:\(port)/postgres" }

    private init(directory: String, port: Int) {
        self.directory = directory
        self.port = port
    }

    /// Why PostgreSQL cannot run here, or `nil`.
    static var unavailableReason: String? {
        if !FileManager.default.isExecutableFile(atPath: "\(binaries)/initdb") {
            return "\(binaries)/initdb not found (apt-get install postgresql)"
        }
        if getuid() != 0 { return "the tests run PostgreSQL as the postgres user through runuser, which needs root" }
        if getpwnam("postgres") == nil { return "there is no postgres user" }
        return nil
    }

    /// Starts a server from the process's template data directory.
    static func start() async throws -> PostgresServer {
        let template = try await Template.shared.path()
        let directory = try await makeDirectory()
        _ = try await command("/bin/cp", ["-a", "\(template)/data", "\(directory)/data"])
        var lastError: (any Error)?
        for _ in 0..<5 {
            let server = PostgresServer(directory: directory, port: try freePort())
            do {
                try await server.startServer()
                return server
            } catch {
                lastError = error
            }
        }
        try? FileManager.default.removeItem(atPath: directory)
        throw lastError ?? TestFailure("PostgreSQL did not start")
    }

    /// Stops the server and removes its folder.
    func stop() async {
        _ = try? await Self.command(
            "/usr/sbin/runuser",
            ["-u", "postgres", "--", "\(Self.binaries)/pg_ctl", "-D", "\(directory)/data", "-w", "-m", "immediate", "stop"])
        try? FileManager.default.removeItem(atPath: directory)
    }

    /// Stops the server (fast: sessions are terminated) and starts it again on the same port;
    /// returns once it accepts connections again. `downFor` is how long it stays down.
    func restart(downFor seconds: Double = 0) async throws {
        try await stopServer()
        if seconds > 0 { try await Task.sleep(for: .seconds(seconds)) }
        try await startServer()
    }

    /// Stops the server (fast shutdown: sessions are terminated, as in a restart).
    func stopServer() async throws {
        _ = try await Self.command(
            "/usr/sbin/runuser", ["-u", "postgres", "--", "\(Self.binaries)/pg_ctl", "-D", "\(directory)/data", "-w", "-m", "fast", "stop"])
    }

    /// Starts the stopped server on its port and waits until it accepts connections.
    func startServer() async throws {
        let options = "-p \(port) -k \(directory) -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200"
        let arguments = [
            "-u", "postgres", "--", "\(Self.binaries)/pg_ctl", "-D", "\(directory)/data", "-w", "-t", "60", "-l", "\(directory)/log",
            "-o", options, "start",
        ]
        // The child inherits no descriptor of this process (``ChildProcess``): the postmaster
        // pg_ctl leaves behind holds nothing another test waits on.
        let (status, _) = try await run("/usr/sbin/runuser", arguments, capture: false)
        guard status == 0 else {
            let log = (try? String(contentsOfFile: "\(directory)/log", encoding: .utf8)) ?? ""
            throw TestFailure("pg_ctl start exited \(status): \(log.suffix(600))")
        }
    }

    /// What the server logged so far (its `log` file).
    var log: String { (try? String(contentsOfFile: "\(directory)/log", encoding: .utf8)) ?? "(no log)" }

    /// Runs SQL through psql as the superuser (set-up steps a test needs outside the code under test).
    @discardableResult
    func psql(_ sql: String) async throws -> String {
        try await Self.command(
            "/usr/sbin/runuser",
            [
                "-u", "postgres", "--", "\(Self.binaries)/psql", "-X", "-q", "-t", "-A", "-h", "127.0.0.1", "-p", "\(port)", "-U",
                Self.user, "-d", "postgres", "-c", sql,
            ])
    }

    @discardableResult
    static func command(_ executable: String, _ arguments: [String]) async throws -> String {
        let (status, output) = try await run(executable, arguments)
        guard status == 0 else { throw TestFailure("\(executable) \(arguments.joined(separator: " ")) exited \(status): \(output)") }
        return output
    }

    static func makeDirectory() async throws -> String {
        var template = Array("/tmp/trivia-pg-XXXXXX".utf8CString)
        guard let created = mkdtemp(&template) else { throw TestFailure("mkdtemp failed") }
        let path = String(cString: created)
        try "\(getpid())".write(toFile: "\(path)/\(ownerFile)", atomically: true, encoding: .utf8)
        guard let postgres = getpwnam("postgres"), chown(path, postgres.pointee.pw_uid, postgres.pointee.pw_gid) == 0 else {
            throw TestFailure("chown \(path) to postgres failed")
        }
        try await startReaper(for: path)
        return path
    }

    /// Stops the server in `directory` and removes the folder as soon as this test process is
    /// gone, however it ends: a time limit, the CI watchdog's SIGKILL, a person's Ctrl-C. A
    /// shell in a session of its own (so a kill aimed at the test's session spares it), no
    /// longer this process's child (so nothing here waits for it), polling once a second.
    static func startReaper(for directory: String) async throws {
        let reaper = #"""
            owner=$1 directory=$2 binaries=$3
            while [ -d "/proc/$owner" ] && ! grep -q '^State:[[:space:]]*Z' "/proc/$owner/status" 2>/dev/null; do sleep 1; done
            if [ -f "$directory/data/postmaster.pid" ]; then
              runuser -u postgres -- "$binaries/pg_ctl" -D "$directory/data" -m immediate -w stop >/dev/null 2>&1
            fi
            rm -rf "$directory"
            """#
        // The outer shell starts the reaper in the background and exits at once.
        let (status, output) = try await run(
            "/bin/sh",
            ["-c", #"setsid /bin/sh -c "$0" reaper "$@" </dev/null >/dev/null 2>&1 &"#, reaper, "\(getpid())", directory, binaries])
        guard status == 0 else { throw TestFailure("the reaper for \(directory) did not start: \(output)") }
    }

    /// A port nobody listens on now (the system's choice for a socket bound to port 0).
    static func freePort() throws -> Int {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw TestFailure("socket() failed") }
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) == 0 && getsockname(fd, $0, &length) == 0 }
        }
        guard bound else { throw TestFailure("bind() failed") }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    /// The file in each folder naming the test process that made it.
    static let ownerFile = "trivia-test-owner"

    /// Stops the servers, and removes the folders, of test processes that died without
    /// cleaning up (killed by a time-out, or by a person): only folders with an owner file
    /// whose process is gone.
    static func sweepAbandoned() async {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: "/tmp")) ?? []
        for name in names where name.hasPrefix("trivia-pg-") {
            let directory = "/tmp/\(name)"
            guard let text = try? String(contentsOfFile: "\(directory)/\(ownerFile)", encoding: .utf8),
                let pid = Int32(text.trimmingCharacters(in: .whitespacesAndNewlines)), pid != getpid(), kill(pid, 0) != 0, errno == ESRCH
            else { continue }
            if FileManager.default.fileExists(atPath: "\(directory)/data/postmaster.pid") {
                _ = try? await command(
                    "/usr/sbin/runuser",
                    ["-u", "postgres", "--", "\(binaries)/pg_ctl", "-D", "\(directory)/data", "-w", "-m", "immediate", "stop"])
            }
            try? FileManager.default.removeItem(atPath: directory)
        }
    }

    /// One `initdb` per test process (seconds of work), copied for every server. Tests start
    /// at once: they all wait for the same `initdb`.
    actor Template {
        static let shared = Template()
        private var creating: Task<String, any Error>?

        func path() async throws -> String {
            if let creating { return try await creating.value }
            let task = Task {
                await PostgresServer.sweepAbandoned()
                let directory = try await PostgresServer.makeDirectory()
                removeAtExit(directory)
                try await PostgresServer.command(
                    "/usr/sbin/runuser",
                    [
                        "-u", "postgres", "--", "\(PostgresServer.binaries)/initdb", "-D", "\(directory)/data", "-A", "trust", "-U",
                        PostgresServer.user,
                        "-E", "UTF8", "--no-locale", "--no-sync",
                    ])
                return directory
            }
            creating = task
            return try await task.value
        }
    }
}

/// The template folder to remove when the test process exits.
private let templateToRemove = Locked<String?>(nil)

private func removeAtExit(_ directory: String) {
    templateToRemove.withLock { $0 = directory }
    atexit {
        if let directory = templateToRemove.withLock({ $0 }) { try? FileManager.default.removeItem(atPath: directory) }
    }
}

/// Runs `body` with a PostgreSQL server of its own and stops the server however `body` ends.
/// See ``PostgresServer`` for what happens when PostgreSQL is missing. A failing wait in `body`
/// prints the server's log with the rest of the test's ``FailureReport``.
func withPostgres<T>(
    isolation: isolated (any Actor)? = #isolation, _ body: (PostgresServer) async throws -> T
) async throws -> T {
    guard FailureReport.current != nil else {
        return try await FailureReport.with { _ in try await withPostgres(body) }
    }
    if let reason = PostgresServer.unavailableReason {
        if ProcessInfo.processInfo.environment["TRIVIA_CLUSTER_TESTS"] == "require" {
            throw TestFailure("TRIVIA_CLUSTER_TESTS=require but PostgreSQL cannot run: \(reason)")
        }
        try Test.cancel("PostgreSQL is not available: \(reason)")
    }
    let server = try await PostgresServer.start()
    FailureReport.current?.add("PostgreSQL log") { server.log }
    do {
        let result = try await body(server)
        await server.stop()
        return result
    } catch {
        await server.stop()
        throw error
    }
}
