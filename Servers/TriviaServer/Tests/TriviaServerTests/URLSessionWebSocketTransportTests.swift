import Foundation
import SharedNetworking
import Testing
import Trivia
import TriviaHost
import TriviaServerTestSupport

#if canImport(FoundationNetworking)
    /// swift-corelibs-foundation's URLSession sits on libcurl, which has no WebSockets.
    private let urlSessionHasWebSockets = false
#else
    private let urlSessionHasWebSockets = true
#endif

/// The Trivia module's `URLSessionWebSocketTransport` (what an app uses) against the real server.
///
/// Only Apple platforms' URLSession speaks WebSocket, so these run in the macOS job of
/// `.github/workflows/apple.yml`; on Linux they are compiled (so they cannot drift from the API)
/// and skipped. The Linux transport, `WebSocketTriviaTransport`, is tested in `TransportTests`.
@Suite(
    "URLSessionWebSocketTask transport against the server", .timeLimit(.minutes(1)),
    .enabled(if: urlSessionHasWebSockets, "URLSession has no WebSockets on Linux (libcurl)"))
struct URLSessionWebSocketTransportTests {
    let codec = TriviaCodec()

    @Test("opens the socket, joins with a demo token and is welcomed; close() closes it on the server")
    func joinIsWelcomed() async throws {
        let harness = try await ServerHarness.start()
        let transport = URLSessionWebSocketTransport(url: harness.socketURL, configuration: .ephemeral, clock: SystemClock())
        let connection = try await transport.connect()
        #expect(await eventually(within: .seconds(5)) { harness.server.connectionCount == 1 })

        let join = JoinPayload(user: "ada", token: "t-ada", competition: ServerHarness.competition, resumeFrom: nil)
        try await connection.send(codec.encode(ClientEnvelope(id: MessageID("u-m1"), seq: 1, message: .join(join))))
        var incoming = connection.incoming.makeAsyncIterator()
        guard case .frame(let frame)? = await incoming.next() else {
            Issue.record("the socket closed before the server answered the join")
            try await harness.stop()
            return
        }
        let welcome = try #require(try codec.decodeServerMessage(frame).envelope, "the answer is not a server message")
        #expect(welcome.welcome != nil, "the server answered the join with \(welcome.type), not welcome")

        await connection.close()
        #expect(await eventually(within: .seconds(5)) { harness.server.connectionCount == 0 })
        try await harness.stop()
    }

    @Test("a port nobody listens on fails to open with a transport error, not a hang")
    func refusedConnection() async throws {
        let harness = try await ServerHarness.start()
        let url = harness.socketURL
        try await harness.stop()
        let transport = URLSessionWebSocketTransport(
            url: url, configuration: .ephemeral, openTimeout: .seconds(10), clock: SystemClock())
        await #expect(throws: TriviaTransportError.self) { try await transport.connect() }
    }
}
