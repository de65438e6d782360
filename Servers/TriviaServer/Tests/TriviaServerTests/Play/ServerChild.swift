// Linux only: pseudo-terminals, posix_spawn and sockets are driven through glibc.
#if os(Linux)

    import ChildProcesses
    import Foundation
    import TriviaServerTestSupport

    /// The real `trivia-server` executable as a child process on 127.0.0.1 (port chosen by the
    /// system, the first question 5 minutes away), for a test that kills it the hard way.
    final class ServerChild: Sendable {
        let child: ChildProcess
        let port: Int

        private init(child: ChildProcess, port: Int) {
            self.child = child
            self.port = port
        }

        /// Starts it and waits until it reports its port (30 s at most).
        static func start() async throws -> ServerChild {
            let reported = Locked<Int?>(nil)
            let child = try ChildProcess.spawn(
                try TerminalProcess.executable("trivia-server").path,
                ["--host", "127.0.0.1", "--port", "0", "--start-delay", "300", "--log-level", "critical"],
                options: ChildProcess.Options(standardError: .discard) { line in
                    if let range = line.range(of: "listening on http://127.0.0.1:"),
                        let port = Int(line[range.upperBound...].prefix { $0.isNumber })
                    {
                        reported.withLock { $0 = port }
                    }
                })
            guard await eventually(within: .seconds(30), { reported.withLock { $0 } != nil || !child.isRunning }),
                let port = reported.withLock({ $0 })
            else {
                child.kill()
                throw HarnessError("trivia-server did not report its port: \(child.output)")
            }
            return ServerChild(child: child, port: port)
        }

        /// SIGKILL: no close frames, no goodbye; sockets just end. Returns once it has ended.
        func kill() async {
            await child.stop(signal: SIGKILL, grace: .seconds(10))
        }
    }

#endif
