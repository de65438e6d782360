import Foundation
import Testing
import Trivia
import TriviaHost
import TriviaServer
import TriviaServerTestSupport

/// Everything a client can get wrong, over real sockets, answered as `Docs/Trivia/Protocol.md`
/// and `Docs/TriviaServer.md` say, and never counted twice.
@Suite("Server: bad input", .timeLimit(.minutes(1)))
struct BadInputTests {
    @Test("malformed JSON is answered error/malformed naming the field; the connection stays open")
    func malformed() async throws {
        let harness = try await ServerHarness.start()
        let ada = try await ProtocolClient.joined(harness, as: "ada")
        try await ada.sendText(
            #"{"type":"answer","version":1,"id":"bad-1","seq":2,"payload":{"requestId":"r1","questionId":"q1","choice":"B"}}"#)
        let error = try #require(try await ada.next().error)
        #expect(error.code == .malformed)
        #expect(error.ref == "bad-1")
        #expect(error.message.contains("payload.choice"))
        try await ada.sendText("not json at all")
        #expect(try await ada.next().error?.code == .malformed)
        try await ada.send(.ping(PingPayload(nonce: "still-here")))
        #expect(try await ada.next().pong?.nonce == "still-here")
        #expect(!ada.isClosed)
        try await harness.stop()
    }

    @Test("ten malformed messages in a row: error/tooManyErrors and close 4400")
    func repeatedAbuse() async throws {
        let harness = try await ServerHarness.start()
        let ada = try await ProtocolClient.joined(harness, as: "ada")
        for index in 1...10 { try await ada.sendText("{broken \(index)") }
        #expect(try await ada.next("error").error?.code == .malformed)
        let last = try await ada.next(matching: { $0.error?.code == .tooManyErrors })
        #expect(last.error?.message.contains("10 malformed") == true)
        #expect(await ada.closeCode() == TriviaCloseCode.tooManyErrors.code)
        try await harness.stop()
    }

    @Test("a message over 64 KiB is malformed (connection kept); over the socket limit it closes 1009")
    func oversized() async throws {
        let harness = try await ServerHarness.start()
        let ada = try await ProtocolClient.joined(harness, as: "ada")
        let big = #"{"type":"ping","version":1,"id":"big","seq":2,"payload":{"nonce":""# + String(repeating: "x", count: 70_000) + #""}}"#
        try await ada.sendText(big)
        let error = try #require(try await ada.next().error)
        #expect(error.code == .malformed)
        #expect(error.message.contains("larger than the limit of 65536"))
        try await ada.send(.ping(PingPayload(nonce: "after")))
        #expect(try await ada.next().pong?.nonce == "after")

        try await ada.sendText(String(repeating: "y", count: relaxedLimits.maxMessageBytes + 1))
        #expect(await ada.closeCode() == 1009)
        try await harness.stop()
    }

    @Test("unknown message types are ignored: no answer, the connection stays open")
    func unknownType() async throws {
        let harness = try await ServerHarness.start()
        let ada = try await ProtocolClient.joined(harness, as: "ada")
        try await ada.sendText(#"{"type":"emoji","version":1,"id":"e1","seq":2,"payload":{"face":"🙂"}}"#)
        try await ada.send(.ping(PingPayload(nonce: "next")))
        #expect(try await ada.next().pong?.nonce == "next", "the ping's pong is the very next message")
        try await harness.stop()
    }

    @Test("another protocol version is answered error/unsupportedVersion")
    func otherVersion() async throws {
        let harness = try await ServerHarness.start()
        let ada = try await ProtocolClient.joined(harness, as: "ada")
        try await ada.sendText(#"{"type":"ping","version":2,"id":"v2","seq":2,"payload":{}}"#)
        let error = try #require(try await ada.next().error)
        #expect(error.code == .unsupportedVersion && error.ref == "v2")
        try await harness.stop()
    }

    @Test("a wrong token, or another user's token, is unauthorized: close 4401, nothing registered")
    func wrongToken() async throws {
        let harness = try await ServerHarness.start()
        for token in ["nope", "t-grace"] {
            let client = try await ProtocolClient.connect(harness)
            try await client.send(.join(JoinPayload(user: "ada", token: token, competition: ServerHarness.competition)))
            #expect(try await client.next().error?.code == .unauthorized)
            #expect(await client.closeCode() == TriviaCloseCode.unauthorized.code)
        }
        #expect(await harness.host.standings.isEmpty)
        try await harness.stop()
    }

    @Test("messages before join get error/notJoined; ping works before join")
    func beforeJoin() async throws {
        let harness = try await ServerHarness.start()
        let client = try await ProtocolClient.connect(harness)
        try await client.send(.answer(AnswerPayload(requestId: "r1", questionId: "q1", choice: 1)))
        #expect(try await client.next().error?.code == .notJoined)
        try await client.send(.ping(PingPayload(nonce: "n")))
        #expect(try await client.next().pong != nil)
        try await harness.stop()
    }

    @Test("the wrong competition in the socket path or in join: error/unknownCompetition, close 4404")
    func wrongCompetition() async throws {
        let harness = try await ServerHarness.start()
        let url = try #require(URL(string: "ws://127.0.0.1:\(harness.port)/v1/competitions/other-cup/socket"))
        let byPath = try await ProtocolClient.connect(harness, url: url)
        try await byPath.send(.join(JoinPayload(user: "ada", token: "t-ada", competition: "other-cup")))
        #expect(try await byPath.next().error?.code == .unknownCompetition)
        #expect(await byPath.closeCode() == TriviaCloseCode.unknownCompetition.code)

        let byJoin = try await ProtocolClient.connect(harness)
        try await byJoin.send(.join(JoinPayload(user: "ada", token: "t-ada", competition: "other-cup")))
        #expect(try await byJoin.next().error?.code == .unknownCompetition)
        #expect(await byJoin.closeCode() == TriviaCloseCode.unknownCompetition.code)
        try await harness.stop()
    }

    @Test("an answer at or after the deadline is rejected late and not recorded")
    func lateAnswer() async throws {
        let harness = try await ServerHarness.start()
        let ada = try await ProtocolClient.joined(harness, as: "ada")
        harness.advance(by: 10)
        #expect(try await ada.next().question?.questionId == "q1")
        harness.advance(by: 10)  // the deadline: the result goes out
        #expect(try await ada.next().result?.questionId == "q1")
        try await ada.send(.answer(AnswerPayload(requestId: "late-1", questionId: "q1", choice: 1)))
        let ack = try #require(try await ada.next().answerAck)
        #expect(ack.status == .rejected && ack.reason == .late)
        let standing = try #require(await harness.host.standings.first)
        #expect(standing.answers.isEmpty && standing.correctAnswers == 0)
        try await harness.stop()
    }

    @Test("a replayed request gets the identical response and is counted once; its id with another choice is requestIdReused")
    func replayedRequests() async throws {
        let harness = try await ServerHarness.start()
        let katherine = try await ProtocolClient.joined(harness, as: "katherine")  // balance 2
        harness.advance(by: 10)
        _ = try await katherine.next("question")
        try await katherine.send(.answer(AnswerPayload(requestId: "k-r1", questionId: "q1", choice: 0)))
        let first = try await katherine.next("answerAck")
        try await katherine.send(.answer(AnswerPayload(requestId: "k-r1", questionId: "q1", choice: 0)))
        try await katherine.send(.answer(AnswerPayload(requestId: "k-r1", questionId: "q1", choice: 2)), id: "other-id")
        #expect(try await katherine.next("answerAck") == first)
        let reused = try await katherine.next("error").error
        #expect(reused?.code == .requestIdReused && reused?.ref == "other-id", "another choice is not a resend: refused, not acknowledged")
        try await katherine.send(.answer(AnswerPayload(requestId: "k-r2", questionId: "q1", choice: 1)))
        #expect(try await katherine.next("answerAck").answerAck?.reason == .alreadyAnswered)

        harness.advance(by: 10)
        #expect(try await katherine.next("result").result?.correct == false)
        try await katherine.send(.useWildcard(UseWildcardPayload(requestId: "k-w1", questionId: "q1")))
        let verdict = try await katherine.next("wildcardResult")
        #expect(verdict.wildcardResult?.accepted == true && verdict.wildcardResult?.balance == 1)
        try await katherine.send(.useWildcard(UseWildcardPayload(requestId: "k-w1", questionId: "q1")))
        #expect(try await katherine.next("wildcardResult") == verdict)

        let standing = try #require(await harness.host.standings.first)
        #expect(standing.answers == ["q1": 0])
        #expect(standing.balance == 1, "the wild-card was paid for once")
        #expect(standing.usedWildcard && standing.role == .player)
        try await harness.stop()
    }

    @Test("over the rate limit: messages dropped with error/rateLimited; repeated, close 4429")
    func rateLimit() async throws {
        let limits = TriviaServerLimits(messagesPerSecond: 1, messageBurst: 5, maxRateViolations: 3, idleTimeout: .seconds(3600))
        let harness = try await ServerHarness.start(limits: limits)
        let ada = try await ProtocolClient.joined(harness, as: "ada")  // join took 1 of 5
        for index in 1...6 { try await ada.send(.ping(PingPayload(nonce: "p\(index)"))) }
        // The rate limiter answers at once; admitted messages go through the host, so the two
        // kinds of answer may interleave. Each kind keeps its order.
        var replies: [ServerEnvelope] = []
        for _ in 1...6 { replies.append(try await ada.next()) }
        #expect(replies.compactMap(\.pong?.nonce) == ["p1", "p2", "p3", "p4"])
        let dropped = replies.compactMap(\.error)
        #expect(dropped.count == 2 && dropped.allSatisfy { $0.code == .rateLimited && $0.message.contains("dropped") })
        harness.advance(by: 1)  // one token back
        try await ada.send(.ping(PingPayload(nonce: "refilled")))
        #expect(try await ada.next().pong?.nonce == "refilled")
        try await ada.send(.ping(PingPayload(nonce: "over")))
        #expect(try await ada.next().error?.message.contains("closing") == true)
        #expect(await ada.closeCode() == TriviaCloseCode.rateLimited.code)
        try await harness.stop()
    }

    @Test("no join within the join timeout, or silence past the idle timeout: error/idleTimeout, close 4408")
    func timeouts() async throws {
        let limits = TriviaServerLimits(joinTimeout: .seconds(5), idleTimeout: .seconds(30))
        let harness = try await ServerHarness.start(limits: limits)
        let lurker = try await ProtocolClient.connect(harness)
        let ada = try await ProtocolClient.joined(harness, as: "ada")
        harness.advance(by: 6)
        #expect(try await lurker.next().error?.code == .idleTimeout)
        #expect(await lurker.closeCode() == TriviaCloseCode.idleTimeout.code)
        #expect(!ada.isClosed, "a joined connection is not subject to the join timeout")
        harness.advance(by: 10)
        try await ada.send(.ping(PingPayload(nonce: "alive")))  // activity at +16 s
        _ = try await ada.next("pong")
        harness.advance(by: 29)
        #expect(await never(within: .milliseconds(200)) { ada.isClosed }, "29 s after the last message")
        harness.advance(by: 2)
        let error = try await ada.next("error")
        #expect(error.error?.code == .idleTimeout && error.error?.message.contains("30 s") == true)
        #expect(await ada.closeCode() == TriviaCloseCode.idleTimeout.code)
        try await harness.stop()
    }
}

extension ProtocolClient {
    /// The next message matching `predicate`, skipping others.
    func next(matching predicate: (ServerEnvelope) -> Bool) async throws -> ServerEnvelope {
        while true {
            let envelope = try await next()
            if predicate(envelope) { return envelope }
        }
    }
}
