import Hummingbird
import HummingbirdWebSocket
import Logging
import NIOCore
import NIOPosix
import ServerSupport
import TriviaServerTestSupport

/// A small Hummingbird server behind the guards, on 127.0.0.1 with a port the system chose:
/// `GET /hello` answers `hello`, `POST /echo` answers its body, and `/ws` is a WebSocket that
/// reads whole messages (as exercises-web does) and echoes text.
struct GuardedTestServer: Sendable {
    let port: Int
    let connectionGuard: ConnectionGuard
    private let lifecycle: ServerLifecycle
    private let running: Task<Void, any Error>

    static func start(limits: ConnectionGuardLimits) async throws -> GuardedTestServer {
        var logger = Logger(label: "guarded-test-server")
        logger.logLevel = .critical
        let router = Router()
        router.get("/hello") { _, _ in "hello" }
        router.post("/echo") { request, _ in
            let body = try await request.body.collect(upTo: 1 << 20)
            return String(buffer: body)
        }
        let socketRouter = Router(context: BasicWebSocketRequestContext.self)
        socketRouter.ws("/ws") { inbound, outbound, _ in
            for try await message in inbound.messages(maxSize: 1 << 16) {
                if case .text(let text) = message { try await outbound.write(.text(text)) }
            }
        }
        let connectionGuard = ConnectionGuard(limits: limits)
        let (ports, continuation) = AsyncStream.makeStream(of: Int.self)
        let app = Application(
            router: router,
            server: .guardedHTTP1WebSocketUpgrade(webSocketRouter: socketRouter, connectionGuard: connectionGuard),
            configuration: ApplicationConfiguration(
                address: .hostname("127.0.0.1", port: 0), availableConnectionsDelegate: connectionGuard.availableConnections),
            onServerRunning: { channel in continuation.yield(channel.localAddress?.port ?? 0) },
            eventLoopGroupProvider: .shared(MultiThreadedEventLoopGroup.singleton),
            logger: logger)
        let lifecycle = ServerLifecycle(logger: logger)
        let running = Task {
            defer { continuation.finish() }
            try await lifecycle.run(app)
        }
        var iterator = ports.makeAsyncIterator()
        guard let port = await iterator.next() else {
            try await running.value
            throw RawConnection.Failure("the server stopped before listening")
        }
        return GuardedTestServer(port: port, connectionGuard: connectionGuard, lifecycle: lifecycle, running: running)
    }

    func stop() async throws {
        await lifecycle.stop()
        try await running.value
    }
}
