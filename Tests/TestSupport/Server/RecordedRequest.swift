import Foundation
import SharedNetworking

/// One request as the ``LoopbackHTTPServer`` received it, for assertions.
public struct RecordedRequest: Sendable, Hashable {
    /// `GET`, `POST`... as sent.
    public var method: String
    /// The path without the query (`/feed.json`).
    public var path: String
    /// The raw query after `?`, if any.
    public var query: String?
    public var headers: HTTPHeaders
    /// The body, de-chunked if it was sent chunked.
    public var body: Data
    /// Arrival order across the whole server, from 0.
    public var sequence: Int
    /// Which connection carried it (from 0, in accept order): equal ids mean keep-alive reuse.
    public var connection: Int

    public init(method: String, path: String, query: String?, headers: HTTPHeaders, body: Data, sequence: Int, connection: Int) {
        self.method = method
        self.path = path
        self.query = query
        self.headers = headers
        self.body = body
        self.sequence = sequence
        self.connection = connection
    }

    /// The decoded query items (`a=1&b=x%20y` → `a: 1`, `b: x y`).
    public var queryItems: [URLQueryItem] {
        guard let query else { return [] }
        var components = URLComponents()
        components.percentEncodedQuery = query
        return components.queryItems ?? []
    }
}

/// A request head and body parsed from the bytes of one connection.
struct ParsedRequest {
    var method: String
    var target: String
    var version: String
    var headers: HTTPHeaders
    var body: Data

    /// HTTP/1.1 keeps the connection unless told to close; HTTP/1.0 closes unless told to keep it.
    var keepAlive: Bool {
        let connection = headers["Connection"]?.lowercased() ?? ""
        if version == "HTTP/1.0" { return connection.contains("keep-alive") }
        return !connection.contains("close")
    }

    var path: String { String(target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false).first ?? "") }

    var query: String? {
        let parts = target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        return parts.count > 1 ? String(parts[1]) : nil
    }
}

/// Incremental HTTP/1.1 request parsing over a connection's buffer.
enum RequestParser {
    /// The largest request head accepted (a larger one gets 431).
    static let maxHeadBytes = 64 * 1024
    /// The largest request body accepted (a larger one gets 413).
    static let maxBodyBytes = 64 * 1024 * 1024

    enum Result {
        /// A complete request and how many bytes of the buffer it used.
        case complete(ParsedRequest, consumed: Int)
        /// More bytes are needed; `head` is set once the head is complete (to answer
        /// `Expect: 100-continue`).
        case incomplete(head: ParsedRequest?)
        /// Not HTTP, or over a limit: answer with this status and close.
        case invalid(status: Int)
    }

    static func parse(_ buffer: [UInt8]) -> Result {
        guard let (headLength, bodyStart) = headEnd(buffer) else {
            return buffer.count > maxHeadBytes ? .invalid(status: 431) : .incomplete(head: nil)
        }
        guard var request = parseHead(buffer[0..<headLength]) else { return .invalid(status: 400) }
        let rest = buffer[bodyStart...]
        if request.headers["Transfer-Encoding"]?.lowercased().contains("chunked") == true {
            switch dechunk(rest) {
            case .complete(let body, let used):
                request.body = body
                return .complete(request, consumed: bodyStart + used)
            case .incomplete:
                return rest.count > maxBodyBytes ? .invalid(status: 413) : .incomplete(head: request)
            case .invalid:
                return .invalid(status: 400)
            }
        }
        let lengthText = request.headers["Content-Length"]?.trimmingCharacters(in: .whitespaces) ?? "0"
        guard let length = Int(lengthText), length >= 0 else { return .invalid(status: 400) }
        guard length <= maxBodyBytes else { return .invalid(status: 413) }
        guard rest.count >= length else { return .incomplete(head: request) }
        request.body = Data(rest.prefix(length))
        return .complete(request, consumed: bodyStart + length)
    }

    /// The length of the head (without the blank line) and where the body starts.
    /// Accepts CRLF and, leniently, bare LF line ends.
    static func headEnd(_ buffer: [UInt8]) -> (Int, Int)? {
        var index = 0
        while index < buffer.count {
            if buffer[index] == 0x0A {
                if index + 1 < buffer.count, buffer[index + 1] == 0x0A { return (index, index + 2) }
                if index + 2 < buffer.count, buffer[index + 1] == 0x0D, buffer[index + 2] == 0x0A { return (index, index + 3) }
            }
            index += 1
        }
        return nil
    }

    static func parseHead(_ bytes: ArraySlice<UInt8>) -> ParsedRequest? {
        // Split bytes, not Characters: "\r\n" is a single Character in Swift.
        var lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: false).map { line in
            String(decoding: line.last == 0x0D ? line.dropLast() : line, as: UTF8.self)
        }
        while lines.first?.isEmpty == true { lines.removeFirst() }  // RFC 9112 §2.2: tolerate leading blank lines
        guard let requestLine = lines.first else { return nil }
        let parts = requestLine.split(separator: " ", omittingEmptySubsequences: true)
        guard parts.count == 3, parts[2].hasPrefix("HTTP/1.") else { return nil }
        var headers = HTTPHeaders()
        for line in lines.dropFirst() where !line.isEmpty {
            guard let colon = line.firstIndex(of: ":") else { return nil }
            let name = line[..<colon].trimmingCharacters(in: .whitespaces)
            let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            if let existing = headers[name] {
                headers[name] = existing + ", " + value
            } else {
                headers[name] = value
            }
        }
        return ParsedRequest(method: String(parts[0]), target: String(parts[1]), version: String(parts[2]), headers: headers, body: Data())
    }

    enum Dechunked {
        case complete(Data, consumed: Int)
        case incomplete
        case invalid
    }

    /// Decodes a chunked body (RFC 9112 §7.1), ignoring extensions and trailers.
    static func dechunk(_ bytes: ArraySlice<UInt8>) -> Dechunked {
        var body = Data()
        var index = bytes.startIndex
        func line() -> String? {
            guard let newline = bytes[index...].firstIndex(of: 0x0A) else { return nil }
            let content = bytes[index..<newline]
            index = newline + 1
            return String(decoding: content.last == 0x0D ? content.dropLast() : content, as: UTF8.self)
        }
        while true {
            guard let sizeLine = line() else { return .incomplete }
            let sizeText = sizeLine.split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
            guard let size = Int(sizeText, radix: 16), size >= 0 else { return .invalid }
            if size == 0 {
                while true {  // trailers up to the blank line
                    guard let trailer = line() else { return .incomplete }
                    if trailer.isEmpty { return .complete(body, consumed: index - bytes.startIndex) }
                }
            }
            guard bytes.endIndex - index >= size else { return .incomplete }
            body.append(contentsOf: bytes[index..<index + size])
            index += size
            guard let end = line() else { return .incomplete }
            guard end.isEmpty else { return .invalid }
        }
    }
}
