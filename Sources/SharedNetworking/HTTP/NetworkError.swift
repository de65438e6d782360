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
    /// The server redirected in a loop, or more than `limit` times in a row: `url` is the one
    /// asked for. Not transient: sending the same request again meets the same loop.
    case redirectLoop(url: URL, limit: Int)
    /// The load's deadline passed: no complete answer within `deadline`, counting every attempt
    /// and every wait between them (``HTTPRequest/deadline``). `attempts` were sent.
    case deadlineExceeded(url: URL, deadline: Duration, attempts: Int)
    /// The server answered `code` and asked to be asked again later (`Retry-After: retryAfter`,
    /// a wait of `wait`), longer than this load may still wait (`allowed`: what is left of its
    /// deadline, or the retry policy's longest wait). Given up at once instead of hanging a screen.
    case retryAfterTooLong(url: URL, code: Int, retryAfter: String, wait: Duration, allowed: Duration, bodyExcerpt: String)
    /// The source answered, in a form that decodes, and refused: `message` is its own
    /// explanation, `code` its own code if it gave one. An API that answers a refusal with
    /// HTTP 200 and an envelope (CarFit's `{"success": false, "message": "Token expired"}`), a
    /// game host that refuses to let a player join. Not transient: asking again gets the same
    /// answer until the person acts (signs in again, picks another game).
    case refused(source: String, message: String, code: String? = nil)

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
        case .httpStatus(let code, let url, let excerpt, let retryAfter):
            let suffix = excerpt.isEmpty ? "" : ": \(excerpt)"
            let asked = retryAfter.map { " (Retry-After: \($0))" } ?? ""
            return "\(url.absoluteString): HTTP \(code) \(HTTPStatusText.reason(code))\(suffix)\(asked)"
        case .tooLarge(let url, let limit):
            return "\(url.absoluteString): response larger than \(limit) bytes"
        case .file(let path, let reason):
            return "\(path): \(reason)"
        case .invalidContent(let source, let reason):
            return "\(source): \(reason)"
        case .decoding(let failure):
            return failure.description
        case .redirectLoop(let url, let limit):
            return "\(url.absoluteString): redirect loop: more than \(limit) redirects, or back to an address already visited"
        case .deadlineExceeded(let url, let deadline, let attempts):
            let tries = attempts == 1 ? "1 attempt" : "\(attempts) attempts"
            return "\(url.absoluteString): timed out: no complete answer within the \(Self.seconds(deadline)) deadline (\(tries))"
        case .retryAfterTooLong(let url, let code, let retryAfter, let wait, let allowed, let excerpt):
            let suffix = excerpt.isEmpty ? "" : ": \(excerpt)"
            return "\(url.absoluteString): HTTP \(code) \(HTTPStatusText.reason(code))\(suffix); the server asks to retry in "
                + "\(Self.seconds(wait)) (Retry-After: \(retryAfter)), longer than the \(Self.seconds(allowed)) this load may still wait; "
                + "try again after that"
        case .refused(let source, let message, let code):
            return "\(source): the server refused the request\(code.map { " (code \($0))" } ?? ""): \(message)"
        }
    }

    /// `30 s`, `1.5 s`, `2 min`, `2 min 5 s`: a duration in words that need no locale.
    static func seconds(_ duration: Duration) -> String {
        let total = duration.timeInterval
        if total >= 120 {
            let whole = Int(total.rounded())
            let (minutes, seconds) = whole.quotientAndRemainder(dividingBy: 60)
            return seconds == 0 ? "\(minutes) min" : "\(minutes) min \(seconds) s"
        }
        let tenths = (total * 10).rounded() / 10
        return tenths == tenths.rounded() ? "\(Int(tenths)) s" : "\(tenths) s"
    }

    /// Whether trying again might succeed (used by ``RetryPolicy``).
    public var isTransient: Bool {
        switch self {
        case .transport(_, let code, _): return !Self.permanentTransportCodes.contains(code)
        case .timedOut, .deadlineExceeded, .retryAfterTooLong: return true
        case .httpStatus(let code, _, _, _): return code == 408 || code == 429 || (500...599).contains(code) && code != 501
        default: return false
        }
    }

    /// `URLError` codes that trying again cannot fix: a malformed or unsupported URL, too many
    /// redirects (a loop), a certificate the system does not trust, a response it cannot decode.
    static let permanentTransportCodes: Set<Int> = [-1000, -1002, -1007, -1016, -1202, -1203, -1204, -1205, -1206]

    /// Whether this is a failure to reach the server at all (no connection, no answer in time):
    /// what a screen calls "offline", as opposed to a server that answered something unusable.
    public var isConnectivityFailure: Bool {
        switch self {
        case .transport, .timedOut, .deadlineExceeded: true
        default: false
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
