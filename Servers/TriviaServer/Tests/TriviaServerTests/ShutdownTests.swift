import Foundation
import Logging
import NIOPosix
import SharedNetworking
import Testing
import Trivia
import TriviaHost
import TriviaServer
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
        let process: Process
        let output: Pipe
        let errors: Pipe

        init(_ arguments: [String]) throws {
            process = Process()
            output = Pipe()
            errors = Pipe()
            process.executableURL = ShutdownTests.executable
            process.arguments = ["--host", "127.0.0.1", "--log-level", "info"] + arguments
            process.standardOutput = output
            process.standardError = errors
            try process.run()
        }

        /// The port it printed, reading its output until it does (or ends).
        func port() -> Int? {
            var text = ""
            while true {
                let chunk = output.fileHandleForReading.availableData
                if chunk.isEmpty { return nil }
                text += String(decoding: chunk, as: UTF8.self)
                if let range = text.range(of: "listening on http://127.0.0.1:") {
                    let digits = text[range.upperBound...].prefix { $0.isNumber }
                    if text[range.upperBound...].dropFirst(digits.count).first != nil { return Int(digits) }
                }
            }
        }

        /// Waits for it to exit; its exit status and standard error.
        func finish() -> (status: Int32, errors: String) {
            process.waitUntilExit()
            return (process.terminationStatus, String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self))
        }
    }

    @Test("SIGTERM with clients connected: every client gets shuttingDown and 1001, exit 0, no error logged")
    func quietStop() async throws {
        try #require(FileManager.default.isExecutableFile(atPath: Self.executable.path), "build trivia-server first")
        let server = try Child(["--port", "0"])
        let port = try #require(await offThePool { server.port() })
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
        server.process.terminate()  // SIGTERM
        for client in clients {
            #expect(try await client.next("error").error?.code == .shuttingDown)
            #expect(await client.closeCode() == 1001)
        }
        let (status, errors) = await offThePool { server.finish() }
        #expect(status == 0)
        #expect(!errors.lowercased().contains("error"), "\(errors)")
    }

    @Test("a real failure still says so: a port already in use is an error and exit status 1")
    func realError() async throws {
        try #require(FileManager.default.isExecutableFile(atPath: Self.executable.path), "build trivia-server first")
        let first = try Child(["--port", "0"])
        let port = try #require(await offThePool { first.port() })
        let second = try Child(["--port", "\(port)"])
        let (status, errors) = await offThePool { second.finish() }
        #expect(status != 0)
        #expect(errors.lowercased().contains("error"), "\(errors)")
        first.process.terminate()
        #expect(await offThePool { first.finish() }.status == 0)
    }
}
