import Foundation
import SharedNetworking
import Testing
import Trivia
import TriviaHost
import TriviaPlay

/// The terminal client's parts, without a terminal: keys, actions, frames, the keys line, the log.
@Suite("trivia-play parts", .timeLimit(.minutes(1)))
struct PlayPartsTests {
    @Test("keys: characters, Ctrl-C and Ctrl-D, and escape sequences kept whole so an arrow never answers")
    func keys() {
        var decoder = KeyDecoder()
        #expect(decoder.decode(Array("2b".utf8)) == [.character("2"), .character("b")])
        #expect(decoder.decode([0x03, 0x04, 0x0D]) == [.interrupt, .endOfTransmission, .control(0x0D)])
        let up: [UInt8] = [0x1B, 0x5B, 0x41]
        #expect(decoder.decode(up + Array("a".utf8)) == [.escapeSequence(up), .character("a")])
        #expect(decoder.decode([0x1B, 0x4F, 0x50]) == [.escapeSequence([0x1B, 0x4F, 0x50])], "F1")
        #expect(decoder.decode([0x1B]) == [.escape], "Escape alone at the end of a read")
        #expect(decoder.decode([0xC3]) == [], "half of é waits")
        #expect(decoder.decode([0xA9]) == [.character("é")])
        #expect(decoder.decode(up).map(PlayAction.init) == [.none])
    }

    @Test("actions: 1-9 and a-i choose, w and n answer the wild-card offer, q and Ctrl-D leave, Ctrl-C interrupts")
    func actions() {
        #expect(PlayAction(.character("1")) == .choose(0))
        #expect(PlayAction(.character("3")) == .choose(2))
        #expect(PlayAction(.character("9")) == .choose(8))
        #expect(PlayAction(.character("b")) == .choose(1))
        #expect(PlayAction(.character("C")) == .choose(2))
        #expect(PlayAction(.character("w")) == .useWildcard)
        #expect(PlayAction(.character("N")) == .declineWildcard)
        #expect(PlayAction(.character("q")) == .leave)
        #expect(PlayAction(.endOfTransmission) == .leave)
        #expect(PlayAction(.interrupt) == .interrupt)
        for ignored: Key in [.character("0"), .character("j"), .character("é"), .character(" "), .escape, .control(0x0D)] {
            #expect(PlayAction(ignored) == .none)
        }
    }

    @Test("a frame fills the window: lines cut to the width, blank rows cleared, the keys on the last row")
    func frame() {
        let frame = ScreenFrame(
            lines: ["Title", String(repeating: "x", count: 30)], keys: " q leave ", size: WindowSize(rows: 5, columns: 20))
        #expect(frame.rows == ["Title", String(repeating: "x", count: 19) + "…", "", "", " q leave "])
        #expect(frame.text.hasPrefix(TerminalControl.home + "Title" + TerminalControl.clearToEndOfLine + "\r\n"))
        #expect(frame.text.hasSuffix(TerminalControl.inverse + " q leave " + TerminalControl.resetStyle + TerminalControl.clearToEndOfLine))
        #expect(frame.text.components(separatedBy: "\r\n").count == 5, "no newline after the last row: nothing scrolls")
        let tall = ScreenFrame(lines: (1...10).map { "line \($0)" }, keys: "keys", size: WindowSize(rows: 5, columns: 20))
        #expect(tall.rows == ["line 1", "line 2", "line 3", "  …", "keys"])
    }

