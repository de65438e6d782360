import Foundation
import Testing
import Trivia
import TriviaHost
import TriviaServer
import TriviaServerTestSupport
import TriviaWebSocketClient

/// The Linux WebSocket transport on its own: opening, failing to open, closing.
@Suite("Client transport", .timeLimit(.minutes(1)))
struct TransportTests {
    @Test("close() from a cancelled task still closes the socket at once (not at the host's idle timeout)")
    func closeWhenCancelled() async throws {
        let harness = try await ServerHarness.start()
        let client = try await ProtocolClient.joined(harness, as: "ada")
        #expect(harness.server.connectionCount == 1)
        let closing = Task {
            try? await Task.sleep(for: .seconds(60))  // cancelled at once
            await client.connection.close()
        }
        closing.cancel()
        #expect(await eventually(within: .seconds(5)) { harness.server.connectionCount == 0 })
        #expect(await eventually(within: .seconds(5)) { client.isClosed })
        #expect(client.connection.hostClose?.code == 1000, "the host answered the close handshake")
        try await harness.stop()  // (if the close hung, this ends it)
        await closing.value
        await client.connection.close()  // a second close just returns
    }

    @Test("a refused connection and a non-WebSocket URL are transport errors, not crashes")
    func openFailures() async throws {
        let harness = try await ServerHarness.start()
        let port = harness.port
        try await harness.stop()
        let refused = try #require(URL(string: "ws://127.0.0.1:\(port)/v1/competitions/test-cup/socket"))
        await #expect(throws: TriviaTransportError.self) { try await harness.transport(url: refused).open() }
        let http = try #require(URL(string: "http://127.0.0.1:\(port)/"))
        let error = await #expect(throws: TriviaTransportError.self) { try await harness.transport(url: http).open() }
        #expect(error.map { "\($0)".contains("not a ws://") } == true)
    }
}
