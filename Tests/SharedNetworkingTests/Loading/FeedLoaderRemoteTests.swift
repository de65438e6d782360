import Foundation
import SharedNetworking
import TestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `FeedLoader` with `.remote` sources: HTTP headers feed the text decoding, and what a real
/// server sends by mistake (Latin-1, an HTML page, a huge body) becomes a clear result.
@Suite struct FeedLoaderRemoteTests {
    struct Place: Decodable, Equatable, Sendable {
        var name: String
    }

    static let latin1Body = Data(#"{"name":"Caf"#.utf8) + Data([0xE9]) + Data(#" Cr"#.utf8) + Data([0xE8]) + Data(#"me"}"#.utf8)

    let server: LoopbackHTTPServer
    let loader = FeedLoader(client: URLSessionHTTPClient(configuration: .ephemeral))

    init() throws {
        server = try LoopbackHTTPServer()
    }

    @Test func declaredLatin1DecodesSilently() async throws {
        defer { server.stop() }
        server.route("/place", .ok(Self.latin1Body, contentType: "application/json; charset=iso-8859-1"))

        let loaded = try await loader.load(Place.self, from: .remote(server.url("/place")))

        #expect(loaded.value == Place(name: "Café Crème"))
        #expect(loaded.diagnostics.isEmpty)
        #expect(loaded.source == server.url("/place").absoluteString)
        #expect(server.requests.first?.headers["Accept"] == "application/json")
    }

    @Test func undeclaredLatin1DecodesViaFallbackAndSaysSo() async throws {
        defer { server.stop() }
        server.route("/place", .ok(Self.latin1Body, contentType: "application/json"))

        let loaded = try await loader.load(Place.self, from: .remote(server.url("/place")))

        #expect(loaded.value == Place(name: "Café Crème"))
        #expect(
            loaded.diagnostics == [
                Diagnostic(
                    .repaired, path: "bytes",
                    message: "not valid UTF-8 (first bad byte 0xE9 at offset 12); decoded as Windows-1252, the most natural reading: "
                        + "Windows-1252 scores 3 (accented letters in words), Mac OS Roman scores -6 (capitals inside words)")
            ])
    }

    @Test func htmlPageWithStatus200IsInvalidContent() async throws {
        defer { server.stop() }
        server.route("/place", .html("<!doctype html><html><body><h1>Welcome to Airport Wi-Fi</h1></body></html>"))
        let url = server.url("/place")

        let error = await #expect(throws: NetworkError.self) {
            try await loader.load(Place.self, from: .remote(url))
        }

        guard case .invalidContent(let source, let reason) = error else {
            Issue.record("expected invalid content, got \(String(describing: error))")
            return
        }
        #expect(source == url.absoluteString)
        #expect(reason.contains("HTML"))
        #expect(reason.contains("Welcome to Airport"))
    }

    @Test func statusErrorsPassThrough() async throws {
        defer { server.stop() }
        server.route("/place", .status(404, body: "nope"))
        let url = server.url("/place")
        await #expect(throws: NetworkError.httpStatus(code: 404, url: url, bodyExcerpt: "nope", retryAfter: nil)) {
            try await loader.load(Place.self, from: .remote(url))
        }
    }

    @Test func bodyOverTheLoaderLimitIsTooLarge() async throws {
        defer { server.stop() }
        server.route("/place", .json(#"{"name":"\#(String(repeating: "x", count: 5000))"}"#))
        let url = server.url("/place")
        let small = FeedLoader(client: URLSessionHTTPClient(configuration: .ephemeral), options: FeedDecodingOptions(maxBytes: 1024))
        await #expect(throws: NetworkError.tooLarge(url: url, limit: 1024)) {
            try await small.load(Place.self, from: .remote(url))
        }
    }

    @Test func decodingFailureNamesTheURL() async throws {
        defer { server.stop() }
        server.route("/place", .json(#"{"name":12}"#))
        let url = server.url("/place")
        await #expect(
            throws: NetworkError.decoding(
                DecodingFailure(source: url.absoluteString, path: "name", message: "expected String, found Number"))
        ) {
            try await loader.load(Place.self, from: .remote(url))
        }
    }
}
