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
    private let endpoint: ServerEndpoint

    private init(
        inbound: NIOAsyncChannelInboundStream<HTTPClientResponsePart>.AsyncIterator,
        outbound: NIOAsyncChannelOutboundWriter<HTTPClientRequestPart>, endpoint: ServerEndpoint
    ) {
        self.inbound = inbound
        self.outbound = outbound
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
            try await body(LoadHTTPConnection(inbound: inbound.makeAsyncIterator(), outbound: outbound, endpoint: endpoint))
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
        throw LoadError("the server closed the connection before answering \(method) \(path)")
    }
}
