import Facts
import Foundation
import SharedNetworking
import TestSupport
import Testing

/// The Facts feed's rules belong to the module: whoever builds a `FactsFeedLoader` (the app, the
/// command, the web server, a test), and however the bytes arrive, its one non-UTF-8 byte reads
/// as Mac OS Roman. The web server used to build its loader with the default options and showed
/// "Éare illegal." where `exercises facts` showed "…are illegal.".
@Suite("FactsFeedLoader: the feed's own decoding rules, whoever builds it")
struct FactsFeedLoaderTests {
    static let expected = "…are illegal. Cats are fine."

    /// The Kittens row's description as `loader` reads it.
    func kittens(_ loader: FactsFeedLoader) async throws -> String? {
        try await loader.load().value.rows.first { $0.title == "Kittens..." }?.description
    }

    @Test("the bundled file, with no network")
    func bundled() async throws {
        #expect(try await kittens(FactsFeedLoader(source: try FactsSource.bundled(), network: .offline)) == Self.expected)
    }

    @Test("the same bytes over HTTP without a charset, with a deadline, a timeout and an HTTP cache, and saved")
    func overHTTP() async throws {
        let bytes = try bundledFeedBytes()
        let url = try #require(URL(string: "https://feeds.example/facts.json"))
        let client = ScriptedHTTPClient(body: bytes, headers: ["Content-Type": "application/json", "Cache-Control": "max-age=60"])
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("facts-loader-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let cache = HTTPCache(
            directory: directory, sizeLimit: 1 << 20, clock: ManualClock(now: Date(timeIntervalSince1970: 0)), policy: .feeds)
        for network in [
            FeedNetwork(client: client), FeedNetwork(client: client, deadline: .seconds(5)),
            FeedNetwork(client: client, timeout: .seconds(5)), FeedNetwork(client: client, cache: cache),
        ] {
            let loader = FactsFeedLoader(source: .remote(url), network: network)
            #expect(try await kittens(loader) == Self.expected)
        }
        let saved = await FactsFeedLoader(source: .remote(url), network: FeedNetwork(client: client, cache: cache)).saved()
        #expect(saved?.value.value.rows.first { $0.title == "Kittens..." }?.description == Self.expected)
    }

    @Test("bytes in memory and a file path")
    func dataAndFile() async throws {
        let bytes = try bundledFeedBytes()
        #expect(try await kittens(FactsFeedLoader(source: .data(bytes, name: "facts.json"), network: .offline)) == Self.expected)
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("facts-\(UUID().uuidString).json")
        try bytes.write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        #expect(try await kittens(FactsFeedLoader(source: .file(file), network: .offline)) == Self.expected)
    }
}
