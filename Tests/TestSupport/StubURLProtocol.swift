import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// What a ``URLProtocolStub`` answers: a response, or a failure as `URLSession` reports it.
public struct StubResponse: Sendable, Hashable {
    public var status: Int
    public var headers: [String: String]
    public var body: Data
    /// When set, the request fails with this error instead of answering.
    public var error: URLError.Code?

    public init(status: Int = 200, headers: [String: String] = [:], body: Data = Data(), error: URLError.Code? = nil) {
        self.status = status
        self.headers = headers
        self.body = body
        self.error = error
    }

    public static func json(_ text: String, status: Int = 200) -> StubResponse {
        StubResponse(status: status, headers: ["Content-Type": "application/json; charset=utf-8"], body: Data(text.utf8))
    }

    public static func status(_ code: Int, body: String = "") -> StubResponse {
        StubResponse(status: code, body: Data(body.utf8))
    }

    public static func failure(_ code: URLError.Code) -> StubResponse {
        StubResponse(error: code)
    }
}

/// Scripted answers for a `URLSession`, without sockets: for unit tests of code above the
/// transport (a view-model's error states, a parser's input), where a real server adds nothing.
///
/// Each stub owns a host of its own, `https://<token>.urlprotocolstub.invalid`: build request
/// URLs with ``url(_:)``. The host is how a request finds its stub (the URL loading system gives
/// a `URLProtocol` nothing but the request, and on Linux not even the session's extra headers),
/// so parallel tests never see each other's scripts. Path-specific answers (``stub(_:_:)``) win
/// over the fallback handler. The script is removed when the stub is released.
///
/// ```swift
/// let stub = URLProtocolStub()
/// stub.stub("/feed.json", .json(#"{"rows":[]}"#))
/// let client = URLSessionHTTPClient(configuration: .stubbed(stub))
/// let response = try await client.send(HTTPRequest(url: stub.url("/feed.json")))
/// ```
public final class URLProtocolStub: Sendable {
    /// The host of this stub's URLs.
    public let host: String
    private let script: StubScript

    /// - Parameter fallback: answers requests for paths without a specific stub (404 by default).
    public init(_ fallback: @escaping @Sendable (URLRequest) -> StubResponse = { _ in .status(404, body: "not stubbed") }) {
        host = "\(UUID().uuidString.lowercased()).\(StubURLProtocol.hostSuffix)"
        script = StubScript(fallback: fallback)
        StubRegistry.scripts.withLock { $0[host] = script }
    }

    deinit {
        StubRegistry.scripts.withLock { _ = $0.removeValue(forKey: host) }
    }

    /// `https://<this stub's host><path>`; `path` may carry a query.
    public func url(_ path: String) -> URL {
        let absolute = path.hasPrefix("/") ? path : "/" + path
        return URL(string: "https://\(host)\(absolute)") ?? URL(fileURLWithPath: "/")
    }

    /// Answers requests for `path` (query ignored) with `response`.
    public func stub(_ path: String, _ response: StubResponse) {
        script.state.withLock { $0.byPath[path] = response }
    }

    /// Requests received, in order (URL, method, headers, body).
    public var requests: [URLRequest] { script.state.withLock { $0.requests } }

    /// A copy of `base` with ``StubURLProtocol`` first in `protocolClasses` (on Linux a class
    /// registered any other way is ignored, and `URLCache` ignores its responses).
    public func configuration(base: URLSessionConfiguration = .ephemeral) -> URLSessionConfiguration {
        let configuration = base.copy() as? URLSessionConfiguration ?? .ephemeral
        configuration.protocolClasses = [StubURLProtocol.self] + (configuration.protocolClasses ?? [])
        return configuration
    }
}

extension URLSessionConfiguration {
    /// An ephemeral configuration whose requests are answered by ``StubURLProtocol``; requests
    /// for `stub`'s URLs get its script, any other URL fails with `cannotFindHost`.
    public static func stubbed(_ stub: URLProtocolStub) -> URLSessionConfiguration {
        stub.configuration()
    }
}

/// One stub's answers and the requests it saw.
final class StubScript: Sendable {
    struct State {
        var byPath: [String: StubResponse] = [:]
        var requests: [URLRequest] = []
    }

    let fallback: @Sendable (URLRequest) -> StubResponse
    let state = Locked(State())

    init(fallback: @escaping @Sendable (URLRequest) -> StubResponse) {
        self.fallback = fallback
    }

    func answer(_ request: URLRequest) -> StubResponse {
        let specific: StubResponse? = state.withLock { state in
            state.requests.append(request)
            return request.url.flatMap { state.byPath[$0.path] }
        }
        return specific ?? fallback(request)
    }
}

/// The live scripts by host. `URLProtocol` instances are created by the URL loading system,
/// which gives them only the request; this table is how a request finds its test's script.
enum StubRegistry {
    static let scripts = Locked<[String: StubScript]>([:])
}

/// The `URLProtocol` behind ``URLProtocolStub``. Installed only in stubbed configurations, it
/// claims every request there, so a stubbed test never reaches the network by mistake.
public final class StubURLProtocol: URLProtocol {
    static let hostSuffix = "urlprotocolstub.invalid"

    override public class func canInit(with request: URLRequest) -> Bool {
        true
    }

    override public class func canonicalRequest(for request: URLRequest) -> URLRequest {
        request
    }

    override public func startLoading() {
        guard let url = request.url, let host = url.host?.lowercased(),
            let script = StubRegistry.scripts.withLock({ $0[host] })
        else {
            fail(.cannotFindHost)
            return
        }
        var recorded = request
        if recorded.httpBody == nil, let stream = request.httpBodyStream {
            recorded.httpBody = Self.read(stream)
        }
        let answer = script.answer(recorded)
        if let error = answer.error {
            fail(error)
            return
        }
        guard let response = HTTPURLResponse(url: url, statusCode: answer.status, httpVersion: "HTTP/1.1", headerFields: answer.headers)
        else {
            fail(.badServerResponse)
            return
        }
        client?.urlProtocol(self, didReceive: response, cacheStoragePolicy: .notAllowed)
        if !answer.body.isEmpty { client?.urlProtocol(self, didLoad: answer.body) }
        client?.urlProtocolDidFinishLoading(self)
    }

    override public func stopLoading() {}

    private func fail(_ code: URLError.Code) {
        var info: [String: Any] = [:]
        if let url = request.url { info[NSURLErrorFailingURLErrorKey] = url }
        client?.urlProtocol(self, didFailWithError: URLError(code, userInfo: info))
    }

    private static func read(_ stream: InputStream) -> Data {
        var data = Data()
        var chunk = [UInt8](repeating: 0, count: 16 * 1024)
        stream.open()
        defer { stream.close() }
        while stream.hasBytesAvailable {
            let count = stream.read(&chunk, maxLength: chunk.count)
            guard count > 0 else { break }
            data.append(contentsOf: chunk[0..<count])
        }
        return data
    }
}
