import Foundation
import HummingbirdWSClient
import Logging
import NIOCore
import NIOPosix
import NIOWebSocket
import TriviaServerTestSupport

/// A client that knows nothing of this repository's protocol code: it sends the bytes a test
/// writes (text, binary, in fragments, over any limit) and reads what arrives as raw text parsed
/// with Foundation's `JSONSerialization`, as an implementer who has only the document would.
final class WireClient: Sendable {
    /// One message from the server: its text and, when it is a JSON object, its members.
    struct Received: @unchecked Sendable, CustomStringConvertible {
        let text: String
        let object: [String: Any]?

        var type: String? { object?["type"] as? String }
        var payload: [String: Any]? { object?["payload"] as? [String: Any] }
        /// `payload.code` of an `error`.
        var errorCode: String? { type == "error" ? payload?["code"] as? String : nil }
        /// `payload.ref` of an `error`: `.some(nil)` when it is `null`.
        var ref: String?? {
            guard let payload, let value = payload["ref"] else { return nil }
            return .some(value as? String)
        }
        var description: String { text }
    }

    private struct State {
        var received: [Received] = []
        var read = 0
        var writer: WebSocketOutboundWriter?
        var opened = false
        var ended = false
        var close: (code: UInt16, reason: String?)?
        var failure: String?
    }

    private let state = Locked(State())
    private let task = Locked<Task<Void, Never>?>(nil)

    /// Opens a socket at `url` (failing when the upgrade is refused).
    static func open(_ url: URL) async throws -> WireClient {
        let client = WireClient()
        client.start(url)
        guard await eventually(within: .seconds(10), { client.state.withLock { $0.opened || $0.ended } }),
            client.state.withLock({ $0.opened })
        else {
            throw WireError("could not open \(url): \(client.state.withLock { $0.failure ?? "no answer" })")
        }
        return client
    }

    private func start(_ url: URL) {
        var logger = Logger(label: "wire-client")
        logger.logLevel = .critical
        // Frames of up to 1 MiB in one piece: the client must be able to send a message over the
        // server's limit as a single frame.
        let configuration = WebSocketClientConfiguration(maxFrameSize: 1 << 20, closeTimeout: .seconds(5))
        let state = self.state
        let running = Task {
            do {
                let close = try await WebSocketClient.connect(
                    url: url.absoluteString, configuration: configuration, eventLoopGroup: MultiThreadedEventLoopGroup.singleton,
                    logger: logger
                ) { inbound, outbound, _ in
                    state.withLock {
                        $0.writer = outbound
                        $0.opened = true
                    }
                    for try await message in inbound.messages(maxSize: 1 << 20) {
                        let text: String
                        switch message {
                        case .text(let string): text = string
                        case .binary(let buffer): text = String(buffer: buffer)
                        }
                        let object = (try? JSONSerialization.jsonObject(with: Data(text.utf8))) as? [String: Any]
                        state.withLock { $0.received.append(Received(text: text, object: object)) }
                    }
                }
                state.withLock {
                    $0.close = close.map { (UInt16(webSocketErrorCode: $0.closeCode), $0.reason) }
                    $0.ended = true
                }
            } catch {
                state.withLock {
                    $0.failure = "\(error)"
                    $0.ended = true
                }
            }
        }
        task.withLock { $0 = running }
    }

    private var writer: WebSocketOutboundWriter {
        get throws {
            guard let writer = state.withLock({ $0.writer }) else { throw WireError("the socket is not open") }
            return writer
        }
    }

    /// Sends `text` as one text frame.
    func send(_ text: String) async throws {
        try await writer.write(.text(text))
    }

    /// Sends `bytes` as one text frame as they are, UTF-8 or not.
    func sendText(bytes: [UInt8]) async throws {
        try await writer.write(.custom(WebSocketFrame(fin: true, opcode: .text, data: ByteBuffer(bytes: bytes))))
    }

    /// Sends `bytes` as one binary frame.
    func sendBinary(_ bytes: [UInt8]) async throws {
        try await writer.write(.binary(ByteBuffer(bytes: bytes)))
    }

    /// Sends `text` as one text message in fragments of `size` bytes.
    func sendFragmented(_ text: String, size: Int) async throws {
        let bytes = Array(text.utf8)
        try await writer.withTextMessageWriter { message in
            var start = 0
            while start < bytes.count {
                let end = min(start + size, bytes.count)
                try await message(ByteBuffer(bytes: bytes[start..<end]))
                start = end
            }
        }
    }

