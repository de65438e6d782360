import Foundation
import TestSupport
import Testing

@testable import SharedNetworking

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `FeedLoader` with an `HTTPCache` against the real loopback server, over both transports:
/// validators go out, a 304 is a hit, `no-store` stays off the disk, a torn entry is refetched.
@Suite struct FeedCachingLoopbackTests {
    struct Place: Decodable, Equatable, Sendable {
        var name: String
    }

    /// The two clients a feed travels through.
    enum Transport: String, CaseIterable, CustomTestStringConvertible {
        case socket, urlSession

        var testDescription: String { rawValue }

        func client() -> any HTTPClient {
            let session = URLSessionHTTPClient(configuration: .ephemeral)
            return self == .socket ? SocketHTTPClient(secure: session) : session
        }
    }

    let server: LoopbackHTTPServer
    let directory = TemporaryDirectory()
    let clock = ManualClock(now: testEpoch)

    init() throws {
        server = try LoopbackHTTPServer()
    }

    func loader(_ transport: Transport) -> FeedLoader {
        FeedLoader(
            client: transport.client(), cache: HTTPCache(directory: directory.url, sizeLimit: 1 << 20, clock: clock, policy: .feeds))
    }

    /// Answers 304 to a request carrying the current ETag, else the document with validators.
    func routeValidatedFeed(_ path: String, etag: String = "\"v1\"", cacheControl: String = "max-age=0") {
        let lastModified = HTTPDate.format(testEpoch.addingTimeInterval(-86400))
        server.route(path) { request in
            if request.headers["If-None-Match"] == etag {
                return ScriptedResponse(status: 304, headers: ["ETag": etag, "Cache-Control": cacheControl])
            }
            return ScriptedResponse.json(#"{"name":"Lambeau"}"#)
                .header("ETag", etag).header("Last-Modified", lastModified).header("Cache-Control", cacheControl)
        }
    }

    @Test(arguments: Transport.allCases)
    func secondLoadRevalidatesAndA304ServesTheSavedCopy(_ transport: Transport) async throws {
        defer {
            server.stop()
            directory.remove()
        }
        routeValidatedFeed("/place")
        let loader = loader(transport)
        let first = try await loader.load(Place.self, from: .remote(server.url("/place")))
        clock.advance(by: .seconds(60))
        let second = try await loader.load(Place.self, from: .remote(server.url("/place")))

        #expect(first.value == second.value)
        let requests = server.requests
        #expect(requests.count == 2)
        #expect(requests[0].headers["If-None-Match"] == nil)
        #expect(requests[1].headers["If-None-Match"] == "\"v1\"")
        #expect(requests[1].headers["If-Modified-Since"] == HTTPDate.format(testEpoch.addingTimeInterval(-86400)))
        #expect(second.diagnostics.contains { $0.message.contains("not modified (HTTP 304)") })
    }

    @Test(arguments: Transport.allCases)
    func aFreshCopyIsUsedWithoutARequest(_ transport: Transport) async throws {
        defer {
            server.stop()
            directory.remove()
        }
        routeValidatedFeed("/place", cacheControl: "max-age=3600")
        let loader = loader(transport)
        _ = try await loader.load(Place.self, from: .remote(server.url("/place")))
        clock.advance(by: .seconds(3599))
        let again = try await loader.load(Place.self, from: .remote(server.url("/place")))
        #expect(again.value == Place(name: "Lambeau"))
        #expect(server.requestCount("/place") == 1)
        clock.advance(by: .seconds(1))
        _ = try await loader.load(Place.self, from: .remote(server.url("/place")))
        #expect(server.requestCount("/place") == 2)
    }

    @Test(arguments: Transport.allCases)
    func aNoStoreFeedIsNeverSaved(_ transport: Transport) async throws {
        defer {
            server.stop()
            directory.remove()
        }
        server.route("/private", ScriptedResponse.json(#"{"name":"secret"}"#).header("Cache-Control", "no-store").header("ETag", "\"s\""))
        let loader = loader(transport)
        _ = try await loader.load(Place.self, from: .remote(server.url("/private")))
        _ = try await loader.load(Place.self, from: .remote(server.url("/private")))
        #expect(directory.cacheFiles.isEmpty)
        #expect(server.requests.allSatisfy { $0.headers["If-None-Match"] == nil })
        #expect(await loader.saved(Place.self, from: .remote(server.url("/private"))) == nil)
    }

    @Test func theSavedCopyIsReadWithoutTheNetworkAndSaysWhenItWasSaved() async throws {
        defer {
            server.stop()
            directory.remove()
        }
        routeValidatedFeed("/place")
        let loader = loader(.socket)
        _ = try await loader.load(Place.self, from: .remote(server.url("/place")))
        let savedAt = clock.now
        server.stop()
        clock.advance(by: .seconds(7200))

        let saved = try #require(await loader.saved(Place.self, from: .remote(server.url("/place"))))
        #expect(saved.value.value == Place(name: "Lambeau"))
        #expect(saved.savedAt == savedAt)
        #expect(!saved.isFresh)
        await #expect(throws: NetworkError.self) { try await loader.load(Place.self, from: .remote(server.url("/place"))) }
    }

    @Test("a body that no longer decodes is not saved over the good copy")
    func aBrokenBodyIsNotSaved() async throws {
        defer {
            server.stop()
            directory.remove()
        }
        server.route("/place", responses: [.json(#"{"name":"Lambeau"}"#), .html("<html>captive portal</html>")])
        let loader = loader(.socket)
        _ = try await loader.load(Place.self, from: .remote(server.url("/place")))
        await #expect(throws: NetworkError.self) { try await loader.load(Place.self, from: .remote(server.url("/place"))) }
        let saved = try #require(await loader.saved(Place.self, from: .remote(server.url("/place"))))
        #expect(saved.value.value == Place(name: "Lambeau"))
    }

    @Test("a torn cache entry is never served: the feed is fetched again, whole")
    func tornEntryIsRefetched() async throws {
        defer {
            server.stop()
            directory.remove()
        }
        routeValidatedFeed("/place", cacheControl: "max-age=3600")
        let loader = loader(.socket)
        _ = try await loader.load(Place.self, from: .remote(server.url("/place")))
        let file = try #require(directory.cacheFiles.first)
        let whole = try Data(contentsOf: file)
        try whole.prefix(whole.count - 5).write(to: file)

        let relaunched = self.loader(.socket)
        let loaded = try await relaunched.load(Place.self, from: .remote(server.url("/place")))
        #expect(loaded.value == Place(name: "Lambeau"))
        #expect(server.requestCount("/place") == 2)
        #expect(server.requests.last?.headers["If-None-Match"] == nil)
    }
}
