import Foundation

/// Everything that can go wrong between a source and a decoded value, each case carrying what
/// a person needs to act on it.
public enum NetworkError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The text is not a URL the client can load (`"htp:/x"`, an unsupported scheme).
    case invalidURL(String)
    /// The connection failed (DNS, refused, reset, offline); `code` is the `URLError` code.
    case transport(url: URL, code: Int, message: String)
    /// No complete response within the request's timeout.
    case timedOut(url: URL)
    /// The caller cancelled.
    case cancelled
    /// The server answered with a status outside the acceptable range; `retryAfter` is the
    /// raw `Retry-After` header when present.
    case httpStatus(code: Int, url: URL, bodyExcerpt: String, retryAfter: String? = nil)
    /// The body grew past the request's `maxResponseBytes`.
    case tooLarge(url: URL, limit: Int)
    /// A file or bundle resource could not be read.
    case file(path: String, reason: String)
    /// The bytes arrived but are not what was expected (HTML instead of JSON, not an image...).
    case invalidContent(source: String, reason: String)
    /// The content is well-formed but does not match the model; carries the coding path.
    case decoding(DecodingFailure)

    /// One line to show a person, naming the URL or file; input it quotes is escaped onto one line.
    public var description: String {
        OneLineText.escaping(unescapedDescription)
    }

    private var unescapedDescription: String {
        switch self {
        case .invalidURL(let text):
            return "invalid URL: \(text)"
        case .transport(let url, let code, let message):
            return "\(url.absoluteString): connection failed (\(code)): \(message)"
        case .timedOut(let url):
            return "\(url.absoluteString): timed out"
        case .cancelled:
            return "cancelled"
        case .httpStatus(let code, let url, let excerpt, _):
            let suffix = excerpt.isEmpty ? "" : ": \(excerpt)"
            return "\(url.absoluteString): HTTP \(code) \(HTTPStatusText.reason(code))\(suffix)"
        case .tooLarge(let url, let limit):
            return "\(url.absoluteString): response larger than \(limit) bytes"
        case .file(let path, let reason):
            return "\(path): \(reason)"
        case .invalidContent(let source, let reason):
            return "\(source): \(reason)"
        case .decoding(let failure):
            return failure.description
        }
    }

    /// Whether trying again might succeed (used by ``RetryPolicy``).
    public var isTransient: Bool {
        switch self {
        case .timedOut, .transport: return true
        case .httpStatus(let code, _, _, _): return code == 408 || code == 429 || (500...599).contains(code) && code != 501
        default: return false
        }
    }
}

/// Short reason phrases for status codes that appear in error messages.
enum HTTPStatusText {
    static func reason(_ code: Int) -> String {
        switch code {
        case 400: "Bad Request"
        case 401: "Unauthorized"
        case 403: "Forbidden"
        case 404: "Not Found"
        case 408: "Request Timeout"
        case 410: "Gone"
        case 429: "Too Many Requests"
        case 500: "Internal Server Error"
        case 501: "Not Implemented"
        case 502: "Bad Gateway"
        case 503: "Service Unavailable"
        case 504: "Gateway Timeout"
        default: ""
        }
    }

    /// At most `limit` characters of a body, on one line, for an error message.
    static func excerpt(_ body: Data, limit: Int = 120) -> String {
        let text = String(decoding: body.prefix(limit * 4), as: UTF8.self)
        let oneLine = text.split(whereSeparator: \.isNewline).joined(separator: " ")
            .trimmingCharacters(in: .whitespaces)
        return oneLine.count > limit ? String(oneLine.prefix(limit)) + "…" : oneLine
    }
}
