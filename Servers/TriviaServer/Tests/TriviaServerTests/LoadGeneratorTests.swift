import Foundation
import NIOCore
import NIOEmbedded
import Testing
import Trivia
import TriviaHost

@testable import TriviaLoad

/// The load generator's parts that must be right for its numbers to mean anything: a bot that
/// misreads a frame answers the wrong question or none, and a timer that fires late or never
/// turns into acknowledgements "lost".
@Suite("Load generator parts", .timeLimit(.minutes(1)))
struct LoadGeneratorTests {
    private static let start = Date(timeIntervalSince1970: 1_599_724_800)

    private static func event(_ message: ServerMessage, seq: Int = 7) -> (seq: Int?, event: LoadBot.Event) {
        let bytes = TriviaCodec().encodeBytes(ServerEnvelope(id: "m7-ada", seq: seq, message: message))
        return bytes.withUnsafeBytes { raw in
            let peek = ServerFramePeek(bytes: raw)
            return (peek.int(.seq), LoadBot.event(of: peek))
        }
    }

    @Test("a bot reads each message type it plays on from the server's canonical frames, whatever the texts say")
    func peekReadsEveryType() {
        // Texts that spell members: only real members count (their quotes are escaped here).
        let hostile = #"x,"type":"finish","role":"viewer","questionId":"q9"#
        let question = QuestionPayload(
            questionId: "q2", index: 1, total: 3, text: hostile, choices: [hostile, #"a\"b"#, "c"], openedAt: Self.start,
            deadline: Self.start.addingTimeInterval(10), role: .player)
        guard case (7, .question(let id, let openedAt, let deadline, let isPlayer)) = Self.event(.question(question)) else {
            Issue.record("not read as a question: \(Self.event(.question(question)))")
            return
        }
        #expect(id == "q2" && openedAt == Self.start && deadline == Self.start.addingTimeInterval(10) && isPlayer)
        var viewer = question
        viewer.role = .viewer
        guard case (_, .question(_, _, _, false)) = Self.event(.question(viewer)) else {
            Issue.record("a viewer's question read as a player's")
            return
        }

        let ack = AnswerAckPayload(requestId: "load-00001-q2", questionId: "q2", status: .rejected, reason: .late, choice: 1)
        guard case (_, .answerAck("load-00001-q2", rejected: true)) = Self.event(.answerAck(ack)) else {
            Issue.record("\(Self.event(.answerAck(ack)))")
            return
        }
        let accepted = AnswerAckPayload(requestId: "load-00001-q2", questionId: "q2", status: .accepted, choice: 1)
        guard case (_, .answerAck(_, rejected: false)) = Self.event(.answerAck(accepted)) else {
            Issue.record("\(Self.event(.answerAck(accepted)))")
            return
        }

        let lost = ResultPayload(
            questionId: "q2", correctChoice: 0, yourChoice: 1, correct: false, role: .viewer,
            wildcardDeadline: Self.start.addingTimeInterval(12), answerCounts: [3, 4, 0], playersRemaining: 3)
        guard case (_, .result("q2", lost: true, answered: true, canUseWildcard: true)) = Self.event(.result(lost)) else {
            Issue.record("\(Self.event(.result(lost)))")
            return
        }
        let silent = ResultPayload(
            questionId: "q2", correctChoice: 0, yourChoice: nil, correct: false, role: .player, wildcardDeadline: nil,
            answerCounts: [3, 4, 0], playersRemaining: 3)
        guard case (_, .result("q2", lost: false, answered: false, canUseWildcard: false)) = Self.event(.result(silent)) else {
            Issue.record("\(Self.event(.result(silent)))")
            return
        }

        let error = ErrorPayload(code: .rateLimited, message: #"a "quoted", message"#)
        guard case (_, .error("rateLimited")) = Self.event(.error(error)) else {
            Issue.record("\(Self.event(.error(error)))")
            return
        }
        guard case (_, .other) = Self.event(.pong(PongPayload(nonce: "n", serverTime: Self.start))) else {
            Issue.record("a pong is neither read as something else nor unreadable")
            return
        }
    }

    @Test("a frame that is not the canonical form has none of the fields: unreadable, never misread")
    func peekRefusesOtherForms() {
        for text in [#"{ "type": "question" }"#, "", "{", #"{"type":"#, #"["type","question"]"#, #"{"type\":"question"}"#] {
            let event = Array(text.utf8).withUnsafeBytes { LoadBot.event(of: ServerFramePeek(bytes: $0)) }
            guard case .unreadable = event else {
                Issue.record("\(text) read as \(event)")
                continue
            }
        }
    }

    @Test("the timer wheel fires each timer once, in order, never before it is due, across rounds of the wheel")
    func timerWheel() {
        let loop = EmbeddedEventLoop()
        defer { try? loop.syncShutdownGracefully() }
        // Four slots of 10 ms: a timer 1 s out waits for the wheel to come round 25 times.
        let origin = NIODeadline.uptimeNanoseconds(1_000 * 10_000_000)  // where a slot starts
        let wheel = BotTimerWheel(loop: loop, slotCount: 4, now: origin)
        var fired: [String] = []
        wheel.schedule(in: 0.025, now: origin) { fired.append("a") }
        wheel.schedule(in: 1.0, now: origin) { fired.append("far") }
        wheel.schedule(in: 0.025, now: origin) {
            fired.append("b")
            wheel.schedule(in: 0, now: origin + .milliseconds(30)) { fired.append("from b") }
        }
        wheel.schedule(in: 0.001, now: origin) { fired.append("soon") }
        #expect(wheel.count == 4)

        wheel.turn(now: origin + .milliseconds(5))
        #expect(fired == [], "nothing is due before its slot ends")
        wheel.turn(now: origin + .milliseconds(20))
        #expect(fired == ["soon"])
        wheel.turn(now: origin + .milliseconds(29))
        #expect(fired == ["soon"], "25 ms is not up at 29 ms: the slot ending at 30 ms holds it")
        wheel.turn(now: origin + .milliseconds(30))
        #expect(fired == ["soon", "a", "b"], "in the order they were scheduled")
        wheel.turn(now: origin + .milliseconds(40))
        #expect(fired == ["soon", "a", "b", "from b"], "a timer scheduled by a firing one goes to a later slot")
        wheel.turn(now: origin + .milliseconds(990))
        #expect(fired.count == 4, "the far timer waits for its round")
        wheel.turn(now: origin + .milliseconds(1_020))
        #expect(fired == ["soon", "a", "b", "from b", "far"])
        wheel.turn(now: origin + .seconds(5))
        #expect(fired.count == 5 && wheel.count == 0, "each once")
    }
}
