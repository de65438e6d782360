import Foundation
import HummingbirdWSClient
import Logging
import NIOCore
import SharedNetworking
import Trivia
import TriviaHost

/// ``TriviaTransport`` over hummingbird-websocket's `WebSocketClient` (SwiftNIO), so the real
/// client state machine and ``TriviaViewModel`` talk to a real server on Linux, where
/// `URLSessionWebSocketTask` does not exist (libcurl has no WebSocket support).
///
/// Each ``connect()`` opens a new socket to ``url``
/// (`ws://host:port/v1/competitions/{competition}/socket`) and returns once the upgrade
/// succeeded; a refused connection, a failed upgrade or ``openTimeout`` is a
/// ``TriviaTransportError``.
public struct WebSocketTriviaTransport: TriviaTransport {
    public var url: URL
    /// How long opening (TCP + upgrade) may take.
    public var openTimeout: Duration
    /// The largest message accepted from the host (the protocol's `finish` of a big competition
    /// is the largest message; the library's 16 KiB default is too small for it).
    public var maxMessageBytes: Int
    public var clock: any AppClock
    public var eventLoopGroup: any EventLoopGroup
    public var logger: Logger

    public init(
        url: URL, clock: any AppClock, eventLoopGroup: any EventLoopGroup, logger: Logger,
        openTimeout: Duration = .seconds(10), maxMessageBytes: Int = 1 << 20
    ) {
        self.url = url
        self.clock = clock
        self.eventLoopGroup = eventLoopGroup
        self.logger = logger
        self.openTimeout = openTimeout
        self.maxMessageBytes = maxMessageBytes
    }

    /// The socket URL of `competition` on the server at `base` (`http://127.0.0.1:8080`).
    public static func socketURL(base: URL, competition: CompetitionID) -> URL? {
        guard var components = URLComponents(url: base, resolvingAgainstBaseURL: false) else { return nil }
        components.scheme = components.scheme == "https" || components.scheme == "wss" ? "wss" : "ws"
        var allowed = CharacterSet.urlPathAllowed
        allowed.remove(charactersIn: "/;?#%")
        let segment = competition.rawValue.addingPercentEncoding(withAllowedCharacters: allowed) ?? competition.rawValue
        components.percentEncodedPath = "/v1/competitions/\(segment)/socket"
        return components.url
    }

    public func connect() async throws(TriviaTransportError) -> any TriviaConnection {
        try await open()
    }

    /// ``connect()`` with the concrete type, for callers that want its close code.
    public func open() async throws(TriviaTransportError) -> WebSocketTriviaConnection {
        guard let scheme = url.scheme?.lowercased(), ["ws", "wss"].contains(scheme) else {
            throw .connectionFailed("\(url.absoluteString) is not a ws:// or wss:// URL")
        }
        let connection = WebSocketTriviaConnection(logger: logger)
        connection.start(url: url, maxMessageBytes: maxMessageBytes, eventLoopGroup: eventLoopGroup)
        let timeout = Task { [clock, openTimeout] in
            do {
                try await clock.sleep(for: openTimeout)
                connection.openFailed(.timedOut)
            } catch {}
        }
        // A caller that is cancelled while the socket opens stops waiting at once.
        let outcome = await withTaskCancellationHandler {
            await connection.waitUntilOpen()
        } onCancel: {
            connection.openFailed(.closed("opening was cancelled"))
        }
        timeout.cancel()
        switch outcome {
        case .success:
            return connection
        case .failure(let error):
            connection.cancel()
            throw error
        }
    }
}
