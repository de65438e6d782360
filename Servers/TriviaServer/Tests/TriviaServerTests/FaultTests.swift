import Foundation
import Testing
import Trivia
import TriviaHost
import TriviaServer
import TriviaServerTestSupport

/// Connections that drop, devices that change, servers that restart.
@Suite("Server: faults", .timeLimit(.minutes(1)))
@MainActor
struct FaultTests {
    @Test(
        "a client that loses its connection mid-question resumes: its queued answer counts once, it gets what it missed, it keeps its role")
    func disconnectAndResume() async throws {
        let harness = try await ServerHarness.start()
        // Reconnecting waits 4–8 s (jitter), so the host moves on while the client is away.
        let ada = makeViewModel(harness, user: "ada", seed: 7, reconnectBaseDelay: .seconds(8))
        ada.start()
        #expect(await eventually { ada.client.link == .online })
        harness.advance(to: 10)
        #expect(await eventually { ada.isShowing(question: "q1") })

        // The network fails; the user taps while offline: the answer waits for the connection.
        #expect(harness.server.simulateNetworkFailure(for: "ada") == 1)
        let away = try await reconnectDelay(of: ada, on: harness)
        #expect((4...8).contains(away))
        ada.select(1)
        guard case .sending(1, let request, 0)? = ada.questionRound?.answer else {
            Issue.record("the answer waits, unsent: \(String(describing: ada.questionRound?.answer))")
            return
        }
        harness.advance(by: away)  // +14…18 s: reconnected before the deadline at +20 s
        #expect(await eventually { ada.client.link == .online && ada.questionRound?.answer == .confirmed(choice: 1) })
        #expect(ada.client.lastSeq == 2, "q1, then the answer's acknowledgement")

        // Dropped again at +18 s: the result goes out at +20 s while it is away (back at +22…26 s).
        harness.advance(to: 18)
        #expect(harness.server.simulateNetworkFailure(for: "ada") == 1)
        let awayAgain = try await reconnectDelay(of: ada, on: harness)
        #expect((4...8).contains(awayAgain))
        harness.advance(to: 20)
        #expect(await eventually { await harness.host.standings.first?.lastSeq == 3 })
        #expect(ada.client.link != .online && ada.client.lastSeq == 2)
        harness.advance(to: 18 + awayAgain)  // back: the missed result is replayed
        #expect(await eventually { ada.client.link == .online && ada.client.lastSeq == 3 })
        #expect(ada.isShowingResult(of: "q1") && ada.client.correctAnswers == 1, "the missed result was processed")
        harness.advance(to: 26)  // q2 opens
        #expect(await eventually { ada.isShowing(question: "q2") })
        #expect(ada.client.lastSeq == 4, "the missed result, then the next question")
        #expect(ada.client.correctAnswers == 1, "counted once")
        #expect(ada.client.role == .player && ada.questionRound?.question.role == .player)

        let standing = try #require(await harness.host.standings.first)
        #expect(standing.answers == ["q1": 1] && standing.correctAnswers == 1)
        #expect(standing.isConnected && standing.lastSeq == 4)
        #expect(request.rawValue.hasPrefix("ada-test-r"))
        try await harness.stop()
    }

    @Test("a second connection for the same user replaces the first: error/replaced, close 4409, no reconnecting")
    func secondDevice() async throws {
        let harness = try await ServerHarness.start()
        let phone = makeViewModel(harness, user: "ada", seed: 1)
        phone.start()
        #expect(await eventually { phone.client.link == .online })
        let tablet = try await ProtocolClient.joined(harness, as: "ada")
        #expect(await eventually { phone.client.link == .closed(.replaced) })
        #expect(phone.screen.banner?.text.contains("another device") == true)
        harness.advance(by: 10)
        #expect(try await tablet.next("question").question?.questionId == "q1")
        // The phone's old socket ends once its close handshake is done (the server counts it
        // until then), and the phone stays closed: its reconnect timer would have fired in the
        // 10 s just passed on its clock.
        #expect(await eventually { harness.server.connectionCount == 1 }, "only the tablet is connected")
        #expect(phone.client.link == .closed(.replaced), "the phone does not come back")

        let laptop = try await ProtocolClient.joined(harness, as: "ada", resumeFrom: 1)
        #expect(try await tablet.next("error").error?.code == .replaced)
        #expect(await tablet.closeCode() == TriviaCloseCode.replaced.code)
        try await laptop.send(.answer(AnswerPayload(requestId: "l-r1", questionId: "q1", choice: 1)))
        #expect(try await laptop.next("answerAck").answerAck?.status == .accepted)
        try await harness.stop()
    }

    @Test("a server restart ends the competition cleanly: the client is told and shows why")
    func restart() async throws {
        let first = try await ServerHarness.start()
        let ada = makeViewModel(first, user: "ada", seed: 3)
        ada.start()
        #expect(await eventually { ada.client.link == .online })
        first.advance(by: 10)
        #expect(await eventually { ada.isShowing(question: "q1") })

        try await first.stop()
        let delay = try await reconnectDelay(of: ada, on: first)
        #expect(ada.client.notice == .hostError(code: .shuttingDown, message: "the game server is stopping; reconnect in a moment"))

        // The new process on the same port knows nothing of the old competition.
        let second = try await ServerHarness.start(clock: first.clock, port: first.port)
        second.advance(by: delay)
        #expect(await eventually { ada.client.link == .closed(.interrupted(message: ada.interruption ?? "")) })
        #expect(ada.interruption?.contains("restarted") == true)
        let banner = try #require(ada.screen.banner)
        #expect(banner.kind == .connection && banner.text.contains("restarted"))
        #expect(ada.isShowing(question: "q1"), "the last screen stays, under the banner")

        #expect(await eventually { second.server.connectionCount == 0 }, "the refused socket is closed")
        second.advance(by: 30)
        #expect(await never(within: .milliseconds(300)) { second.server.connectionCount > 0 }, "no reconnecting")
        #expect(ada.interruption != nil)
        #expect(await second.host.standings.isEmpty)
        try await second.stop()
    }
}

extension TriviaViewModel {
    /// The host's message when the competition was interrupted.
    var interruption: String? {
        if case .closed(.interrupted(let message)) = client.link { message } else { nil }
    }
}
