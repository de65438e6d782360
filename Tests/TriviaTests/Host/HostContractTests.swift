import Foundation
import Testing

@testable import Trivia
@testable import TriviaHost

/// The places where the protocol document and the host disagreed (issue 32), each with the
/// behaviour the document now states. Every test here failed before its fix.
@Suite("Reference host: the document's contract")
struct HostContractTests {
    static let katherine = TriviaIdentity(user: "katherine", displayName: "Katherine")

    /// `makeHost()` with one more user, `katherine`, who joins late.
    static func host() -> TriviaHostCore {
        TriviaHostCore(
            configuration: TriviaHostConfiguration(
                competition: threeQuestions.id, title: threeQuestions.title, startsAt: at(10), answerWindow: .seconds(10),
                reviewWindow: .seconds(6)),
            questions: threeQuestions.questions,
            authenticator: StaticTokenAuthenticator(["t-ada": ada, "t-alan": alan, "t-grace": grace, "t-katherine": katherine]),
            balances: ["ada": 1, "alan": 0, "grace": 2, "katherine": 0])
    }

    // MARK: 1. One playersRemaining for everyone

    @Test("a user who joins during the review gets the result everyone got: counts before the wild-cards accepted since")
    func lateJoinerSeesTheClosedResult() throws {
        var host = Self.host()
        _ = host.join(ada, connection: 1)
        _ = host.join(grace, connection: 2)
        _ = host.join(alan, connection: 3)
        _ = host.advance(to: at(opens(0)))
        _ = host.receive(answer("q1", 1, request: "a1"), from: ConnectionID(1), at: at(11))
        _ = host.receive(answer("q1", 0, request: "g1"), from: ConnectionID(2), at: at(11))
        let closed = host.advance(to: at(closes(0)))
        let everyone = try #require(closed.messages(to: 1).first?.result)
        #expect(everyone.playersRemaining == 1 && everyone.answerCounts == [1, 1, 0])
        // Grace is saved by a wild-card: players are now 2, but the question closed with 1.
        let saved = host.receive(wildcard("q1", request: "g-w"), from: ConnectionID(2), at: at(closes(0) + 1))
        #expect(saved.messages(to: 2).first?.wildcardResult?.accepted == true)

        let late = host.join(Self.katherine, connection: 4, at: at(closes(0) + 2))
        let result = try #require(late.messages(to: 4).dropFirst().first?.result, "welcome, then the result of q1")
        #expect(result.playersRemaining == everyone.playersRemaining)
        #expect(result.answerCounts == everyone.answerCounts)
        #expect(result.questionId == "q1" && result.correctChoice == 1 && result.yourChoice == nil && !result.correct)
        #expect(result.role == .viewer && result.wildcardDeadline == everyone.wildcardDeadline)
    }

    // MARK: 2. A request id names one request

    @Test("a wild-card that reuses an answer's request id is its own request: judged, and the balance spent")
    func wildcardReusingAnAnswersID() throws {
        var host = makeHost()
        _ = host.join(grace, connection: 1)
        _ = host.advance(to: at(opens(0)))
        _ = host.receive(answer("q1", 0, request: "r1"), from: ConnectionID(1), at: at(11))
        _ = host.advance(to: at(closes(0)))
        let outputs = host.receive(wildcard("q1", request: "r1"), from: ConnectionID(1), at: at(closes(0) + 1))
        let verdict = try #require(outputs.messages(to: 1).first?.wildcardResult, "\(outputs.messages(to: 1))")
        #expect(verdict.accepted && verdict.balance == 1 && verdict.role == .player)
        #expect(host.balance(of: "grace") == 1)
    }

    @Test("the same request id on a later question is a new request: that question's answer is recorded and acknowledged")
    func idReusedOnALaterQuestion() throws {
        var host = makeHost()
        _ = host.join(ada, connection: 1)
        _ = host.advance(to: at(opens(0)))
        _ = host.receive(answer("q1", 1, request: "r1"), from: ConnectionID(1), at: at(11))
        _ = host.advance(to: at(opens(1)))
        let outputs = host.receive(answer("q2", 0, request: "r1"), from: ConnectionID(1), at: at(opens(1) + 1))
        let ack = try #require(outputs.messages(to: 1).first?.ack)
        #expect(ack == AnswerAckPayload(requestId: "r1", questionId: "q2", status: .accepted, choice: 0))
        #expect(host.standings.first?.answers == ["q1": 1, "q2": 0])
        let result = host.advance(to: at(closes(1)))
        #expect(result.messages(to: 1).first?.result?.yourChoice == 0)
    }

