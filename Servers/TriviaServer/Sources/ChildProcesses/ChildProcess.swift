import CSpawn
import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// A program started by this process that inherits nothing but its three standard streams.
///
/// Foundation's `Process` on Linux learns that a child ended when a socket it hands the child is
/// closed, and it closes the parent's other descriptors in the child from a list it makes
/// before spawning. A descriptor another thread opens in between (a pipe, or the socket of a
/// second `Process` being started at that moment) leaks into the child. When that child lives
/// long (a server node, a database), the other child's end is never seen: its termination
/// handler never runs and its pipe never ends. A server test suite that starts servers and
/// short commands at once hung that way with every thread idle (Docs/Reliability.md, issue 34).
///
/// Here every descriptor from 3 up is closed *in the child*, as it starts
/// (`posix_spawn_file_actions_addclosefrom_np`), and this type's own pipes are close-on-exec from
/// the moment they exist, so no child inherits what another one needs to end. The exit is
/// observed by a thread blocked in `waitpid` for this one process (never the cooperative
/// pool), and the output by a thread per pipe; every wait on them is cancellable.
public final class ChildProcess: Sendable {
    /// Where a child's standard input comes from.
    public enum Input: Sendable {
        /// /dev/null: the child reads end-of-file at once.
        case nullDevice
        /// A pipe this process writes with ``write(_:)`` and ends with ``closeInput()``.
        case pipe
    }

    /// Where a child's standard output or error goes.
    public enum Output: Sendable {
        /// /dev/null.
        case discard
        /// Kept, and readable as ``output`` (or ``errorOutput``) at any time.
        case capture
        /// Standard error only: wherever standard output goes, interleaved as the child wrote.
        case sameAsOutput
        /// This process's own standard output (or error): the child writes where this one does.
        case inherit
    }

    /// How to start a child.
    public struct Options: Sendable {
        /// The child's environment; `nil` passes this process's own.
        public var environment: [String: String]?
        /// Standard input.
        public var standardInput: Input
        /// Standard output.
        public var standardOutput: Output
        /// Standard error.
        public var standardError: Output
        /// Starts the child in a session of its own, out of this process's process group (a
        /// daemon-like helper that must outlive a killed parent; see ``signal(_:)``).
        public var newSession: Bool
        /// Called with each complete line the child writes on standard output (without its
        /// newline), on the reading thread, in order.
        public var onOutputLine: (@Sendable (String) -> Void)?

        /// The defaults: this environment, no input, both outputs captured separately.
        public init(
            environment: [String: String]? = nil, standardInput: Input = .nullDevice, standardOutput: Output = .capture,
            standardError: Output = .capture, newSession: Bool = false, onOutputLine: (@Sendable (String) -> Void)? = nil
        ) {
            self.environment = environment
            self.standardInput = standardInput
            self.standardOutput = standardOutput
            self.standardError = standardError
            self.newSession = newSession
            self.onOutputLine = onOutputLine
        }
    }

    /// The child's process id.
    public let pid: pid_t
    /// The executable and arguments, for messages.
    public let commandLine: String
    let state: Mutex<State>
    /// The write end of the child's standard input, when it is a pipe (-1 once closed).
    private let input: Mutex<Int32>

    struct State {
        var output: [UInt8] = []
        var errorOutput: [UInt8] = []
        /// Pipes still being read (0, 1 or 2).
        var openPipes = 0
        var termination: Termination?
        var exitWaiters: [UInt64: CheckedContinuation<Termination, any Error>] = [:]
        var drainWaiters: [UInt64: CheckedContinuation<Void, any Error>] = [:]
        var nextWaiter: UInt64 = 0
    }

    /// Starts `executable` (a path) with `arguments`.
    public static func spawn(
        _ executable: String, _ arguments: [String], options: Options = Options()
    ) throws(ChildProcessError) -> ChildProcess {
        var created: [Int32] = []
        func pipe() throws(ChildProcessError) -> (read: Int32, write: Int32) {
            var descriptors: [Int32] = [-1, -1]
            guard csp_pipe(&descriptors) == 0 else {
                for descriptor in created { close(descriptor) }
                throw .cannotStart(executable, reason: "pipe: \(String(cString: strerror(errno)))")
            }
            created += descriptors
            return (descriptors[0], descriptors[1])
        }
        let input = options.standardInput == .pipe ? try pipe() : nil
        let output = options.standardOutput == .capture ? try pipe() : nil
        let error = options.standardError == .capture ? try pipe() : nil
        let outputTarget: Int32 =
            switch options.standardOutput {
            case .capture: output?.write ?? CSP_NULL_DEVICE
            case .discard, .sameAsOutput: CSP_NULL_DEVICE
            case .inherit: STDOUT_FILENO
            }
        let errorTarget: Int32 =
            switch options.standardError {
            case .capture: error?.write ?? CSP_NULL_DEVICE
            case .discard: CSP_NULL_DEVICE
            case .sameAsOutput: options.standardOutput == .discard ? CSP_NULL_DEVICE : CSP_SAME_AS_OUTPUT
            case .inherit: STDERR_FILENO
            }
        let environment = (options.environment ?? ProcessInfo.processInfo.environment).map { "\($0.key)=\($0.value)" }
        var child: pid_t = 0
        let result = withCStrings([executable] + arguments) { argv in
            withCStrings(environment) { envp in
                csp_spawn(
                    &child, executable, argv, envp, input?.read ?? CSP_NULL_DEVICE, outputTarget, errorTarget,
                    options.newSession ? 1 : 0)
            }
        }
        // The child has its copies; this process keeps only its own ends.
        for end in [input?.read, output?.write, error?.write].compactMap({ $0 }) { close(end) }
        guard result == 0 else {
            for end in [input?.write, output?.read, error?.read].compactMap({ $0 }) { close(end) }
            throw .cannotStart(executable, reason: String(cString: strerror(result)))
        }
        let process = ChildProcess(
            pid: child, commandLine: ([executable] + arguments).joined(separator: " "), input: input?.write ?? -1,
            pipes: (output == nil ? 0 : 1) + (error == nil ? 0 : 1))
        if let output { process.read(output.read, into: \.output, lines: options.onOutputLine) }
        if let error { process.read(error.read, into: \.errorOutput, lines: nil) }
        process.awaitExit()
        return process
    }