    /// The next message, waiting up to `seconds` of real time.
    func next(within seconds: Double = 10) async throws -> Received {
        _ = await eventually(within: .seconds(seconds)) { [state] in state.withLock { $0.received.count > $0.read || $0.ended } }
        let message = state.withLock { state -> Received? in
            guard state.received.count > state.read else { return nil }
            defer { state.read += 1 }
            return state.received[state.read]
        }
        guard let message else { throw WireError("no message within \(seconds) s (ended: \(isClosed))") }
        return message
    }

    /// The next message of `type`, skipping others.
    func next(_ type: String, within seconds: Double = 10) async throws -> Received {
        while true {
            let message = try await next(within: seconds)
            if message.type == type { return message }
        }
    }

    /// Every message received so far, read or not.
    var received: [Received] { state.withLock { $0.received } }

    var isClosed: Bool { state.withLock { $0.ended } }

    /// Waits for the server to close the socket; its close code and reason.
    func closed(within seconds: Double = 10) async -> (code: UInt16, reason: String?)? {
        _ = await eventually(within: .seconds(seconds)) { [state] in state.withLock { $0.ended } }
        return state.withLock { $0.close }
    }

    /// Closes from this side.
    func close() async {
        if let writer = state.withLock({ $0.writer }) { try? await writer.close(.normalClosure, reason: nil) }
        _ = await eventually(within: .seconds(5)) { [state] in state.withLock { $0.ended } }
        task.withLock { $0 }?.cancel()
    }
}

struct WireError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// One HTTP/1.1 exchange over a plain TCP connection: the request's bytes as written, the
/// response read as it arrives (its head, then `Content-Length` bytes of body, none for `HEAD`).
enum RawHTTP {
    struct Response: Sendable {
        let status: Int
        let headers: [(name: String, value: String)]
        let body: String

        func header(_ name: String) -> String? { headers.first { $0.name.lowercased() == name.lowercased() }?.value }
    }

    /// Sends `request` (lines joined with `\n`, sent with CRLF) and reads the response.
    static func exchange(port: Int, _ request: String) async throws -> Response {
        let channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton).connect(host: "127.0.0.1", port: port) {
            channel in
            channel.eventLoop.makeCompletedFuture {
                try NIOAsyncChannel<ByteBuffer, ByteBuffer>(wrappingChannelSynchronously: channel)
            }
        }
        let isHead = request.hasPrefix("HEAD ")
        var raw: [UInt8] = []
        var response: Response?
        try await channel.executeThenClose { inbound, outbound in
            try await outbound.write(ByteBuffer(string: request.replacingOccurrences(of: "\n", with: "\r\n")))
            for try await chunk in inbound {
                raw += chunk.readableBytesView
                if let parsed = try parse(raw, isHead: isHead) {
                    response = parsed
                    break
                }
            }
        }
        if let response { return response }
        guard let parsed = try parse(raw, isHead: isHead, atEnd: true) else {
            throw WireError("not an HTTP response: \(String(decoding: raw.prefix(200), as: UTF8.self))")
        }
        return parsed
    }

    /// The response in `raw` once it is whole, `nil` while more is to come.
    static func parse(_ raw: [UInt8], isHead: Bool, atEnd: Bool = false) throws -> Response? {
        let text = String(decoding: raw, as: UTF8.self)
        guard let end = text.range(of: "\r\n\r\n") else { return nil }
        var lines = String(text[..<end.lowerBound]).components(separatedBy: "\r\n")
        let parts = lines.removeFirst().split(separator: " ")
        guard parts.count >= 2, let status = Int(parts[1]) else { throw WireError("not an HTTP status line: \(text.prefix(200))") }
        let headers = lines.compactMap { line -> (name: String, value: String)? in
            guard let colon = line.firstIndex(of: ":") else { return nil }
            return (String(line[..<colon]), line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces))
        }
        let body = String(text[end.upperBound...])
        let length = headers.first { $0.name.lowercased() == "content-length" }.flatMap { Int($0.value) }
        if isHead { return Response(status: status, headers: headers, body: "") }
        if let length, body.utf8.count >= length { return Response(status: status, headers: headers, body: body) }
        return atEnd ? Response(status: status, headers: headers, body: body) : nil
    }
}
