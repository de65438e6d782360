/// The status line and header fields of an HTTP/1.x response, parsed from the bytes before the
/// empty line (RFC 9112 §4, §5).
struct HTTPResponseHead: Equatable {
    /// `HTTP/1.1` or `HTTP/1.0`.
    var version: String
    var status: Int
    /// Fields in order; a name sent twice has its values joined with ", " (RFC 9110 §5.3).
    var headers: HTTPHeaders

    /// The most bytes a head may take: a server that sends more is not speaking HTTP.
    static let maximumLength = 64 * 1024

    /// Why a head was refused.
    enum Failure: Error, Equatable {
        case malformed(String)
    }

    /// Parses `bytes` (the head without its final empty line; CRLF or bare LF line ends).
    init(parsing bytes: ArraySlice<UInt8>) throws(Failure) {
        var lines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map { line in
            line.last == UInt8(ascii: "\r") ? line.dropLast() : line
        }
        while lines.last?.isEmpty == true { lines.removeLast() }
        guard let statusLine = lines.first else { throw .malformed("empty response head") }
        let parts = statusLine.split(separator: UInt8(ascii: " "), maxSplits: 2, omittingEmptySubsequences: true)
        guard parts.count >= 2, let version = String(validating: parts[0], as: UTF8.self), version.hasPrefix("HTTP/1."),
            parts[1].count == 3, let code = Int(String(decoding: parts[1], as: UTF8.self))
        else {
            throw .malformed("not an HTTP/1.x status line: \(String(decoding: statusLine.prefix(60), as: UTF8.self))")
        }
        self.version = version
        status = code
        var fields: [(name: String, value: String)] = []
        for line in lines.dropFirst() {
            if let first = line.first, first == UInt8(ascii: " ") || first == UInt8(ascii: "\t") {
                // obs-fold (RFC 9112 §5.2): a continuation of the previous field's value.
                guard !fields.isEmpty else { throw .malformed("a header line starts with white space") }
                fields[fields.count - 1].value += " " + Self.trimmed(line)
                continue
            }
            guard let colon = line.firstIndex(of: UInt8(ascii: ":")), colon > line.startIndex else {
                throw .malformed("a header line has no name: \(String(decoding: line.prefix(60), as: UTF8.self))")
            }
            let name = String(decoding: line[line.startIndex..<colon], as: UTF8.self)
            guard !name.contains(" ") else { throw .malformed("a header name contains a space: \(name)") }
            fields.append((name, Self.trimmed(line[line.index(after: colon)...])))
        }
        var headers = HTTPHeaders()
        for (name, value) in fields {
            headers[name] = headers[name].map { $0 + ", " + value } ?? value
        }
        self.headers = headers
    }

    private static func trimmed(_ bytes: ArraySlice<UInt8>) -> String {
        let isSpace: (UInt8) -> Bool = { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
        guard let start = bytes.firstIndex(where: { !isSpace($0) }), let end = bytes.lastIndex(where: { !isSpace($0) }) else { return "" }
        return String(decoding: bytes[start...end], as: UTF8.self)
    }

    /// Whether the connection may carry another request after this response (RFC 9112 §9.3):
    /// HTTP/1.1 unless `Connection: close`; HTTP/1.0 only with `Connection: keep-alive`.
    var allowsReuse: Bool {
        let connection = headers["Connection"]?.lowercased() ?? ""
        if version == "HTTP/1.0" { return connection.contains("keep-alive") }
        return !connection.contains("close")
    }
}
