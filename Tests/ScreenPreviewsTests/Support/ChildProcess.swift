import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Runs a program to completion without `Foundation.Process`, for the browser checks.
///
/// `Process` on Linux hands the child every open descriptor of the test process (the loopback
/// servers' sockets, libdispatch's and libcurl's internals; swift-corelibs-foundation issue
/// 4795), watches for its exit with a SIGCHLD handler and a run-loop thread of its own, and
/// Chromium forks a tree of helpers that keep whatever they inherit. With the rest of the suite
/// running alongside, that combination now and then left the whole test process idle forever.
/// So the child is started with `posix_spawn`, with standard output sent to a file, standard
/// error to `/dev/null` and every other descriptor closed; one dedicated thread waits for it with
/// `waitpid`, so no thread of the cooperative pool ever blocks.
enum ChildProcess {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// Runs `executable` with `arguments`, writing its standard output to `output`, and returns
    /// its exit status (128 + the signal number when a signal ended it).
    static func run(_ executable: URL, _ arguments: [String], output: URL) async throws -> Int32 {
        let pid = try spawn(executable, arguments, output: output)
        return await withCheckedContinuation { continuation in
            let waiter = Thread {
                var status: Int32 = 0
                while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
                let exitCode = status & 0x7F == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
                continuation.resume(returning: exitCode)
            }
            waiter.name = "wait-\(pid)"
            waiter.start()
        }
    }

    private static func spawn(_ executable: URL, _ arguments: [String], output: URL) throws -> pid_t {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, output.path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        guard closeFrom(3, &actions) else { throw Failure(description: "posix_spawn cannot close inherited descriptors here") }

        let argv = ([executable.path] + arguments).map { strdup($0) }
        defer { for argument in argv { free(argument) } }
        var pid: pid_t = 0
        var terminated = argv + [nil]
        let result = terminated.withUnsafeMutableBufferPointer { buffer -> Int32 in
            guard let base = buffer.baseAddress else { return EINVAL }
            return posix_spawn(&pid, executable.path, &actions, nil, base, environ)
        }
        guard result == 0 else { throw Failure(description: "posix_spawn \(executable.path): \(String(cString: strerror(result)))") }
        return pid
    }

    /// `posix_spawn_file_actions_addclosefrom_np` (glibc 2.34+), looked up at run time because
    /// Swift's Glibc module does not export the GNU extensions.
    private static func closeFrom(_ first: Int32, _ actions: inout posix_spawn_file_actions_t) -> Bool {
        #if canImport(Glibc)
            typealias AddCloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
            guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "posix_spawn_file_actions_addclosefrom_np") else {
                return false
            }
            let addCloseFrom = unsafeBitCast(symbol, to: AddCloseFrom.self)
            return addCloseFrom(&actions, first) == 0
        #else
            return true
        #endif
    }
}
