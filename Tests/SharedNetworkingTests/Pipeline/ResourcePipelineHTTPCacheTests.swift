import Foundation
import TestSupport
import Testing

@testable import SharedNetworking

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The image disk cache follows HTTP caching: a stale image with an ETag is revalidated, a
/// `no-store` image never lands on disk, `max-age` is honoured, and a stale copy stands in when
/// the network is down. Real loopback server, manual clock.
@Suite struct ResourcePipelineHTTPCacheTests {
    let server: LoopbackHTTPServer
    let directory = TemporaryDirectory()
    let clock = ManualClock(now: testEpoch)
    let png = SampleImages.png(width: 24, height: 12)

    init() throws {
        server = try LoopbackHTTPServer()
    }

    /// A pipeline as an app relaunch makes it: memory empty, disk in `directory`.
    func pipeline() -> ResourcePipeline {
        makePipeline(
            client: SocketHTTPClient(secure: URLSessionHTTPClient(configuration: .ephemeral)), clock: clock, directory: directory.url)
    }

    @Test func aStaleImageWithAnETagIsRevalidatedAndA304ServesTheDiskCopy() async throws {
        defer {
            server.stop()
            directory.remove()
        }
        let png = self.png
        server.route("/logo.png") { request in
            request.headers["If-None-Match"] == "\"logo-1\""
                ? ScriptedResponse(status: 304, headers: ["ETag": "\"logo-1\"", "Cache-Control": "max-age=60"])
                : ScriptedResponse.ok(png, contentType: "image/png").header("ETag", "\"logo-1\"").header("Cache-Control", "max-age=60")
        }
        let url = server.url("/logo.png")
        #expect(try await pipeline().image(for: url, priority: .normal).origin == .network)
        #expect(try await pipeline().image(for: url, priority: .normal).origin == .disk)  // fresh: no request
        #expect(server.requestCount("/logo.png") == 1)

        clock.advance(by: .seconds(61))
        let revalidated = try await pipeline().image(for: url, priority: .normal)
        #expect(revalidated.origin == .revalidated)
        #expect(revalidated.data == png)
        #expect(server.requests.last?.headers["If-None-Match"] == "\"logo-1\"")
        // The 304's max-age restarted the clock: fresh again for a minute.
        clock.advance(by: .seconds(59))
        #expect(try await pipeline().image(for: url, priority: .normal).origin == .disk)
        #expect(server.requestCount("/logo.png") == 2)
    }

    @Test func aReplacedImageIsFetchedOnceItIsStale() async throws {
        defer {
            server.stop()
            directory.remove()
        }
        let replacement = SampleImages.png(width: 48, height: 48)
        server.route(
            "/logo.png",
            responses: [
                ScriptedResponse.ok(png, contentType: "image/png").header("ETag", "\"a\"").header("Cache-Control", "max-age=60"),
                ScriptedResponse.ok(replacement, contentType: "image/png").header("ETag", "\"b\""),
            ])
        let url = server.url("/logo.png")
        _ = try await pipeline().image(for: url, priority: .normal)
        clock.advance(by: .seconds(120))
        let fetched = try await pipeline().image(for: url, priority: .normal)
        #expect(fetched.origin == .network)
        #expect(fetched.image?.pixelSize == PixelSize(width: 48, height: 48))
    }

    @Test func aNoStoreImageNeverLandsOnDisk() async throws {
        defer {
            server.stop()
            directory.remove()
        }
        server.route("/private.png", ScriptedResponse.ok(png, contentType: "image/png").header("Cache-Control", "no-store"))
        let url = server.url("/private.png")
        let pipeline = pipeline()
        #expect(try await pipeline.image(for: url, priority: .normal).data == png)
        #expect(directory.cacheFiles.isEmpty)
        #expect(pipeline.statistics.diskCount == 0)
        #expect(try await self.pipeline().image(for: url, priority: .normal).origin == .network)
        #expect(server.requestCount("/private.png") == 2)
    }

    @Test("with the server down, a stale copy stands in for the image")
    func staleCopyWhenOffline() async throws {
        defer { directory.remove() }
        server.route("/logo.png", ScriptedResponse.ok(png, contentType: "image/png").header("Cache-Control", "max-age=60"))
        let url = server.url("/logo.png")
        _ = try await pipeline().image(for: url, priority: .normal)
        server.stop()
        clock.advance(by: .seconds(3600))
        let offline = try await pipeline().image(for: url, priority: .normal)
        #expect(offline.origin == .disk)
        #expect(offline.data == png)
    }

    @Test("a 404 for a stale image forgets the copy")
    func goneImageIsForgotten() async throws {
        defer {
            server.stop()
            directory.remove()
        }
        server.route(
            "/logo.png",
            responses: [ScriptedResponse.ok(png, contentType: "image/png").header("Cache-Control", "max-age=60"), .status(404)])
        let url = server.url("/logo.png")
        _ = try await pipeline().image(for: url, priority: .normal)
        clock.advance(by: .seconds(120))
        await #expect(throws: ResourceError.self) { try await pipeline().image(for: url, priority: .normal) }
        #expect(directory.cacheFiles.isEmpty)
    }
}
