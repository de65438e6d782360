import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A process run to completion.
struct ChildRun: Sendable {
    var status: Int32
    var elapsed: Duration
}

enum ChildProcess {
    /// Runs `arguments` (the first is looked up in `PATH`); stdout goes to `output` (a file
    /// path) or is discarded, stderr is discarded unless `showErrors`.
    static func run(_ arguments: [String], output: String = "/dev/null", showErrors: Bool = false) throws -> ChildRun {
        guard !arguments.isEmpty else { throw BenchmarkError("empty command") }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        if !showErrors { posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0) }

        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        let clock = ContinuousClock()
        let start = clock.now
        var pid: pid_t = 0
        let spawned = posix_spawnp(&pid, arguments[0], &actions, nil, &argv, environ)
        guard spawned == 0 else { throw BenchmarkError("cannot start \(arguments[0]): \(String(cString: strerror(spawned)))") }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 {
            guard errno == EINTR else { throw BenchmarkError("wait4 failed: \(String(cString: strerror(errno)))") }
        }
        let elapsed = clock.now - start
        let exitStatus = (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
        return ChildRun(status: exitStatus, elapsed: elapsed)
    }

    /// The peak resident set size of `arguments` run once, in bytes, measured by `peak-rss`
    /// (a small program, so that the figure is the command's own: see Sources/peak-rss).
    static func peakRSS(_ arguments: [String]) throws -> Int {
        let output = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("peak-rss-\(UUID().uuidString.prefix(8))")
        defer { try? FileManager.default.removeItem(at: output) }
        let child = try run([try sibling("peak-rss")] + arguments, output: output.path, showErrors: true)
        guard child.status == 0 else { throw BenchmarkError("\(arguments[0]) exited \(child.status) while its memory was measured") }
        let text = try String(contentsOf: output, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
        guard let bytes = Int(text) else { throw BenchmarkError("peak-rss printed '\(text)'") }
        return bytes
    }

    /// This executable, for re-running a measurement in a child.
    static var executable: String {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
    }

    /// Another executable of the Benchmarks package. `swift run bench` builds only `bench`, so
    /// missing siblings are built here, once, with the same configuration and scratch path.
    static func sibling(_ product: String) throws -> String {
        let binDirectory = URL(fileURLWithPath: executable).deletingLastPathComponent()
        let path = binDirectory.appendingPathComponent(product).path
        if FileManager.default.isExecutableFile(atPath: path) { return path }
        // …/<scratch>/<triple>/<configuration>/bench; the package is three levels up from this file.
        let package = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        let configuration = binDirectory.lastPathComponent
        let scratch = binDirectory.deletingLastPathComponent().deletingLastPathComponent()
        FileHandle.standardError.write(Data("building the helper programs (\(configuration))…\n".utf8))
        let build = try run(
            ["swift", "build", "-c", configuration, "--package-path", package.path, "--scratch-path", scratch.path],
            showErrors: true)
        guard build.status == 0, FileManager.default.isExecutableFile(atPath: path) else {
            throw BenchmarkError("cannot build \(product); try: swift build -c release --package-path Benchmarks")
        }
        return path
    }
}
