import Foundation

/// An ``HTTPClient`` that never touches the network: every request fails with
/// ``NetworkError/transport(url:code:message:)`` (code -1009, "not connected") and `reason`.
///
/// For a ``FeedLoader`` that only decodes bytes or reads files (the HooSets loader, benchmarks,
/// fuzz targets, tests that must stay offline), so that a request made by mistake fails at once
/// and says why instead of reaching a server.
public struct OfflineHTTPClient: HTTPClient {
    /// Why there is no network here, for the error's message.
    public var reason: String

    /// A client whose requests fail with `reason`.
    public init(reason: String = "no network: this loader reads only files and bytes") {
        self.reason = reason
    }

    /// Fails at once with `transport` (code -1009) and ``reason``.
    public func send(_ request: HTTPRequest) async throws(NetworkError) -> HTTPResponse {
        throw .transport(url: request.url, code: -1009, message: reason)
    }
}
