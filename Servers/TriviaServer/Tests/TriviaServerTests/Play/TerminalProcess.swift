// Linux only: pseudo-terminals, posix_spawn and sockets are driven through glibc.
#if os(Linux)

    import CPseudoTerminal
    import Foundation
    import TriviaServerTestSupport

    #if canImport(Glibc)
        import Glibc
    #endif

    /// A program running on a pseudo-terminal, the way a person's terminal runs it: its own
    /// session with the terminal as its controlling terminal (so resizing sends it SIGWINCH), its
    /// standard input, output and error all on the terminal.
    ///
    /// The test holds the other end: it types (``type(_:)``), reads what the program drew through
    /// a ``VirtualTerminal``, resizes the window, sends signals, and after the program exits reads
    /// the terminal's settings to see that they were restored.
    final class TerminalProcess: Sendable {
        let pid: pid_t
        /// The test's end of the terminal.
        let master: Int32
        /// The program's end, kept open here so the settings can be read after it exits.
        let slave: Int32
        /// The settings before the program started.
        let originalSettings: termios
        private let state: Locked<State>
        private let stopReading = Locked(false)
        /// Set by the reader thread as it returns: only then may the terminal be closed.
        private let readerEnded = Locked(false)
        private let closed = Locked(false)

        private struct State {
            var screen: VirtualTerminal
            var output: [UInt8] = []
            var exitStatus: Int32?
        }

        /// `trivia-play` (or `trivia-server`) next to this test binary, as `swift build` leaves it.
        static func executable(_ name: String) throws -> URL {
            let directory = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
            let candidates = [
                directory.appendingPathComponent(name),
                directory.deletingLastPathComponent().appendingPathComponent(name),
                directory.deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent(name),
            ]
            guard let found = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0.path) }) else {
                throw HarnessError("\(name) not found next to the tests (\(directory.path)); build it: swift build --build-tests")
            }
            return found
        }

        /// Starts `executable` with `arguments` on a new terminal of `rows` × `columns`.
        init(_ executable: URL, _ arguments: [String], rows: Int = 24, columns: Int = 80, environment: [String: String] = [:]) throws {
            var name = [CChar](repeating: 0, count: 256)
            let master = cpt_open_pseudo_terminal(&name, name.count)
            guard master >= 0 else { throw HarnessError("no pseudo-terminal: \(errno)") }
            let path = String(decoding: name.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            let slave = open(path, O_RDWR | O_NOCTTY | O_CLOEXEC)
            guard slave >= 0 else { throw HarnessError("cannot open \(path): \(errno)") }
            var size = winsize(ws_row: UInt16(rows), ws_col: UInt16(columns), ws_xpixel: 0, ws_ypixel: 0)
            _ = ioctl(master, UInt(TIOCSWINSZ), &size)
            var settings = termios()
            tcgetattr(slave, &settings)

            var actions = posix_spawn_file_actions_t()
            posix_spawn_file_actions_init(&actions)
            defer { posix_spawn_file_actions_destroy(&actions) }
            // Opened after setsid (glibc's order), without O_NOCTTY: it becomes the controlling terminal.
            posix_spawn_file_actions_addopen(&actions, 0, path, O_RDWR, 0)
            posix_spawn_file_actions_adddup2(&actions, 0, 1)
            posix_spawn_file_actions_adddup2(&actions, 0, 2)
            cpt_spawn_close_from(&actions, 3)
            var attributes = posix_spawnattr_t()
            posix_spawnattr_init(&attributes)
            defer { posix_spawnattr_destroy(&attributes) }
            var defaults = sigset_t()
            sigemptyset(&defaults)
            for signal in [SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGWINCH, SIGPIPE, SIGCHLD] { sigaddset(&defaults, signal) }
            var mask = sigset_t()
            sigemptyset(&mask)
            posix_spawnattr_setsigdefault(&attributes, &defaults)
            posix_spawnattr_setsigmask(&attributes, &mask)
            posix_spawnattr_setflags(&attributes, cpt_spawn_new_session_flag() | Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))

            var variables = ["TERM": "xterm-256color", "LANG": "C.UTF-8"]
            for key in ["PATH", "HOME"] { variables[key] = ProcessInfo.processInfo.environment[key] }
            variables.merge(environment) { $1 }
            let argv = ([executable.path] + arguments).map { strdup($0) } + [nil]
            let envp = variables.map { strdup("\($0.key)=\($0.value)") } + [nil]
            defer { for pointer in argv + envp { free(pointer) } }
            var pid: pid_t = 0
            let spawned = posix_spawn(&pid, executable.path, &actions, &attributes, argv, envp)
            guard spawned == 0 else {
                close(master)
                close(slave)
                throw HarnessError("cannot start \(executable.path): \(spawned)")
            }
            self.pid = pid
            self.master = master
            self.slave = slave
            self.originalSettings = settings
            self.state = Locked(State(screen: VirtualTerminal(rows: rows, columns: columns)))
            let thread = Thread { [self] in readLoop() }
            thread.start()
        }

        private func readLoop() {
            defer { readerEnded.withLock { $0 = true } }
            var buffer = [UInt8](repeating: 0, count: 4096)
            while !stopReading.withLock({ $0 }) {
                var descriptor = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
                guard poll(&descriptor, 1, 50) > 0 else { continue }
                let count = buffer.withUnsafeMutableBytes { read(master, $0.baseAddress, $0.count) }
                guard count > 0 else {
                    if count < 0 && errno == EINTR { continue }
                    return
                }
                let bytes = Array(buffer.prefix(count))
                state.withLock { state in
                    state.output += bytes
                    state.screen.feed(bytes)
                }
            }
        }

        // MARK: What the test sees

        /// The screen now.
        var screen: VirtualTerminal { state.withLock { $0.screen } }

        /// Everything the program wrote, escape codes included.
        var output: String { state.withLock { String(decoding: $0.output, as: UTF8.self) } }

        /// Waits (real time) until the screen satisfies `condition`.
        func waitForScreen(within seconds: Double = 20, _ condition: @escaping (VirtualTerminal) -> Bool) async -> Bool {
            await eventually(within: .seconds(seconds)) { condition(self.screen) }
        }

        /// Waits until the screen shows `text` somewhere; when it does not, the screen goes to the
        /// test's log, so a failure shows what was on the terminal instead.
        func waitFor(_ text: String, within seconds: Double = 20) async -> Bool {
            let shown = await waitForScreen(within: seconds) { $0.text.contains(text) }
            if !shown {
                FileHandle.standardError.write(Data("--- \(pid) did not show \(text); the screen:\n\(screen.text)\n---\n".utf8))
            }
            return shown
        }

        /// The terminal's settings now (they belong to the terminal, not to the program).
        var settings: termios {
            var settings = termios()
            tcgetattr(slave, &settings)
            return settings
        }

        // MARK: What the test does

        /// Types `text` as keys.
        func type(_ text: String) {
            let bytes = Array(text.utf8)
            _ = bytes.withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
        }

        /// Resizes the window: the kernel sends SIGWINCH to the program.
        func resize(rows: Int, columns: Int) {
            state.withLock { $0.screen.resize(rows: rows, columns: columns) }
            var size = winsize(ws_row: UInt16(rows), ws_col: UInt16(columns), ws_xpixel: 0, ws_ypixel: 0)
            _ = ioctl(master, UInt(TIOCSWINSZ), &size)
        }

        func signal(_ signal: Int32) {
            kill(pid, signal)
        }

        /// The exit status (128 + N after signal N), once the program has ended.
        func waitForExit(within seconds: Double = 20) async -> Int32? {
            await eventually(within: .seconds(seconds)) { self.reapedStatus() != nil }
            await drained()
            return reapedStatus()
        }

        /// Waits until the reader has taken what the program wrote last: nothing left to read on
        /// the terminal and the output unchanged over three looks 50 ms apart (at most 5 s).
        ///
        /// A fixed pause was not enough: on a loaded CI machine the reader thread had not run yet
        /// 100 ms after the program exited, and a test saw no output at all.
        private func drained() async {
            var seen = -1
            var stableLooks = 0
            for _ in 0..<100 {
                let count = state.withLock { $0.output.count }
                var descriptor = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
                let pending = poll(&descriptor, 1, 0) > 0
                stableLooks = !pending && count == seen ? stableLooks + 1 : 0
                if stableLooks == 3 { return }
                seen = count
                try? await Task.sleep(for: .milliseconds(50))
            }
        }

        private func reapedStatus() -> Int32? {
            state.withLock { state in
                if let status = state.exitStatus { return status }
                var raw: Int32 = 0
                guard waitpid(pid, &raw, WNOHANG) == pid else { return nil }
                let signal = raw & 0x7F
                state.exitStatus = signal == 0 ? (raw >> 8) & 0xFF : 128 + signal
                return state.exitStatus
            }
        }

        /// Ends the program if it still runs and releases the terminal.
        func stop() async {
            if reapedStatus() == nil {
                kill(pid, SIGKILL)
                _ = await waitForExit(within: 5)
            }
            stopReading.withLock { $0 = true }
            // The descriptors are closed only once the reader thread has returned. Closing them
            // after a fixed pause, as this once did, let a reader that had not run yet poll and
            // read whatever socket or timer got the number next: another test's HTTP request
            // vanished (every trivia-play test then timed out on /health), and once a whole
            // run hung with every thread idle, its wake-ups read away.
            for _ in 0..<500 where !readerEnded.withLock({ $0 }) {
                try? await Task.sleep(for: .milliseconds(10))
            }
            guard readerEnded.withLock({ $0 }) else { return }  // never close under a live reader: leak instead
            // Once: a second stop must not close numbers that belong to someone else by then.
            guard
                closed.withLock({ closed in
                    defer { closed = true }; return !closed
                })
            else { return }
            close(master)
            close(slave)
        }
    }

    extension termios {
        /// Line editing and echo: what a shell's prompt needs and a full-screen game turns off.
        var isCooked: Bool {
            c_lflag & tcflag_t(ICANON) != 0 && c_lflag & tcflag_t(ECHO) != 0 && c_lflag & tcflag_t(ISIG) != 0
        }

        /// The settings that matter to a person, comparable.
        var summary: [UInt32] {
            [c_iflag, c_oflag, c_cflag, c_lflag].map { UInt32($0) }
        }
    }

#endif
