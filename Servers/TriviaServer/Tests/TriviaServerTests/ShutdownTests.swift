import ChildProcesses
import Foundation
import Logging
import NIOPosix
import SharedNetworking
import Testing
import Trivia
import TriviaHost
import TriviaServer
import TriviaServerTestSupport
import TriviaWebSocketClient

/// The `trivia-server` command itself, as an operator runs it: a normal SIGTERM is quiet, a
/// real failure is not.
@Suite("trivia-server: stopping", .timeLimit(.minutes(1)))
struct ShutdownTests {
    /// `trivia-server` next to this test bundle (`swift build --build-tests` builds it).
    static var executable: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent(".build/debug/trivia-server")
    }

    /// A running `trivia-server` with its standard output and error collected.
    final class Child: Sendable {
        let child: ChildProcess

        init(_ arguments: [String]) throws {
            child = try ChildProcess.spawn(ShutdownTests.executable.path, ["--host", "127.0.0.1", "--log-level", "info"] + arguments)
        }

        /// The port it printed, waiting until it does (`nil`: it ended first, or 30 s passed).
        func port() async -> Int? {
            func printed() -> Int? {
                let text = child.output
                guard let range = text.range(of: "listening on http://127.0.0.1:") else { return nil }
                let digits = text[range.upperBound...].prefix { $0.isNumber }
                // The whole number: something follows it.
                return text[range.upperBound...].dropFirst(digits.count).first != nil ? Int(digits) : nil
            }
            await eventually(within: .seconds(30)) { printed() != nil || !self.child.isRunning }
            return printed()
        }

        /// Waits for it to exit (30 s at most, then kills it); its exit status and standard error.
        func finish() async -> (status: Int32, errors: String) {
            let ended = await withTaskGroup(of: Termination?.self) { group in
                group.addTask { try? await self.child.waitForOutput() }
                group.addTask {
                    try? await Task.sleep(for: .seconds(30))
                    return nil
                }
                defer { group.cancelAll() }
                return await group.next() ?? nil
            }
            var termination = ended
            if termination == nil { termination = await child.stop(signal: SIGKILL, grace: .seconds(5)) }
            guard let termination else { return (-1, child.errorOutput) }
            return (termination.status, child.errorOutput)
        }
    }

    @Test("SIGTERM with clients connected: every client gets shuttingDown and 1001, exit 0, no error logged")
    func quietStop() async throws {
        try #require(FileManager.default.isExecutableFile(atPath: Self.executable.path), "build trivia-server first")
        let server = try Child(["--port", "0"])
        let port = try #require(await server.port())
        var logger = Logger(label: "shutdown-test")
        logger.logLevel = .critical
        let url = try #require(URL(string: "ws://127.0.0.1:\(port)\(SocketPath.path(for: "general-knowledge"))"))
        var clients: [ProtocolClient] = []
        for user in ["ada", "grace"] {
            let transport = WebSocketTriviaTransport(
                url: url, clock: SystemClock(), eventLoopGroup: MultiThreadedEventLoopGroup.singleton, logger: logger)
            let client = ProtocolClient(try await transport.open())
            try await client.send(.join(JoinPayload(user: UserID(user), token: "t-\(user)", competition: "general-knowledge")))
            #expect(try await client.next().welcome != nil)
            clients.append(client)
        }
        server.child.signal(SIGTERM)
        for client in clients {
            #expect(try await client.next("error").error?.code == .shuttingDown)
            #expect(await client.closeCode() == 1001)
        }
        let (status, errors) = await server.finish()
        #expect(status == 0)
        #expect(!errors.lowercased().contains("error"), "\(errors)")
    }

    @Test("a real failure still says so: a port already in use is an error and exit status 1")
    func realError() async throws {
        try #require(FileManager.default.isExecutableFile(atPath: Self.executable.path), "build trivia-server first")
        let first = try Child(["--port", "0"])
        let port = try #require(await first.port())
        let second = try Child(["--port", "\(port)"])
        let (status, errors) = await second.finish()
        #expect(status != 0)
        #expect(errors.lowercased().contains("error"), "\(errors)")
        first.child.signal(SIGTERM)
        #expect(await first.finish().status == 0)
    }
}
