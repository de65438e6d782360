import Foundation
import SharedNetworking
import TestSupport
import Testing

@testable import ExercisesWeb

/// A feed is bounded only by its size (16 MiB); one string of 15 MiB in it must not stall the
/// server for everyone: what a screen is given is cut to what it can show, so every render
/// stays small and `/health` answers at once throughout.
@Suite("A hostile feed", .temporaryCaches)
struct HostileFeedTests {
    @Test(.timeLimit(.minutes(2)))
    func aFifteenMebibyteFactDoesNotStallTheServer() async throws {
        let feedServer = try LoopbackHTTPServer()
        defer { feedServer.stop() }
        let huge = String(repeating: "Beavers build dams. ", count: (15 << 20) / 20)
        feedServer.route(
            "/facts.json",
            .json(
                #"{"title":"About Canada","rows":[{"title":"Huge","description":""# + huge + #""},{"title":"Small","description":"fine"}]}"#
            ))
        let client = SocketHTTPClient(secure: OfflineHTTPClient())
        let feed = feedServer.url("/facts.json")
        try await withRunningWebServer(
            configure: { $0.feeds[.facts] = feed }, httpClient: client,
            { _, port in
                // Four tabs of the feed, each with its socket: each loads the feed and renders it.
                var sockets: [Task<String, any Error>] = []
                for _ in 0..<4 {
                    sockets.append(try await rawOpenAttachedSession(port: port, "facts").socket)
                }
                defer { for socket in sockets { socket.cancel() } }
                // Meanwhile anyone else is answered at once.
                var slowest = Duration.zero
                let clock = ContinuousClock()
                let end = clock.now + .seconds(8)
                while clock.now < end {
                    let started = clock.now
                    let health = try await rawGET(port: port, "/health")
                    slowest = max(slowest, clock.now - started)
                    #expect(health?.status == 200)
                    try await Task.sleep(for: .milliseconds(100))
                }
                #expect(slowest < .seconds(1), "GET /health took \(slowest) while the huge feed was shown")
                #expect(feedServer.requestCount("/facts.json") >= 1, "the feed was never fetched")
                // What the sessions show is cut to a screen's worth, not 15 MiB.
                let pages = try #require(try await rawPOST(port: port, "/facts/s", json: "{}"))
                let page = try #require(try await rawGET(port: port, pages.headers["location"] ?? "/"))
                #expect(page.body.utf8.count < 1 << 20, "a page of \(page.body.utf8.count) bytes")
            })
    }
}
