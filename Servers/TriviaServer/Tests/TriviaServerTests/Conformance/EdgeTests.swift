import Foundation
import NIOCore
import NIOWebSocket
import Testing
import TriviaServer
import TriviaServerTestSupport

/// The edges of the socket and of HTTP that the document states, from the wire (issue 32: an
/// outside implementer found each of these different from the document, or undocumented).
@Suite("Server: the socket's and HTTP's edges, from the wire", .timeLimit(.minutes(2)))
struct EdgeTests {
    typealias Conformance = ConformanceTests

    /// The frames of `Tests/Conformance/strict-json.txt` as `Fuzz/make-seeds.py` writes them
    /// (a root test checks they are current): name (`corpus-007-invalid`) and bytes.
    static func corpus() throws -> [(name: String, bytes: [UInt8])] {
        let folder = Conformance.repository.appendingPathComponent("Fuzz/Corpus/TriviaWire")
        return try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasPrefix("corpus-") }.sorted().map {
            ($0, Array(try Data(contentsOf: folder.appendingPathComponent($0))))
        }
    }

    @Test(
        "every text of the strict-JSON corpus, at the socket: valid ones answered, invalid ones malformed, the connection kept; text that is not UTF-8 closes with 1007"
    )
    func strictJSONAtTheSocket() async throws {
        let corpus = try Self.corpus()
        #expect(corpus.count > 100)
        // A rate that never limits hundreds of messages on a manual clock.
        let harness = try await ServerHarness.start(
            limits: TriviaServerLimits(messagesPerSecond: 1000, messageBurst: 100_000, idleTimeout: .seconds(3600)))
        let client = try await Conformance.joined(harness, as: "ada")
        for (name, bytes) in corpus {
            guard String(validating: bytes, as: UTF8.self) != nil else {
                // Not UTF-8: RFC 6455 §8.1 fails the connection (1007) before any JSON is read.
                let other = try await Conformance.joined(harness, as: "grace")
                try await other.sendText(bytes: bytes)
                #expect(await other.closed()?.code == 1007, "\(name)")
                continue
            }
            try await client.sendText(bytes: bytes)
            let answer = try await client.next()
            if name.hasSuffix("-valid") {
                #expect(answer.type == "pong", "\(name): \(answer)")
            } else {
                #expect(answer.errorCode == "malformed", "\(name): \(answer)")
                if name.hasSuffix("-invalid"), !name.contains("frame") {
                    let message = answer.payload?["message"] as? String ?? ""
                    #expect(message.hasPrefix("byte "), "\(name): \(message)")
                }
                // The connection goes on as the document says: the next message is read as usual.
                try await client.send(Conformance.ping(name))
                #expect(try await client.next().payload?["nonce"] as? String == name)
            }
        }
        #expect(!client.isClosed)
        await client.close()
        try await harness.stop()
    }

    @Test("a binary message is malformed with ref null, the connection stays, and binary messages do not count toward tooManyErrors")
    func binaryMessages() async throws {
        let harness = try await ServerHarness.start(limits: Conformance.limits)
        let client = try await Conformance.joined(harness, as: "ada")
        try await client.sendBinary(Array(Conformance.ping("binary").utf8))
        let error = try await client.next()
        #expect(error.errorCode == "malformed" && error.ref == .some(nil), "\(error)")
        #expect(error.payload?["message"] as? String == "a binary message: the protocol's messages are text frames")
        for index in 0..<12 { try await client.sendBinary(Array(Conformance.ping("binary-\(index)").utf8)) }
        try await client.send(Conformance.ping("text"))
        var last = try await client.next()
        while last.type != "pong" { last = try await client.next() }
        #expect(last.payload?["nonce"] as? String == "text" && !client.isClosed)
        await client.close()
        try await harness.stop()
    }

    @Test("a message over the hard limit in fragments closes with 1009 and nothing before it, as a single frame does")
    func oversizeFragmented() async throws {
        let harness = try await ServerHarness.start(limits: Conformance.limits)
        let client = try await Conformance.joined(harness, as: "ada")
        try await client.sendFragmented(String(repeating: "x", count: Conformance.limits.maxMessageBytes + 1), size: 16 * 1024)
        let close = await client.closed()
        #expect(close?.code == 1009 && (close?.reason ?? "").isEmpty, "\(String(describing: close))")
        #expect(client.received.map(\.type) == ["welcome"], "nothing before the close: \(client.received)")
        try await harness.stop()
    }

    @Test("a message between the protocol's 64 KiB and the hard limit is malformed and the connection stays")
    func overTheProtocolLimit() async throws {
        let harness = try await ServerHarness.start(limits: Conformance.limits)
        let client = try await Conformance.joined(harness, as: "ada")
        try await client.send(String(repeating: " ", count: 70_000) + Conformance.ping("big"))
        let error = try await client.next()
        #expect(error.errorCode == "malformed" && error.ref == .some(nil), "\(error)")
        try await client.send(Conformance.ping("after"))
        #expect(try await client.next("pong").payload?["nonce"] as? String == "after")
        await client.close()
        try await harness.stop()
    }

    @Test("a socket at another competition's path: its first message, even a ping, gets unknownCompetition with its id, then 4404")
    func otherCompetitionsPath() async throws {
        let harness = try await ServerHarness.start(limits: Conformance.limits)
        let readable = try await Conformance.open(harness, path: "/v1/competitions/other-cup/socket")
        try await readable.send(Conformance.ping("first"))
        let error = try await readable.next()
        #expect(error.errorCode == "unknownCompetition" && error.ref == .some("first"), "\(error)")
        #expect(await readable.closed()?.code == 4404)
        let unreadable = try await Conformance.open(harness, path: "/v1/competitions/other-cup/socket")
        try await unreadable.send("not json")
        let refused = try await unreadable.next()
        #expect(refused.errorCode == "unknownCompetition" && refused.ref == .some(nil), "\(refused)")
        #expect(await unreadable.closed()?.code == 4404)
        try await harness.stop()
    }

    @Test("before join: an unknown type is ignored (no notJoined), and the server never speaks first")
    func beforeJoin() async throws {
        let harness = try await ServerHarness.start(limits: Conformance.limits)
        let client = try await Conformance.open(harness)
        try await Task.sleep(for: .milliseconds(300))
        #expect(client.received.isEmpty, "the server spoke first: \(client.received)")
        try await client.send(#"{"id":"u-1","payload":{},"seq":1,"type":"leaderboard","version":1}"#)
        try await client.send(Conformance.ping("then"))
        let first = try await client.next()
        #expect(first.type == "pong" && first.payload?["nonce"] as? String == "then", "\(first)")
        await client.close()
        try await harness.stop()
    }

    @Test("an upgrade on a path that is no socket is refused with an empty 400, and the connection closed")
    func upgradeOnAWrongPath() async throws {
        let harness = try await ServerHarness.start(limits: Conformance.limits)
        for path in ["/v1/competitions/test-cup/other", "/v1/nothing", "/v1/competitions/test-cup/socket/more"] {
            let response = try await RawHTTP.exchange(
                port: harness.port,
                Self.request(
                    "GET", path,
                    headers: [
                        "Connection: Upgrade", "Upgrade: websocket", "Sec-WebSocket-Version: 13",
                        "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==",
                    ]))
            // hummingbird-websocket answers a refused upgrade itself, before any router.
            #expect(response.status == 400 && response.body.isEmpty, "\(path)")
            #expect(response.header("Connection") == "close", "\(path)")
        }
        try await harness.stop()
    }

    static func request(_ method: String, _ path: String, headers: [String] = []) -> String {
        (["\(method) \(path) HTTP/1.1", "Host: 127.0.0.1"] + headers + ["", ""]).joined(separator: "\n")
    }

    @Test("HTTP: 405 with Allow on a known path, 404 elsewhere, 426 for a socket path without an upgrade, HEAD, and / unescaped")
    func httpEdges() async throws {
        let harness = try await ServerHarness.start(limits: Conformance.limits)
        for (method, path) in [
            ("POST", "/health"), ("PUT", "/v1/users/ada/wildcards"), ("DELETE", "/v1/competitions/test-cup/socket"), ("PATCH", "/health"),
        ] {
            let response = try await RawHTTP.exchange(port: harness.port, Self.request(method, path))
            #expect(response.status == 405, "\(method) \(path)")
            #expect(response.header("Allow") == "GET, HEAD", "\(method) \(path)")
            #expect(response.body == #"{"error":{"code":"methodNotAllowed","message":"use GET"}}"#)
        }
        let missing = try await RawHTTP.exchange(port: harness.port, Self.request("POST", "/v1/users"))
        #expect(missing.status == 404 && missing.body.contains(#""message":"no such endpoint: /v1/users""#), "no \\/: \(missing.body)")
        let plain = try await RawHTTP.exchange(port: harness.port, Self.request("GET", "/v1/competitions/test-cup/socket"))
        #expect(plain.status == 426 && plain.header("Upgrade") == "websocket")
        #expect(plain.body == #"{"error":{"code":"upgradeRequired","message":"this path is a WebSocket: send an upgrade request"}}"#)
        let head = try await RawHTTP.exchange(port: harness.port, Self.request("HEAD", "/health"))
        #expect(head.status == 200 && head.body.isEmpty)
        let health = try await RawHTTP.exchange(port: harness.port, Self.request("GET", "/health"))
        let fields = try #require(try JSONSerialization.jsonObject(with: Data(health.body.utf8)) as? [String: Any])
        #expect(
            Set(fields.keys) == [
                "status", "competition", "phase", "question", "startsAt", "connections", "joined", "cluster", "demoAccounts",
            ],
            "every field written: \(health.body)")
        #expect(fields["question"] is NSNull && fields["cluster"] is NSNull && fields["phase"] as? String == "lobby")
        try await harness.stop()
    }
}
