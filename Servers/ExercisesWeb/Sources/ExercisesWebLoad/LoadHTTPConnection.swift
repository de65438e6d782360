import NIOCore
import NIOHTTP1
import NIOPosix

/// A keep-alive HTTP/1.1 connection from one source address: the `POST`s that open that
/// source's sessions one after the other, as a browser's tabs on one machine would, and
/// `GET /health`.
final class LoadHTTPConnection {
    /// One response.
    struct Reply: Sendable {
        var status: Int
        var body: String
        /// Whether the server will close the connection after it.
        var closes: Bool
    }

    private var inbound: NIOAsyncChannelInboundStream<HTTPClientResponsePart>.AsyncIterator
    private let outbound: NIOAsyncChannelOutboundWriter<HTTPClientRequestPart>
    private let channel: any Channel
    private let endpoint: ServerEndpoint
    /// A response that has not ended by then closes the connection: a server that stops answering
    /// fails the run instead of hanging it.
    static let timeout = TimeAmount.seconds(30)

    private init(
        inbound: NIOAsyncChannelInboundStream<HTTPClientResponsePart>.AsyncIterator,
        outbound: NIOAsyncChannelOutboundWriter<HTTPClientRequestPart>, channel: any Channel, endpoint: ServerEndpoint
    ) {
        self.inbound = inbound
        self.outbound = outbound
        self.channel = channel
        self.endpoint = endpoint
    }

    /// Connects to `endpoint` from `source` (the system's choice when `nil`), runs `body` with
    /// the connection and closes it.
    static func with<T: Sendable>(
        _ endpoint: ServerEndpoint, from source: SocketAddress?, group: any EventLoopGroup,
        _ body: (LoadHTTPConnection) async throws -> T
    ) async throws -> T {
        var bootstrap = ClientBootstrap(group: group).channelOption(.socketOption(.so_reuseaddr), value: 1)
        if let source { bootstrap = bootstrap.bind(to: source) }
        let channel = try await bootstrap.connect(host: endpoint.host, port: endpoint.port) { channel in
            channel.eventLoop.makeCompletedFuture {
                try channel.pipeline.syncOperations.addHTTPClientHandlers()
                return try NIOAsyncChannel<HTTPClientResponsePart, HTTPClientRequestPart>(wrappingChannelSynchronously: channel)
            }
        }
        return try await channel.executeThenClose { inbound, outbound in
            try await body(
                LoadHTTPConnection(inbound: inbound.makeAsyncIterator(), outbound: outbound, channel: channel.channel, endpoint: endpoint))
        }
    }

    /// `GET path`.
    func get(_ path: String) async throws -> Reply {
        try await send(.GET, path, body: nil, headers: [])
    }

    /// `POST path` with `json`, as a page of this server posts it (`Origin`, `Sec-Fetch-Site`).
    func post(_ path: String, json: String) async throws -> Reply {
        try await send(
            .POST, path, body: json,
            headers: [
                ("Content-Type", "application/json"), ("Origin", endpoint.origin), ("Sec-Fetch-Site", "same-origin"),
                ("Accept-Language", "en-US"),
            ])
    }

    private func send(_ method: HTTPMethod, _ path: String, body: String?, headers extra: [(String, String)]) async throws -> Reply {
        let channel = self.channel
        let deadline = channel.eventLoop.scheduleTask(in: Self.timeout) { channel.close(promise: nil) }
        defer { deadline.cancel() }
        var headers = HTTPHeaders([("Host", endpoint.authority), ("Content-Length", String(body?.utf8.count ?? 0))])
        headers.add(contentsOf: extra)
        try await outbound.write(.head(HTTPRequestHead(version: .http1_1, method: method, uri: path, headers: headers)))
        if let body { try await outbound.write(.body(.byteBuffer(ByteBuffer(string: body)))) }
        try await outbound.write(.end(nil))
        var status = 0
        var closes = false
        var received = ByteBuffer()
        while let part = try await inbound.next() {
            switch part {
            case .head(let head):
                status = Int(head.status.code)
                closes = !head.isKeepAlive
            case .body(var chunk):
                received.writeBuffer(&chunk)
            case .end:
                return Reply(status: status, body: String(buffer: received), closes: closes)
            }
        }
        let seconds = Self.timeout.nanoseconds / 1_000_000_000
        throw LoadError("the server closed the connection, or did not answer within \(seconds) s, before answering \(method) \(path)")
    }
}
