import Foundation

/// An HTTP method. Only idempotent methods are retried automatically.
public struct HTTPMethod: RawRepresentable, Hashable, Sendable, ExpressibleByStringLiteral {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue.uppercased() }
    public init(stringLiteral value: String) { self.init(rawValue: value) }

    public static let get: HTTPMethod = "GET"
    public static let head: HTTPMethod = "HEAD"
    public static let post: HTTPMethod = "POST"
    public static let put: HTTPMethod = "PUT"
    public static let delete: HTTPMethod = "DELETE"
    public static let options: HTTPMethod = "OPTIONS"

    /// RFC 9110 §9.2.2: repeating the request has the same effect as sending it once.
    public var isIdempotent: Bool {
        [.get, .head, .put, .delete, .options].contains(self)
    }
}

/// A request as the app means it: a value, independent of `URLSession`.
public struct HTTPRequest: Sendable, Hashable {
    public var url: URL
    public var method: HTTPMethod
    public var headers: HTTPHeaders
    public var body: Data?
    /// How long the connection may stay silent (no bytes) before the request fails with
    /// ``NetworkError/timedOut(url:)``: `URLRequest.timeoutInterval` semantics. On Linux,
    /// Foundation counts whole seconds only, so ``URLSessionHTTPClient`` rounds this up there.
    public var timeout: Duration
    /// Status codes that count as success; anything else throws ``NetworkError/httpStatus(code:url:bodyExcerpt:retryAfter:)``.
    public var acceptableStatus: Range<Int>
    /// The most bytes accepted in a response body; a larger body fails with
    /// ``NetworkError/tooLarge(url:limit:)`` as soon as the limit is crossed, not after download.
    public var maxResponseBytes: Int?
    /// Whether the request may be sent again after a failure. Defaults to the method's semantics.
    public var isIdempotent: Bool

    public init(
        url: URL,
        method: HTTPMethod = .get,
        headers: HTTPHeaders = [:],
        body: Data? = nil,
        timeout: Duration = .seconds(30),
        acceptableStatus: Range<Int> = 200..<300,
        maxResponseBytes: Int? = nil,
        isIdempotent: Bool? = nil
    ) {
        self.url = url
        self.method = method
        self.headers = headers
        self.body = body
        self.timeout = timeout
        self.acceptableStatus = acceptableStatus
        self.maxResponseBytes = maxResponseBytes
        self.isIdempotent = isIdempotent ?? method.isIdempotent
    }
}

/// A response whose status has already been validated against the request.
public struct HTTPResponse: Sendable, Equatable {
    public var url: URL
    public var status: Int
    public var headers: HTTPHeaders
    public var body: Data

    public init(url: URL, status: Int, headers: HTTPHeaders, body: Data) {
        self.url = url
        self.status = status
        self.headers = headers
        self.body = body
    }
}

/// Header fields with case-insensitive names (RFC 9110 §5.1), in insertion order.
public struct HTTPHeaders: Sendable, Hashable, ExpressibleByDictionaryLiteral, Sequence {
    private var fields: [(name: String, value: String)] = []

    public init() {}

    public init(dictionaryLiteral elements: (String, String)...) {
        for (name, value) in elements { self[name] = value }
    }

    public init(_ dictionary: [String: String]) {
        for (name, value) in dictionary.sorted(by: { $0.key < $1.key }) { self[name] = value }
    }

    /// The value of the first field named `name` (any case); setting replaces every such field.
    public subscript(name: String) -> String? {
        get { fields.first { $0.name.caseInsensitiveCompare(name) == .orderedSame }?.value }
        set {
            fields.removeAll { $0.name.caseInsensitiveCompare(name) == .orderedSame }
            if let newValue { fields.append((name, newValue)) }
        }
    }

    public var isEmpty: Bool { fields.isEmpty }

    public func makeIterator() -> some IteratorProtocol<(name: String, value: String)> {
        fields.makeIterator()
    }

    public static func == (lhs: HTTPHeaders, rhs: HTTPHeaders) -> Bool {
        lhs.fields.elementsEqual(rhs.fields) { $0.name.lowercased() == $1.name.lowercased() && $0.value == $1.value }
    }

    public func hash(into hasher: inout Hasher) {
        for field in fields {
            hasher.combine(field.name.lowercased())
            hasher.combine(field.value)
        }
    }

    /// The `charset` parameter of `Content-Type`, lowercased, if any.
    public var charset: String? {
        guard let contentType = self["Content-Type"] else { return nil }
        return contentType.split(separator: ";").dropFirst().lazy
            .map { $0.trimmingCharacters(in: .whitespaces) }
            .first { $0.lowercased().hasPrefix("charset=") }
            .map { String($0.dropFirst("charset=".count)).trimmingCharacters(in: CharacterSet(charactersIn: "\"'")).lowercased() }
    }

    /// The media type of `Content-Type` without parameters, lowercased (`application/json`).
    public var mediaType: String? {
        self["Content-Type"].map {
            String($0.split(separator: ";").first ?? "").trimmingCharacters(in: .whitespaces).lowercased()
        }
    }
}

/// The transport behind every network call: send a request, get a validated response.
///
/// Small on purpose (one method), so that a stub, a retrying decorator or a URLSession
/// implementation are all trivially substitutable.
public protocol HTTPClient: Sendable {
    /// Sends `request`. Returns only when the status is in `request.acceptableStatus`;
    /// otherwise throws a ``NetworkError``. Cancelling the calling task cancels the request.
    func send(_ request: HTTPRequest) async throws(NetworkError) -> HTTPResponse
}
