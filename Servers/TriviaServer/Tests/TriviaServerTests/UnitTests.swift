import Foundation
import NIOCore
import Synchronization
import Testing
import Trivia

@testable import TriviaServer

@Suite("Server parts")
struct ServerPartTests {
    @Test("the rate limiter allows a burst, then the sustained rate, refilling with time")
    func rateLimiter() {
        let start = Date(timeIntervalSince1970: 0)
        var limiter = MessageRateLimiter(perSecond: 2, burst: 3, now: start)
        func admit(_ count: Int, at seconds: Double) -> [Bool] {
            (0..<count).map { _ in limiter.admit(at: start.addingTimeInterval(seconds)) }
        }
        #expect(admit(4, at: 0) == [true, true, true, false])
        #expect(admit(2, at: 0.5) == [true, false])
        #expect(admit(4, at: 10) == [true, true, true, false], "never above the burst")
        #expect(admit(1, at: 5) == [false], "time going backwards refills nothing")
    }

    @Test("socket paths: the competition is one percent-encoded segment")
    func socketPath() {
        #expect(SocketPath.path(for: "general-knowledge") == "/v1/competitions/general-knowledge/socket")
        #expect(SocketPath.path(for: "a/b c") == "/v1/competitions/a%2Fb%20c/socket")
        #expect(SocketPath.competition(inTarget: "/v1/competitions/a%2Fb%20c/socket?x=1") == "a/b c")
        #expect(SocketPath.competition(inTarget: "/v1/competitions/cup/other") == nil)
        #expect(SocketPath.competition(inTarget: "/v1/users/ada/wildcards") == nil)
    }

    @Test("host close reasons map to documented close codes")
    func closeCodes() {
        #expect(TriviaCloseCode(hostReason: .replaced) == .replaced)
        #expect(TriviaCloseCode(hostReason: .unauthorized).code == 4401)
        #expect(TriviaCloseCode(hostReason: .tooManyErrors).code == 4400)
        #expect(TriviaCloseCode(hostReason: .competitionReset).code == 4410)
        #expect(TriviaCloseCode(hostReason: "somethingNew") == TriviaCloseCode(code: 4000, reason: "somethingNew"))
    }

    @Test("accounts: the bundled demo users; bad files are refused with the place of the problem")
    func accounts() throws {
        let demo = try TriviaAccounts.demo()
        #expect(demo.authenticator.identity(forToken: "t-ada") == TriviaIdentity(user: "ada", displayName: "Ada"))
        #expect(demo.balances["ada"] == 2 && demo.balances["alan"] == 0)
        #expect(try TriviaAccounts.decode(demo.encoded()) == demo)

        let problems: [(String, String)] = [
            (#"{"accounts": [{"user": "a", "displayName": "A", "token": "t", "balance": -1}]}"#, "accounts[0].balance must be 0 or more"),
            (
                #"{"accounts": [{"user": "a", "displayName": "A", "token": "t", "balance": 1}, {"user": "a", "displayName": "B", "token": "u", "balance": 1}]}"#,
                "listed twice"
            ),
            (
                #"{"accounts": [{"user": "a", "displayName": "A", "token": "t", "balance": 1}, {"user": "b", "displayName": "B", "token": "t", "balance": 1}]}"#,
                "used by another user"
            ),
            (#"{"accounts": [{"user": "a", "displayName": "A", "balance": 1}]}"#, "token"),
            ("[]", "not an accounts file"),
        ]
        for (json, message) in problems {
            let error = #expect(throws: TriviaAccountsError.self) { try TriviaAccounts.decode(Data(json.utf8)) }
            #expect(error?.message.contains(message) == true, "\(json): \(String(describing: error))")
        }
    }

    @Test("the connection table queues per connection, bounds the queue, and times out silent connections")
    func connectionTable() async {
        let start = Date(timeIntervalSince1970: 0)
        let table = ConnectionTable(limits: TriviaServerLimits(joinTimeout: .seconds(5), idleTimeout: .seconds(20), maxPendingMessages: 16))
        let aborted = AbortFlag()
        let commands = table.register(ConnectionID(1), at: start) { aborted.set() }
        let pong = ServerEnvelope(id: "c1-1", seq: 0, message: .pong(PongPayload(nonce: nil, serverTime: start)))
        for _ in 0..<16 { table.route(.send(pong, to: ConnectionID(1))) }
        #expect(!aborted.isSet)
        table.route(.send(pong, to: ConnectionID(1)))
        #expect(aborted.isSet, "a connection 16 messages behind is dropped")
        var count = 0
        for await _ in commands { count += 1 }
        #expect(count == 16, "the queue ended; nothing more was queued")
        table.remove(ConnectionID(1))

        let idle = table.register(ConnectionID(2), at: start) {}
        #expect(table.sweep(at: start.addingTimeInterval(4.9)) == 0)
        #expect(table.sweep(at: start.addingTimeInterval(5)) == 1)
        var closes: [String] = []
        for await command in idle {
            switch command {
            case .send(let frame):
                closes.append((try? TriviaCodec().decodeServerMessage(Data(frame.readableBytesView)))?.envelope?.type ?? "?")
            case .close(let code): closes.append("close \(code.code)")
            }
            if closes.count == 2 { break }
        }
        #expect(closes == ["error", "close 4408"])
    }

    @Test("a broadcast is rendered once into one buffer: each connection gets exactly its own frame")
    func broadcastRouting() async throws {
        let start = Date(timeIntervalSince1970: 1_599_724_800)
        let table = ConnectionTable(limits: TriviaServerLimits())
        let question = QuestionPayload(
            questionId: "q1", index: 0, total: 3, text: "One \"quoted\" question?", choices: ["a", "b"], openedAt: start,
            deadline: start.addingTimeInterval(10), role: .player)
        let message = BroadcastMessage(.question(question))
        let copies = [
            BroadcastCopy(id: "m1-ada", seq: 1, personalization: .question(role: .player)),
            BroadcastCopy(id: "m7-grace", seq: 7, personalization: .question(role: .viewer)),
        ]
        let queues = (1...2).map { table.register(ConnectionID(UInt64($0)), at: start) {} }
        table.route(
            .broadcast(
                ServerBroadcast(
                    message: message, recipients: copies.enumerated().map { .init(connection: ConnectionID(UInt64($0 + 1)), copy: $1) })))
        for (queue, copy) in zip(queues, copies) {
            var iterator = queue.makeAsyncIterator()
            guard case .send(let frame) = await iterator.next() else {
                Issue.record("no frame for \(copy.id)")
                continue
            }
            #expect(Array(frame.readableBytesView) == Array(TriviaCodec().encode(message.envelope(for: copy))))
        }
    }
}

/// Set once, read from the test.
final class AbortFlag: Sendable {
    private let flag = Synchronization.Mutex(false)
    func set() { flag.withLock { $0 = true } }
    var isSet: Bool { flag.withLock { $0 } }
}