    @Test("the keys line follows the screen: choices, the wild-card offer, watching, the end")
    func keyHelp() {
        var player = ScreenScript(choices: 4, role: .player)
        #expect(KeyHelp.line(for: player.screen(), ended: false) == " 1–4 or a–d answer  ·  q leave ")
        #expect(KeyHelp.line(for: ScreenScript(choices: 3, role: .viewer).screen(), ended: false) == " q leave ")
        player.send(.choiceSelected(0))
        #expect(KeyHelp.line(for: player.screen(), ended: false) == " q leave ", "locked")
        player.receive(
            .result(
                ResultPayload(
                    questionId: "q1", correctChoice: 1, yourChoice: 0, correct: false, role: .viewer,
                    wildcardDeadline: epoch.addingTimeInterval(16), answerCounts: [1, 0, 0, 0], playersRemaining: 0)))
        #expect(player.screen().question?.wildcardOffer != nil)
        #expect(KeyHelp.line(for: player.screen(), ended: false) == " w use a wild-card  ·  n watch instead  ·  q leave ")
        player.send(.wildcardAccepted)
        #expect(KeyHelp.line(for: player.screen(), ended: false) == " Using your wild-card…  ·  q leave ")
        #expect(KeyHelp.line(for: player.screen(), ended: true) == " Press any key to leave. ")
    }

    @Test("the log writes a screen when it changes, not when only a countdown moved")
    @MainActor
    func log() {
        let written = LockedText()
        let clock = ManualClock(now: epoch)
        let log = PlainLogOutput(clock: clock) { written.append($0) }
        var script = ScreenScript(choices: 3, role: .player)
        log.show(script.screen(), keys: "")
        clock.advance(by: .seconds(1.5))
        #expect(script.screen(at: 1.5).question?.countdown != script.screen().question?.countdown)
        log.show(script.screen(at: 1.5), keys: "")
        #expect(written.lines.count == 1)
        script.send(.choiceSelected(1))
        log.show(script.screen(at: 1.5), keys: "")
        #expect(written.lines.count == 2)
        #expect(written.lines[1].hasPrefix("[0:01.5] Test Cup · Question 1 of 3 · Player · Wild-cards: 1\n  One?"))
        #expect(written.lines[1].contains("🔒 Sending your answer…") && !written.lines[1].contains("\u{1B}"))
    }

    @Test("exit status: 0 played or left, 1 when the game could not go on, 128 + the signal")
    func outcomes() {
        #expect(PlayOutcome.finished.exitStatus == 0)
        #expect(PlayOutcome.left.exitStatus == 0)
        #expect(PlayOutcome.ended("replaced").exitStatus == 1)
        #expect(PlayOutcome(signal: .sigterm).exitStatus == 143)
        #expect(PlayOutcome(signal: .sigint).exitStatus == 130)
    }

}

/// Real screens: the builder's, for a client state driven by real protocol messages (welcomed
/// with one wild-card, then question 1 of 3 with `choices` choices, open for 10 s).
struct ScreenScript {
    var state = TriviaClientState(
        configuration: TriviaClientConfiguration(user: "ada", token: "t-ada", competition: "test-cup", clientInstance: "t"))
    private var seq = 0

    init(choices: Int, role: TriviaRole) {
        send(.launched)
        send(.connected)
        send(
            .received(
                ServerEnvelope(
                    id: "w", seq: 0,
                    message: .welcome(
                        WelcomePayload(
                            user: "ada", displayName: "Ada",
                            competition: CompetitionInfo(id: "test-cup", title: "Test Cup", questionCount: 3, startsAt: epoch),
                            role: role, balance: 1, usedWildcard: false, correctAnswers: 0, serverTime: epoch, lastSeq: 0,
                            resumed: false)))))
        receive(
            .question(
                QuestionPayload(
                    questionId: "q1", index: 0, total: 3, text: "One?", choices: (0..<choices).map { "c\($0)" }, openedAt: epoch,
                    deadline: epoch.addingTimeInterval(10), role: role)))
    }

    mutating func send(_ event: TriviaClientEvent) {
        _ = state.handle(event, at: epoch)
    }

    /// A stream message, numbered.
    mutating func receive(_ message: ServerMessage) {
        seq += 1
        send(.received(ServerEnvelope(id: MessageID("s\(seq)"), seq: seq, message: message)))
    }

    func screen(at seconds: Double = 0) -> TriviaViewState {
        TriviaViewStateBuilder(locale: Locale(identifier: "en_US"), timeZone: .gmt).screen(
            for: state, at: epoch.addingTimeInterval(seconds))
    }
}
