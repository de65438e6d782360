import Foundation
import TestSupport
import Testing

@testable import SharedNetworking

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The HTTP client's cache policy is this package's decision, the same on every platform: the
/// session has no `URLCache` (the resource pipeline and the feed loader are the caches), whatever
/// configuration the caller passes and whichever Foundation is linked.
@Suite("URLSessionHTTPClient cache policy")
struct URLSessionCachePolicyTests {
    /// Configurations a caller might pass: the two presets and one that asks for a cache outright.
    static var configurations: [(String, URLSessionConfiguration)] {
        let withCache = URLSessionConfiguration.ephemeral
        withCache.urlCache = URLCache(memoryCapacity: 1 << 20, diskCapacity: 0, diskPath: nil)
        withCache.requestCachePolicy = .returnCacheDataElseLoad
        return [("default", .default), ("ephemeral", .ephemeral), ("a 1 MiB URLCache", withCache)]
    }

    @Test("the session has no URL cache and ignores local cache data, whatever it was given")
    func noURLCache() {
        for (name, configuration) in Self.configurations {
            let client = URLSessionHTTPClient(configuration: configuration)
            #expect(client.sessionConfiguration.urlCache == nil, "\(name)")
            #expect(client.sessionConfiguration.requestCachePolicy == .reloadIgnoringLocalCacheData, "\(name)")
        }
    }

    @Test("the caller's configuration is copied, not changed")
    func callerConfigurationUntouched() throws {
        let (_, configuration) = try #require(Self.configurations.last)
        _ = URLSessionHTTPClient(configuration: configuration)
        #expect(configuration.urlCache != nil)
        #expect(configuration.requestCachePolicy == .returnCacheDataElseLoad)
    }

    @Test("a response the server marks cacheable for an hour is fetched again on the next request")
    func cacheableResponseIsRefetched() async throws {
        let server = try LoopbackHTTPServer()
        defer { server.stop() }
        server.route("/feed.json", .json(#"{"rows":[]}"#).header("Cache-Control", "public, max-age=3600"))
        let (_, configuration) = try #require(Self.configurations.last)
        let client = URLSessionHTTPClient(configuration: configuration)

        for _ in 0..<2 {
            let response = try await client.send(HTTPRequest(url: server.url("/feed.json")))
            #expect(response.status == 200)
        }
        #expect(server.requestCount("/feed.json") == 2)
    }
}