    private init(pid: pid_t, commandLine: String, input: Int32, pipes: Int) {
        self.pid = pid
        self.commandLine = commandLine
        self.input = Mutex(input)
        var state = State()
        state.openPipes = pipes
        self.state = Mutex(state)
    }

    deinit {
        input.withLock { descriptor in
            if descriptor >= 0 { close(descriptor) }
        }
    }

    // MARK: What it did

    /// What it wrote on standard output so far (with standard error when that goes there).
    public var output: String { state.withLock { String(decoding: $0.output, as: UTF8.self) } }

    /// What it wrote on standard error so far, when captured on its own.
    public var errorOutput: String { state.withLock { String(decoding: $0.errorOutput, as: UTF8.self) } }

    /// How it ended, once it has.
    public var termination: Termination? { state.withLock { $0.termination } }

    /// Whether it has not ended yet (a child that ended is reaped at once).
    public var isRunning: Bool { termination == nil }

    // MARK: Acting on it

    /// Sends `signal` to the child, unless it has ended (its id may belong to another process
    /// by then).
    public func signal(_ signal: Int32) {
        state.withLock { state in
            // Under the lock that the exit is recorded under: the id is still this child's.
            if state.termination == nil { _ = Glibc.kill(pid, signal) }
        }
    }

    /// SIGKILL: it ends at once, with no clean-up of any kind, as in a crash.
    public func kill() { signal(SIGKILL) }

    /// Writes `data` to its standard input (a pipe). Returns whether all of it was written.
    @discardableResult
    public func write(_ data: Data) -> Bool {
        input.withLock { descriptor in
            guard descriptor >= 0 else { return false }
            return data.withUnsafeBytes { buffer in
                var offset = 0
                while offset < buffer.count {
                    let written = Glibc.write(descriptor, buffer.baseAddress.map { $0 + offset }, buffer.count - offset)
                    if written < 0, errno == EINTR { continue }
                    guard written > 0 else { return false }
                    offset += written
                }
                return true
            }
        }
    }

    /// Closes its standard input: the child reads end-of-file.
    public func closeInput() {
        input.withLock { descriptor in
            if descriptor >= 0 { close(descriptor) }
            descriptor = -1
        }
    }

    // MARK: Threads

    /// Reads `descriptor` to its end on a thread of its own, appending to `buffer`.
    private func read(
        _ descriptor: Int32, into buffer: any WritableKeyPath<State, [UInt8]> & Sendable, lines: (@Sendable (String) -> Void)?
    ) {
        Thread.detachNewThread { [self] in
            var chunk = [UInt8](repeating: 0, count: 64 * 1024)
            var partial: [UInt8] = []
            while true {
                let count = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
                if count < 0, errno == EINTR { continue }
                guard count > 0 else { break }
                let bytes = chunk[0..<count]
                state.withLock { $0[keyPath: buffer].append(contentsOf: bytes) }
                guard let lines else { continue }
                partial.append(contentsOf: bytes)
                while let newline = partial.firstIndex(of: UInt8(ascii: "\n")) {
                    lines(String(decoding: partial[..<newline], as: UTF8.self))
                    partial.removeSubrange(...newline)
                }
            }
            close(descriptor)
            let waiters = state.withLock { state -> [CheckedContinuation<Void, any Error>] in
                state.openPipes -= 1
                guard state.openPipes == 0, state.termination != nil else { return [] }
                defer { state.drainWaiters.removeAll() }
                return Array(state.drainWaiters.values)
            }
            for waiter in waiters { waiter.resume() }
        }
    }

    /// Waits for the child on a thread of its own and records how it ended.
    private func awaitExit() {
        Thread.detachNewThread { [self] in
            var status: Int32 = 0
            while waitpid(pid, &status, 0) < 0 {
                guard errno == EINTR else {
                    status = -1
                    break
                }
            }
            let termination = Termination(waitStatus: status)
            let (exits, drains) = state.withLock { state in
                state.termination = termination
                defer {
                    state.exitWaiters.removeAll()
                    if state.openPipes == 0 { state.drainWaiters.removeAll() }
                }
                return (Array(state.exitWaiters.values), state.openPipes == 0 ? Array(state.drainWaiters.values) : [])
            }
            for waiter in exits { waiter.resume(returning: termination) }
            for waiter in drains { waiter.resume() }
        }
    }
}

/// Runs `body` with `strings` as a NULL-terminated array of C strings.
private func withCStrings<Result>(_ strings: [String], _ body: ([UnsafeMutablePointer<CChar>?]) -> Result) -> Result {
    let pointers = strings.map { strdup($0) } + [nil]
    defer { for pointer in pointers { free(pointer) } }
    return body(pointers)
}
