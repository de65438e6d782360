import NIOCore
import NIOPosix
import Testing

/// A TCP client that writes exactly the bytes it is given and reads what comes back: the
/// requests a browser, a test or an attacker sends, without a client library's own rules
/// (redirects followed, headers added, sockets reused).
struct RawConnection: Sendable {
    let channel: NIOAsyncChannel<ByteBuffer, ByteBuffer>

    /// Connects to `host`:`port`, from the local address `source` when given (`127.0.0.2` is a
    /// second client on this machine's loopback).
    static func connect(
        host: String = "127.0.0.1", port: Int, from source: String? = nil, group: any EventLoopGroup = MultiThreadedEventLoopGroup.singleton
    ) async throws -> RawConnection {
        var bootstrap = ClientBootstrap(group: group)
        if let source { bootstrap = bootstrap.bind(to: try SocketAddress(ipAddress: source, port: 0)) }
        let channel = try await bootstrap.connect(host: host, port: port) { channel in
            channel.eventLoop.makeCompletedFuture {
                try NIOAsyncChannel<ByteBuffer, ByteBuffer>(wrappingChannelSynchronously: channel)
            }
        }
        return RawConnection(channel: channel)
    }
}

/// One response as read off the wire.
struct RawResponse: Sendable {
    /// The status code.
    var status: Int
    /// Header fields, names lower-cased.
    var headers: [String: String]
    /// The body as text.
    var body: String

    /// Parses a whole HTTP/1.1 response (one, `Connection: close`).
    init?(_ text: String) {
        guard let split = text.range(of: "\r\n\r\n") else { return nil }
        let head = text[..<split.lowerBound].split(separator: "\r\n", omittingEmptySubsequences: false)
        guard let statusLine = head.first, statusLine.hasPrefix("HTTP/1.1 "),
            let code = Int(statusLine.dropFirst("HTTP/1.1 ".count).prefix(3))
        else { return nil }
        status = code
        var fields: [String: String] = [:]
        for line in head.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            fields[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        headers = fields
        body = String(text[split.upperBound...])
    }
}

/// `GET path` on a new connection with `headers` (a `Host` and `Connection: close` are added
/// unless given), read to the connection's end.
func rawGET(port: Int, _ path: String, headers: [String: String] = [:], host: String = "127.0.0.1") async throws -> RawResponse? {
    var fields = headers
    if fields["Host"] == nil { fields["Host"] = "\(host):\(port)" }
    if fields["Connection"] == nil { fields["Connection"] = "close" }
    let request = "GET \(path) HTTP/1.1\r\n" + fields.map { "\($0.key): \($0.value)\r\n" }.sorted().joined() + "\r\n"
    let text = try await rawExchange(port: port, host: host, request)
    return RawResponse(text)
}

/// `POST path` with `json` as its body (`Content-Type: contentType`) on a new connection.
func rawPOST(
    port: Int, _ path: String, json: String, headers: [String: String] = [:], contentType: String = "application/json",
    host: String = "127.0.0.1", from source: String? = nil
) async throws -> RawResponse? {
    var fields = headers
    fields["Host"] = fields["Host"] ?? "\(host):\(port)"
    fields["Connection"] = "close"
    fields["Content-Type"] = contentType
    fields["Content-Length"] = String(json.utf8.count)
    let request = "POST \(path) HTTP/1.1\r\n" + fields.map { "\($0.key): \($0.value)\r\n" }.sorted().joined() + "\r\n" + json
    return RawResponse(try await rawExchange(port: port, host: host, from: source, request))
}

/// Writes `request` on a new connection and returns everything read until the server closes it.
func rawExchange(port: Int, host: String = "127.0.0.1", from source: String? = nil, _ request: String) async throws -> String {
    let connection = try await RawConnection.connect(host: host, port: port, from: source)
    return try await connection.channel.executeThenClose { inbound, outbound in
        try await outbound.write(ByteBuffer(string: request))
        var received = ByteBuffer()
        for try await var chunk in inbound {
            received.writeBuffer(&chunk)
        }
        return String(buffer: received)
    }
}

/// Opens a session of `app` as a page does (`POST /{app}/s`) and attaches a socket to it, held
/// open until the returned task is cancelled: a session in use, which the store neither expires
/// nor gives up for another. Returns the POST's answer with the socket's task.
func rawOpenAttachedSession(port: Int, _ app: String) async throws -> (created: RawResponse, socket: Task<String, any Error>) {
    let created = try #require(try await rawPOST(port: port, "/\(app)/s", json: "{}"))
    let id = String((created.headers["location"] ?? "").split(separator: "/").last ?? "")
    let upgrade =
        "GET /live/\(id) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
        + "Sec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n"
    return (created, Task { try await rawExchange(port: port, upgrade) })
}