    @Test("a second device whose app restarted its counter at r1: its answer to question 3 is recorded, not answered with question 1's ack")
    func secondDeviceRestartsAtR1() throws {
        var host = makeHost()
        _ = host.join(ada, connection: 1)
        _ = host.advance(to: at(opens(0)))
        _ = host.receive(answer("q1", 1, request: "ios-r1"), from: ConnectionID(1), at: at(11))
        _ = host.advance(to: at(opens(1)))
        _ = host.receive(answer("q2", 0, request: "ios-r2"), from: ConnectionID(1), at: at(opens(1) + 1))
        _ = host.advance(to: at(opens(2)))
        // The same user on another device (or the same app reinstalled), counting from r1 again.
        let resumed = host.join(ada, connection: 2, resumeFrom: nil, at: at(opens(2) + 1))
        #expect(resumed.messages(to: 2).first?.welcome != nil && resumed.closes(1))
        let outputs = host.receive(answer("q3", 2, request: "ios-r1"), from: ConnectionID(2), at: at(opens(2) + 2))
        let ack = try #require(outputs.messages(to: 2).first?.ack)
        #expect(ack.questionId == "q3" && ack.status == .accepted && ack.choice == 2)
        let result = host.advance(to: at(closes(2)))
        #expect(result.messages(to: 2).first?.result?.yourChoice == 2)
        #expect(host.standings.first?.correctAnswers == 3)
    }

