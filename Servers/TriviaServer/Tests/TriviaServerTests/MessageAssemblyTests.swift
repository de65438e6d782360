import Foundation
import Hummingbird
import HummingbirdWebSocket
import Logging
import NIOCore
import NIOPosix
import NIOWebSocket
import SharedNetworking
import Testing
import Trivia
import TriviaHost
import TriviaWebSocketClient
import TriviaWebSocketMessages

/// One reassembly of WebSocket fragments for both ends, with the size limit checked at every
/// fragment.
@Suite("WebSocket message reassembly", .timeLimit(.minutes(1)))
struct MessageAssemblyTests {
    func bytes(_ count: Int, _ byte: UInt8 = 0x61) -> ByteBuffer { ByteBuffer(repeating: byte, count: count) }

    @Test("fragments join into one message; a single frame passes through")
    func joins() {
        var assembler = WebSocketMessageAssembler(maxMessageBytes: 10)
        #expect(assembler.append(bytes(4), continuation: false, fin: true) == .message(bytes(4)))
        #expect(assembler.append(bytes(4, 0x62), continuation: false, fin: false) == .incomplete)
        #expect(
            assembler.append(bytes(6, 0x63), continuation: true, fin: true)
                == .message(ByteBuffer(bytes: Array(repeating: 0x62, count: 4) + Array(repeating: 0x63, count: 6))))
        #expect(assembler.append(bytes(10), continuation: false, fin: true) == .message(bytes(10)), "exactly the limit")
    }

    @Test("the limit is checked at the fragment that passes it, and the rest of that message is skipped")
    func limitPerFragment() {
        var assembler = WebSocketMessageAssembler(maxMessageBytes: 10)
        #expect(assembler.append(bytes(6), continuation: false, fin: false) == .incomplete)
        #expect(assembler.append(bytes(6), continuation: true, fin: false) == .tooLarge(bytes: 12))
        for _ in 0..<1000 { #expect(assembler.append(bytes(6), continuation: true, fin: false) == .incomplete) }
        #expect(assembler.append(bytes(6), continuation: true, fin: true) == .incomplete, "the end of the refused message")
        #expect(assembler.append(bytes(3), continuation: false, fin: true) == .message(bytes(3)), "the next message is read")
        #expect(assembler.append(bytes(11), continuation: false, fin: true) == .tooLarge(bytes: 11))
        #expect(assembler.append(bytes(2), continuation: false, fin: true) == .message(bytes(2)))
    }

    /// A host that sends one message in endless continuation frames: the client must stop at
    /// the limit (today's main kept buffering until a final fragment that never came).
    @Test("a hostile host's endless message closes the client's socket with 1009 at the limit")
    func hostileHost() async throws {
        var logger = Logger(label: "hostile-host")
        logger.logLevel = .critical
        let (ports, continuation) = AsyncStream.makeStream(of: Int.self)
        let app = Application(
            router: Router(),
            server: .http1WebSocketUpgrade { _, _, _ in
                .upgrade([:]) { inbound, outbound, _ in
                    try await outbound.write(
                        .custom(WebSocketFrame(fin: false, opcode: .text, data: ByteBuffer(repeating: 0x61, count: 600))))
                    for _ in 0..<200 {
                        try await outbound.write(
                            .custom(WebSocketFrame(fin: false, opcode: .continuation, data: ByteBuffer(repeating: 0x61, count: 600))))
                    }
                    for try await _ in inbound {}
                }
            },
            configuration: ApplicationConfiguration(address: .hostname("127.0.0.1", port: 0)),
            onServerRunning: { channel in continuation.yield(channel.localAddress?.port ?? 0) },
            eventLoopGroupProvider: .shared(MultiThreadedEventLoopGroup.singleton), logger: logger)
        let running = Task { try await app.runService() }
        var iterator = ports.makeAsyncIterator()
        let port = try #require(await iterator.next())
        let url = try #require(URL(string: "ws://127.0.0.1:\(port)/socket"))
        let transport = WebSocketTriviaTransport(
            url: url, clock: SystemClock(), eventLoopGroup: MultiThreadedEventLoopGroup.singleton, logger: logger, maxMessageBytes: 1024)
        let connection = try await transport.open()
        var ended: TriviaTransportError?? = nil
        for await event in connection.incoming {
            if case .closed(let reason) = event { ended = .some(reason) }
        }
        let reason = try #require(ended)
        #expect(reason.map { "\($0)".contains("the limit is 1024") } == true, "\(String(describing: reason))")
        running.cancel()
    }
}
