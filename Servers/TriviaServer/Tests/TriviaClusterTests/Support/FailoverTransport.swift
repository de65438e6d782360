import Foundation
import Logging
import NIOPosix
import SharedNetworking
import Trivia
import TriviaHost
import TriviaServerTestSupport
import TriviaWebSocketClient

/// The real WebSocket transport to several nodes of one cluster, as a client behind a load
/// balancer sees them: each connection goes to the node that last worked, or, when it refuses,
/// to the next one. Which node a connection reached is recorded.
final class FailoverTransport: TriviaTransport {
    let urls: [URL]
    private let transports: [WebSocketTriviaTransport]
    private let current: Locked<Int>
    /// The index of the node of every connection opened, in order.
    let connections = Locked<[Int]>([])

    init(urls: [URL], first: Int) {
        self.urls = urls
        var logger = Logger(label: "trivia-client-test")
        logger.logLevel = .critical
        transports = urls.map { url in
            WebSocketTriviaTransport(url: url, clock: SystemClock(), eventLoopGroup: MultiThreadedEventLoopGroup.singleton, logger: logger)
        }
        current = Locked(first)
    }

    func connect() async throws(TriviaTransportError) -> any TriviaConnection {
        let start = current.withLock { $0 }
        var failure = TriviaTransportError.connectionFailed("no node")
        for offset in 0..<transports.count {
            let index = (start + offset) % transports.count
            do {
                let connection = try await transports[index].connect()
                current.withLock { $0 = index }
                connections.withLock { $0.append(index) }
                return connection
            } catch {
                failure = error
            }
        }
        throw failure
    }
}