    @Test("the same request id and question with another choice is requestIdReused: nothing recorded, the original's resend unchanged")
    func conflictingReuse() throws {
        var host = makeHost()
        _ = host.join(ada, connection: 1)
        _ = host.advance(to: at(opens(0)))
        let original = try #require(
            host.receive(answer("q1", 1, request: "r1"), from: ConnectionID(1), at: at(11)).messages(to: 1).first)
        let other = answer("q1", 2, request: "r1")
        let refused = host.receive(other, from: ConnectionID(1), at: at(12))
        let error = try #require(refused.messages(to: 1).first?.error)
        #expect(error.code == .requestIdReused && error.ref == other.id)
        #expect(error.message.contains("r1"))
        #expect(refused.messages(to: 1).first?.seq == 0 && !refused.closes(1), "a connection message; the connection stays")
        #expect(host.standings.first?.answers == ["q1": 1])
        let resent = host.receive(answer("q1", 1, request: "r1"), from: ConnectionID(1), at: at(13))
        #expect(resent.messages(to: 1) == [original], "the original request still gets its own ack")
    }

    // MARK: The other disagreements

    @Test("unsupportedVersion is not malformed: it neither counts toward tooManyErrors nor breaks the row")
    func unsupportedVersionDoesNotCount() {
        var host = makeHost()
        _ = host.join(ada, connection: 1)
        let otherVersion = Data(#"{"id":"v","payload":{},"seq":1,"type":"ping","version":2}"#.utf8)
        var outputs: [HostOutput] = []
        for _ in 0..<9 { outputs += host.receive(frame: Data("garbage".utf8), from: ConnectionID(1), at: at(1)) }
        for _ in 0..<20 { outputs += host.receive(frame: otherVersion, from: ConnectionID(1), at: at(1)) }
        #expect(!outputs.closes(1), "9 malformed, then versions: not 10 malformed in a row")
        #expect(outputs.messages(to: 1).filter { $0.error?.code == .unsupportedVersion }.count == 20)
        let tenth = host.receive(frame: Data("garbage".utf8), from: ConnectionID(1), at: at(1))
        #expect(tenth.messages(to: 1).last?.error?.code == .tooManyErrors && tenth.closes(1), "the row went on")
    }

    @Test("checks run in the document's order: an empty id is malformed before another version is looked at")
    func orderOfChecks() throws {
        var host = makeHost()
        _ = host.join(ada, connection: 1)
        let outputs = host.receive(
            frame: Data(#"{"id":"","payload":{},"seq":1,"type":"ping","version":2}"#.utf8), from: ConnectionID(1), at: at(1))
        let error = try #require(outputs.messages(to: 1).first?.error)
        #expect(error.code == .malformed && error.message == "id is empty" && error.ref == nil)
        let seq = host.receive(
            frame: Data(#"{"id":"s","payload":{},"seq":-1,"type":"ping","version":2}"#.utf8), from: ConnectionID(1), at: at(1))
        #expect(seq.messages(to: 1).first?.error?.code == .unsupportedVersion, "version before seq")
    }

    @Test("a second wild-card request for the same question after an accepted one is alreadyUsed")
    func secondWildcardIsAlreadyUsed() throws {
        var host = makeHost()
        _ = host.join(grace, connection: 1)
        _ = host.advance(to: at(opens(0)))
        _ = host.advance(to: at(closes(0)))
        #expect(
            host.receive(wildcard("q1", request: "w1"), from: ConnectionID(1), at: at(21)).messages(to: 1).first?.wildcardResult?.accepted
                == true)
        let second = host.receive(wildcard("q1", request: "w2"), from: ConnectionID(1), at: at(22))
        #expect(second.messages(to: 1).first?.wildcardResult?.reason == .alreadyUsed)
    }

    @Test("answers to a question that has not opened are notOpen; wild-cards for one that has not closed are notEligible")
    func notOpenYet() {
        var host = makeHost()
        _ = host.join(grace, connection: 1)
        let lobby = host.receive(answer("q1", 1, request: "r1"), from: ConnectionID(1), at: at(1))
        #expect(lobby.messages(to: 1).first?.ack?.reason == .notOpen)
        let wildcardInLobby = host.receive(wildcard("q1", request: "w1"), from: ConnectionID(1), at: at(1))
        #expect(wildcardInLobby.messages(to: 1).first?.wildcardResult?.reason == .notEligible)
        _ = host.advance(to: at(opens(0)))
        let future = host.receive(answer("q2", 1, request: "r2"), from: ConnectionID(1), at: at(opens(0) + 1))
        #expect(future.messages(to: 1).first?.ack?.reason == .notOpen)
        let open = host.receive(wildcard("q1", request: "w2"), from: ConnectionID(1), at: at(opens(0) + 1))
        #expect(open.messages(to: 1).first?.wildcardResult?.reason == .notEligible)
        _ = host.advance(to: at(opens(1) + 1))
        let past = host.receive(answer("q1", 1, request: "r3"), from: ConnectionID(1), at: at(opens(1) + 1))
        #expect(past.messages(to: 1).first?.ack?.reason == .late)
        let passed = host.receive(wildcard("q1", request: "w3"), from: ConnectionID(1), at: at(opens(1) + 1))
        #expect(passed.messages(to: 1).first?.wildcardResult?.reason == .tooLate)
    }

    @Test("a resume the retained log no longer covers sends the current screen again")
    func resumeAfterTheLogIsCut() throws {
        var host = makeHost(logLimit: 3)
        _ = host.join(ada, connection: 1)
        _ = host.advance(to: at(opens(0)))
        // Answers under new request ids, each acknowledged: the question falls out of the log.
        for index in 0..<4 {
            _ = host.receive(answer("q1", 1, request: RequestID("r\(index)")), from: ConnectionID(1), at: at(11))
        }
        _ = host.disconnect(ConnectionID(1), at: at(12))
        let outputs = host.join(ada, connection: 2, resumeFrom: 1, at: at(13))
        let messages = outputs.messages(to: 2)
        #expect(messages.first?.welcome?.resumed == false)
        let question = try #require(messages.last?.question, "\(messages.map(\.type))")
        #expect(question.questionId == "q1" && question.role == .player)
        #expect(messages.last?.seq == (messages.dropLast().last?.seq ?? 0) + 1, "a new stream message after the tail")
    }
}
