import Foundation
import LoopbackServer
import Schedule
import SharedNetworking

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A 15 MB schedule feed over HTTP, sent chunked by the loopback server, against the same bytes
/// read from a file (`exercises schedule --file`): the whole load, bytes to a decoded
/// `ScheduleFeed`, through `FeedLoader` either way. The HTTP rows must stay within 2× the file's
/// (issue 31: the chunked download was quadratic, 20.2 s for 15 MB).
struct FeedOverHTTPBenchmark: Benchmark {
    let name = "feed-http-chunked"
    let title = "a 15 MB schedule feed over loopback HTTP, chunked, vs the same bytes from a file (FeedLoader → ScheduleFeed)"
    let runs = 5

    static func games(_ scale: Scale) -> Int { scale == .full ? 9_600 : 40 }

    static func feedFile(in directory: URL) -> URL { directory.appendingPathComponent("schedule-15mb.json") }

    func prepare(in directory: URL, scale: Scale) async throws -> String {
        let document = try Synthetic.schedule(games: Self.games(scale))
        try document.write(to: Self.feedFile(in: directory))
        return "\(Self.games(scale)) games, \(document.count / 1_000_000).\(document.count % 1_000_000 / 100_000) MB, "
            + "sent in 16 KiB chunks (Transfer-Encoding: chunked) or with Content-Length"
    }

    func contenders(in directory: URL, scale: Scale) throws -> [Contender] {
        let file = Self.feedFile(in: directory)
        let rig = try FeedOverHTTPRig(document: try Data(contentsOf: file))
        let local = FeedLoader(client: OfflineHTTPClient(), options: FeedOverHTTPRig.options)
        // The closures hold the rig: its server lives as long as they do.
        return [
            .ours("ours: SocketHTTPClient, chunked (the command's http transport on Linux)") {
                try Self.check(try await rig.socket.load(ScheduleFeed.self, from: rig.chunked))
            },
            .peer("the same bytes from a file (--file)") {
                try Self.check(try await local.load(ScheduleFeed.self, from: .file(file)))
            },
            .peer("URLSessionHTTPClient, chunked (https's transport; Apple's everywhere)") {
                try Self.check(try await rig.session.load(ScheduleFeed.self, from: rig.chunked))
            },
            .peer("SocketHTTPClient, Content-Length") {
                try Self.check(try await rig.socket.load(ScheduleFeed.self, from: rig.whole))
            },
        ]
    }

    private static func check(_ loaded: Loaded<ScheduleFeed>) throws {
        guard !loaded.value.sections.isEmpty else { throw BenchmarkError("the feed decoded to no sections") }
    }
}

/// The loopback server with the feed on two routes and a loader over each client, for the life
/// of the closures that use it.
final class FeedOverHTTPRig: Sendable {
    let server: LoopbackHTTPServer
    let socket: FeedLoader
    let session: FeedLoader
    let chunked: FeedSource
    let whole: FeedSource

    /// No cache, no deadline: the transfer and the decoding are measured, nothing else.
    static let options = FeedDecodingOptions(maxBytes: 64 << 20, timeout: .seconds(60), deadline: nil)

    init(document: Data) throws {
        server = try LoopbackHTTPServer()
        var chunkedResponse = ScriptedResponse.ok(document, contentType: "application/json")
        chunkedResponse.chunkSize = 16 * 1024
        server.route("/chunked.json", chunkedResponse)
        server.route("/length.json", .ok(document, contentType: "application/json"))
        let sessionClient = URLSessionHTTPClient(configuration: .ephemeral)
        session = FeedLoader(client: sessionClient, options: Self.options)
        socket = FeedLoader(client: SocketHTTPClient(secure: sessionClient), options: Self.options)
        chunked = .remote(server.url("/chunked.json"))
        whole = .remote(server.url("/length.json"))
    }
}
