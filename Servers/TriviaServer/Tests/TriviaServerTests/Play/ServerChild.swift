// Linux only: pseudo-terminals, posix_spawn and sockets are driven through glibc.
#if os(Linux)

    import Foundation

    #if canImport(Glibc)
        import Glibc
    #endif

    /// The real `trivia-server` executable as a child process on 127.0.0.1 (port chosen by the
    /// system, the first question 5 minutes away), for a test that kills it the hard way.
    final class ServerChild: Sendable {
        let process: Process
        let port: Int

        private init(process: Process, port: Int) {
            self.process = process
            self.port = port
        }

        /// Starts it and waits (off the cooperative pool) until it reports its port.
        static func start() async throws -> ServerChild {
            try await offThePool { Result { try startBlocking() } }.get()
        }

        private static func startBlocking() throws -> ServerChild {
            let process = Process()
            let output = Pipe()
            process.executableURL = try TerminalProcess.executable("trivia-server")
            process.arguments = ["--host", "127.0.0.1", "--port", "0", "--start-delay", "300", "--log-level", "critical"]
            process.standardOutput = output
            process.standardError = FileHandle.nullDevice
            try process.run()
            var text = ""
            let deadline = Date().addingTimeInterval(30)
            while Date() < deadline, process.isRunning {
                let chunk = output.fileHandleForReading.availableData
                if chunk.isEmpty { break }
                text += String(decoding: chunk, as: UTF8.self)
                if let range = text.range(of: "listening on http://127.0.0.1:"),
                    let port = Int(text[range.upperBound...].prefix { $0.isNumber })
                {
                    output.fileHandleForReading.readabilityHandler = { _ = $0.availableData }
                    return ServerChild(process: process, port: port)
                }
            }
            process.terminate()
            throw HarnessError("trivia-server did not report its port: \(text)")
        }

        /// SIGKILL: no close frames, no goodbye; sockets just end.
        func kill() {
            guard process.isRunning else { return }
            Glibc.kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
    }

#endif
