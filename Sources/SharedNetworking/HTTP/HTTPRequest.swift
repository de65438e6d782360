import Foundation

/// An HTTP method. Only idempotent methods are retried automatically.
public struct HTTPMethod: RawRepresentable, Hashable, Sendable, ExpressibleByStringLiteral {
    /// The method's name, uppercased (`GET`), as sent on the request line.
    public let rawValue: String
    /// A method from its name in any case; `"get"` is ``get``.
    public init(rawValue: String) { self.rawValue = rawValue.uppercased() }
    /// A method from a string literal, so `"PATCH"` reads as a method where one is expected.
    public init(stringLiteral value: String) { self.init(rawValue: value) }

    /// Read a resource. Idempotent and safe, so retried after a transient failure.
    public static let get: HTTPMethod = "GET"
    /// Like ``get`` without the body. Idempotent.
    public static let head: HTTPMethod = "HEAD"
    /// Submit data. Not idempotent: never retried unless the request says otherwise.
    public static let post: HTTPMethod = "POST"
    /// Replace a resource. Idempotent.
    public static let put: HTTPMethod = "PUT"
    /// Delete a resource. Idempotent.
    public static let delete: HTTPMethod = "DELETE"
    /// Ask what a resource allows. Idempotent.
    public static let options: HTTPMethod = "OPTIONS"

    /// RFC 9110 §9.2.2: repeating the request has the same effect as sending it once.
    public var isIdempotent: Bool {
        [.get, .head, .put, .delete, .options].contains(self)
    }
}

/// A request as the app means it: a value, independent of `URLSession`.
public struct HTTPRequest: Sendable, Hashable {
    /// The absolute `http` or `https` URL to send to; anything else fails with ``NetworkError/invalidURL(_:)``.
    public var url: URL
    /// The method; decides the default of ``isIdempotent``.
    public var method: HTTPMethod
    /// Header fields sent as given (names are case-insensitive).
    public var headers: HTTPHeaders
    /// The request body, if any.
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
    /// The longest the whole load may take, from the first byte sent to the last received,
    /// counting every retry and every wait between attempts; `nil` for none. Where ``timeout``
    /// catches a silent connection, this catches one that trickles (a byte a second is never
    /// silent) and a server that keeps asking to be retried. ``RetryingHTTPClient`` keeps it:
    /// it cancels an attempt when the deadline passes and fails with
    /// ``NetworkError/deadlineExceeded(url:deadline:attempts:)``, and never starts a wait that
    /// would end after it.
    public var deadline: Duration?

    /// A request with the defaults most feeds need: `GET`, 30 s of allowed silence, success for
    /// 2xx, no size limit, idempotency from the method, no deadline.
    public init(
        url: URL,
        method: HTTPMethod = .get,
        headers: HTTPHeaders = [:],
        body: Data? = nil,
        timeout: Duration = .seconds(30),
        acceptableStatus: Range<Int> = 200..<300,
        maxResponseBytes: Int? = nil,
        isIdempotent: Bool? = nil,
        deadline: Duration? = nil
    ) {
        self.url = url
        self.method = method
        self.headers = headers
        self.body = body
        self.timeout = timeout
        self.acceptableStatus = acceptableStatus
        self.maxResponseBytes = maxResponseBytes
        self.isIdempotent = isIdempotent ?? method.isIdempotent
        self.deadline = deadline
    }
}

/// A response whose status has already been validated against the request.
public struct HTTPResponse: Sendable, Equatable {
    /// The URL that was requested (not a redirect's target), so errors and diagnostics name it.
    public var url: URL
    /// The HTTP status code. One an ``HTTPClient`` returns is inside the request's
    /// ``HTTPRequest/acceptableStatus`` (any other is thrown as
    /// ``NetworkError/httpStatus(code:url:bodyExcerpt:retryAfter:)``); one built elsewhere, such
    /// as an endpoint's 404, may be anything.
    public var status: Int
    /// The response's header fields, case-insensitive.
    public var headers: HTTPHeaders
    /// The whole body, at most the request's ``HTTPRequest/maxResponseBytes``.
    public var body: Data

    /// A response from its parts; clients and test doubles build one after checking the status.
    public init(url: URL, status: Int, headers: HTTPHeaders, body: Data) {
        self.url = url
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// This response when its status is inside `request`'s ``HTTPRequest/acceptableStatus``;
    /// otherwise ``NetworkError/httpStatus(code:url:bodyExcerpt:retryAfter:)`` naming the
    /// request's URL, with an excerpt of the body and the server's `Retry-After`. The one place
    /// every client (URLSession's, the socket client, the HTTP cache, a test double or an app's
    /// own ``HTTPClient``) turns a status into an error, so they all report it alike.
    public func checked(for request: HTTPRequest) throws(NetworkError) -> HTTPResponse {
        guard request.acceptableStatus.contains(status) else {
            throw .httpStatus(
                code: status, url: request.url, bodyExcerpt: HTTPStatusText.excerpt(body), retryAfter: headers["Retry-After"])
        }
        return self
    }
}

/// Header fields with case-insensitive names (RFC 9110 §5.1), in insertion order.
public struct HTTPHeaders: Sendable, Hashable, ExpressibleByDictionaryLiteral, Sequence {
    private var fields: [(name: String, value: String)] = []

    /// No fields.
    public init() {}

    /// Fields from a literal, `["Accept": "application/json"]`, in the order written.
    public init(dictionaryLiteral elements: (String, String)...) {
        for (name, value) in elements { self[name] = value }
    }

    /// Fields from a dictionary, in name order so that equal dictionaries give equal headers.
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

    /// Whether there are no fields at all.
    public var isEmpty: Bool { fields.isEmpty }

    /// The fields in insertion order, each with its name as it was set.
    public func makeIterator() -> some IteratorProtocol<(name: String, value: String)> {
        fields.makeIterator()
    }

    /// Equal when the same fields appear in the same order, comparing names without case.
    public static func == (lhs: HTTPHeaders, rhs: HTTPHeaders) -> Bool {
        lhs.fields.elementsEqual(rhs.fields) { $0.name.lowercased() == $1.name.lowercased() && $0.value == $1.value }
    }

    /// Hashes names without case, consistently with ``==(_:_:)``.
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
