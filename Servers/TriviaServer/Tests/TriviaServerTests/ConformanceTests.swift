import Foundation
import Testing
import Trivia
import TriviaHost
import TriviaServer
import TriviaServerTestSupport

/// The server against `Docs/Trivia/Protocol.md`, from the outside: the strict-JSON corpus sent at
/// the socket by a real client, and every `error` code and close code the document lists made to
/// happen (and no other).
@Suite("Server: conformance to the protocol document", .timeLimit(.minutes(2)))
struct ConformanceTests {
    /// The repository's root, from this file's path.
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The frames of `Tests/Conformance/strict-json.txt` as `Fuzz/make-seeds.py` writes them
    /// (a root test checks they are current): name (`corpus-007-invalid`) and bytes.
    static func corpus() throws -> [(name: String, bytes: Data)] {
        let folder = repository.appendingPathComponent("Fuzz/Corpus/TriviaWire")
        return try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasPrefix("corpus-") }.sorted().map {
            ($0, try Data(contentsOf: folder.appendingPathComponent($0)))
        }
    }

    /// Limits that never rate-limit a test that sends hundreds of messages on a manual clock.
    static let unlimited = TriviaServerLimits(messagesPerSecond: 1000, messageBurst: 100_000, idleTimeout: .seconds(3600))

    @Test("every text of the strict-JSON corpus, at the socket: valid ones answered, invalid ones malformed, the connection kept")
    func strictJSONAtTheSocket() async throws {
        let corpus = try Self.corpus()
        #expect(corpus.count > 100)
        let harness = try await ServerHarness.start(limits: Self.unlimited)
        let ada = try await ProtocolClient.joined(harness, as: "ada")
        for (name, bytes) in corpus {
            try await ada.connection.send(bytes)
            let answer = try await ada.next()
            if name.hasSuffix("-valid") {
                #expect(answer.pong != nil, "\(name): \(answer)")
            } else {
                #expect(answer.error?.code == .malformed, "\(name): \(answer)")
                if name.hasSuffix("-invalid"), !name.contains("frame") {
                    #expect(answer.error?.message.hasPrefix("byte ") == true, "\(name): \(answer.error?.message ?? "")")
                }
                // The connection goes on as the document says: the next message is read as usual.
                try await ada.send(.ping(PingPayload(nonce: name)))
                #expect(try await ada.next().pong?.nonce == name)
            }
        }
        #expect(!ada.isClosed)
        try await harness.stop()
    }

    @Test("every error code and close code in the document is produced by the server, and no other")
    func documentedCodes() async throws {
        var errors: Set<TriviaErrorCode> = []
        var closes: Set<UInt16> = []
        /// Waits for the server to close `client`, then notes its close code and every error it got.
        func record(_ client: ProtocolClient) async {
            if let code = await client.closeCode(within: 10) { closes.insert(code) }
            for envelope in client.unread { if let code = envelope.error?.code { errors.insert(code) } }
        }

        let harness = try await ServerHarness.start()
        // malformed, unsupportedVersion, alreadyJoined: the connection stays.
        let ada = try await ProtocolClient.joined(harness, as: "ada")
        try await ada.sendText("not json")
        try await ada.sendText(#"{"id":"v2","payload":{},"seq":2,"type":"ping","version":2}"#)
        try await ada.send(.join(JoinPayload(user: "ada", token: "t-ada", competition: ServerHarness.competition)))
        for _ in 0..<3 { if let code = try await ada.next().error?.code { errors.insert(code) } }
        // notJoined, then unauthorized (4401).
        let stranger = try await ProtocolClient.connect(harness)
        try await stranger.send(.answer(AnswerPayload(requestId: "r", questionId: "q1", choice: 0)))
        try await stranger.send(.join(JoinPayload(user: "ada", token: "wrong", competition: ServerHarness.competition)))
        await record(stranger)
        // unknownCompetition (4404), competitionReset (4410).
        let lost = try await ProtocolClient.connect(harness)
        try await lost.send(.join(JoinPayload(user: "grace", token: "t-grace", competition: "other-cup")))
        await record(lost)
        let restarted = try await ProtocolClient.connect(harness)
        try await restarted.send(
            .join(JoinPayload(user: "grace", token: "t-grace", competition: ServerHarness.competition, resumeFrom: 99)))
        await record(restarted)
        // replaced (4409): ada joins on another connection.
        let second = try await ProtocolClient.joined(harness, as: "ada")
        await record(ada)
        // tooManyErrors (4400).
        for index in 1...10 { try await second.sendText("{broken \(index)") }
        await record(second)
        // rateLimited (4429): the default limits, and a clock that never refills the bucket.
        let chatty = try await ProtocolClient.joined(harness, as: "linus")
        for _ in 0..<(relaxedLimits.messageBurst + relaxedLimits.maxRateViolations) { try await chatty.send(.ping(PingPayload())) }
        await record(chatty)
        // 1009: over the socket's hard limit (the error is `malformed`, then the close).
        let big = try await ProtocolClient.joined(harness, as: "barbara")
        try await big.sendText(String(repeating: "x", count: relaxedLimits.maxMessageBytes + 1))
        await record(big)
        // idleTimeout (4408): no join within the join timeout.
        let silent = try await ProtocolClient.connect(harness)
        #expect(await eventually { harness.server.connectionCount == 1 }, "the server registered it before the clock moves")
        harness.advance(by: relaxedLimits.joinTimeout.timeInterval + 1)
        await record(silent)
        // shuttingDown (1001).
        let last = try await ProtocolClient.joined(harness, as: "edsger")
        let stopping = Task { try await harness.stop() }
        await record(last)
        try await stopping.value

        #expect(errors == Set(TriviaErrorCode.all), "missing: \(Set(TriviaErrorCode.all).subtracting(errors))")
        let documented = try Self.documentedCloseCodes()
        #expect(closes == documented, "produced \(closes.sorted()), documented \(documented.sorted())")
        #expect(Set(TriviaCloseCode.all.map(\.code)) == documented)
    }

    /// The codes of the close-code table in Docs/TriviaServer.md, and those named in the
    /// protocol's `error` section.
    static func documentedCloseCodes() throws -> Set<UInt16> {
        let server = try String(contentsOf: repository.appendingPathComponent("Docs/TriviaServer.md"), encoding: .utf8)
        var table: Set<UInt16> = []
        var inTable = false
        for line in server.components(separatedBy: "\n") {
            if line.hasPrefix("| Code | `error` code |") {
                inTable = true
            } else if inTable, line.hasPrefix("|") {
                if let code = UInt16(line.split(separator: "|").first?.trimmingCharacters(in: .whitespaces) ?? "") { table.insert(code) }
            } else if inTable {
                break
            }
        }
        let protocolText = try String(contentsOf: repository.appendingPathComponent("Docs/Trivia/Protocol.md"), encoding: .utf8)
        let sentence =
            protocolText.components(separatedBy: "A server closes the socket with a WebSocket close code").dropFirst().first ?? ""
        let named = Set(
            sentence.prefix(while: { $0 != "*" }).split(whereSeparator: { !$0.isNumber }).compactMap { UInt16($0) }.filter { $0 >= 1000 })
        #expect(named == table, "Protocol.md names \(named.sorted()), TriviaServer.md's table \(table.sorted())")
        return table
    }
}
