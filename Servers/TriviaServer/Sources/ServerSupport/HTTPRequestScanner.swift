/// Where a client is in its HTTP/1.1 requests, read from the raw bytes before any parser: in a
/// head, in a body, or done and waiting for the answer. That is all ``ConnectionGuardHandler``
/// needs to hold each part to its deadline; the bytes go on unchanged to Hummingbird's parser,
/// which decodes (and refuses) them.
///
/// A head ends at its first empty line (CRLF, or a bare LF, as lenient parsers accept; empty
/// lines before a request line are skipped, RFC 9112 §2.2). Its body is `Content-Length` bytes,
/// or chunked to the last chunk (`Transfer-Encoding: chunked` wins, RFC 9112 §6.3). A head
/// asking for `Upgrade: websocket` ends the HTTP part: what follows may be WebSocket frames.
struct HTTPRequestScanner: Sendable, Hashable {
    /// What the client owes.
    enum Stage: Hashable {
        /// A request head (the first of the connection, or the next on a kept-alive one).
        case head
        /// The rest of a body.
        case body
        /// Nothing: the request is whole; `upgrade` when it asked for a WebSocket.
        case awaitingResponse(upgrade: Bool)
    }

    /// Why the bytes cannot be a request this server will read.
    enum Refusal: Error, Hashable {
        /// A head longer than the limit.
        case headTooLarge
        /// A chunked body that is not chunked encoding.
        case malformedBody
    }

    private(set) var stage = Stage.head
    /// Heads read whole so far.
    private(set) var heads = 0
    /// Requests read whole (head and body) so far.
    private(set) var requests = 0
    /// Bytes of the current head so far (0: none yet).
    private(set) var headBytes = 0
    let maxHeadBytes: Int

    private var line: [UInt8] = []
    private var sawRequestLine = false
    private var contentLength: UInt64?
    private var chunked = false
    private var upgrade = false
    /// Whether the body being read is chunked (the head's fields are reset when it ends).
    private var chunkedBody = false
    private var remaining: UInt64 = 0
    private var chunks = ChunkedBodyScanner()

    init(maxHeadBytes: Int) {
        self.maxHeadBytes = maxHeadBytes
    }

    /// Reads `bytes`; how many it read: all of them, or fewer when the head of an upgrade request
    /// ended among them (the rest belong to the WebSocket).
    mutating func consume(_ bytes: UnsafeRawBufferPointer) throws(Refusal) -> Int {
        var index = 0
        while index < bytes.count {
            switch stage {
            case .awaitingResponse(upgrade: true):
                return index
            case .awaitingResponse(upgrade: false):
                // The next request, pipelined before the answer.
                stage = .head
            case .head:
                try read(bytes[index])
                index += 1
            case .body where chunkedBody:
                do {
                    index += try chunks.consume(bytes, from: index)
                } catch {
                    throw .malformedBody
                }
                if chunks.isDone { endOfRequest() }
            case .body:
                let take = Int(min(remaining, UInt64(bytes.count - index)))
                remaining -= UInt64(take)
                index += take
                if remaining == 0 { endOfRequest() }
            }
        }
        return index
    }

    /// The server began its answer: a client that owed nothing now owes the next head (a
    /// refused upgrade's answer included).
    mutating func responseStarted() {
        if case .awaitingResponse = stage { stage = .head }
    }

    private mutating func read(_ byte: UInt8) throws(Refusal) {
        headBytes += 1
        guard headBytes <= maxHeadBytes else { throw .headTooLarge }
        guard byte == UInt8(ascii: "\n") else {
            line.append(byte)
            return
        }
        if line.last == UInt8(ascii: "\r") { line.removeLast() }
        defer { line.removeAll(keepingCapacity: true) }
        if line.isEmpty {
            if sawRequestLine { endOfHead() }
        } else if !sawRequestLine {
            sawRequestLine = true
        } else {
            field(line)
        }
    }

    private mutating func field(_ line: [UInt8]) {
        guard let colon = line.firstIndex(of: UInt8(ascii: ":")) else { return }
        let name = Self.lowercasedTrimmed(line[..<colon])
        let value = Self.lowercasedTrimmed(line[(colon + 1)...])
        switch name {
        case "content-length": contentLength = UInt64(value)
        case "transfer-encoding": chunked = chunked || value.contains("chunked")
        case "upgrade": upgrade = upgrade || value.contains("websocket")
        default: break
        }
    }

    private mutating func endOfHead() {
        heads += 1
        headBytes = 0
        sawRequestLine = false
        defer { (contentLength, chunked, upgrade) = (nil, false, false) }
        if upgrade {
            requests += 1
            stage = .awaitingResponse(upgrade: true)
        } else if chunked {
            chunks = ChunkedBodyScanner()
            chunkedBody = true
            stage = .body
        } else if let length = contentLength, length > 0 {
            remaining = length
            chunkedBody = false
            stage = .body
        } else {
            endOfRequest()
        }
    }

    private mutating func endOfRequest() {
        requests += 1
        stage = .awaitingResponse(upgrade: false)
    }

    private static func lowercasedTrimmed(_ bytes: ArraySlice<UInt8>) -> String {
        let blank: (UInt8) -> Bool = { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
        var slice = bytes
        while let first = slice.first, blank(first) { slice = slice.dropFirst() }
        while let last = slice.last, blank(last) { slice = slice.dropLast() }
        return String(decoding: slice, as: UTF8.self).lowercased()
    }
}
