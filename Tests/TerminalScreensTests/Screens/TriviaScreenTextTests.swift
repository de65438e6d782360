import Foundation
import Testing
import Trivia

@testable import TerminalScreens

/// ``TriviaScreenText``: the terminal text of the screens, shared by `exercises trivia` and
/// `trivia-play`. Screens come from the real builder over the real client state.
@Suite("Trivia screens as terminal text")
struct TriviaScreenTextTests {
    let text = TriviaScreenText(width: 60)

    @Test("an open question: header, prompt, lettered choices, countdown")
    func openQuestion() {
        var machine = TriviaScreens()
        machine.online(balance: 2)
        machine.firstQuestion()
        #expect(
            text.render(machine.screen(at: 12.5)) == [
                "Test Cup · Question 1 of 3 · Player · Wild-cards: 2", "  One?", "     A  a", "     B  b", "     C  c", "  ⏱ 8 s left",
            ])
    }

    @Test("an answer: the pick is marked and the locked overlay says sending, then locked in")
    func locked() {
        var machine = TriviaScreens()
        machine.online()
        machine.firstQuestion()
        machine.send(.choiceSelected(1))
        let sending = text.render(machine.screen(at: 11))
        #expect(sending.contains("   ● B  b") && sending.contains("  🔒 Sending your answer…"))
        machine.receive(.answerAck(AnswerAckPayload(requestId: "ios-r1", questionId: "q1", status: .accepted, choice: 1)))
        #expect(text.render(machine.screen(at: 11)).last == "  🔒 Answer locked in. Waiting for the result…")
    }

    @Test("a wrong answer: marks, counts, the result and the wild-card offer with its keys")
    func result() {
        var machine = TriviaScreens()
        machine.online(balance: 1)
        machine.firstQuestion()
        machine.send(.choiceSelected(0))
        machine.firstResult(yourChoice: 0)
        #expect(
            text.render(machine.screen(at: 21)) == [
                "Test Cup · Question 1 of 3 · At risk · Wild-cards: 1", "  One?", "   ✗ A  a  (1 answer)", "   ✓ B  b  (1 answer)",
                "     C  c  (1 answer)", "  » Wrong answer", "    The answer was “b”.",
                "  ★ Use a wild-card? You have 1 wild-card. Using one keeps",
                "    you in the game; you can use one per competition.", "    [Use wild-card]  [Watch instead]  5 s",
            ])
    }

    @Test("the final screen: headline, your result, numbers and winners, you marked")
    func final() {
        var machine = TriviaScreens()
        machine.online()
        machine.receive(
            .finish(
                FinishPayload(
                    competition: "test-cup", summary: FinishSummary(questionCount: 3, playerCount: 2, winnerCount: 2),
                    winners: [
                        TriviaWinner(user: "grace", displayName: "Grace", correctAnswers: 3),
                        TriviaWinner(user: "ada", displayName: "Ada", correctAnswers: 2),
                    ],
                    you: FinalStanding(role: .player, winner: true, correctAnswers: 2, usedWildcard: true, balance: 0))))
        #expect(
            text.render(machine.screen(at: 100)) == [
                "Test Cup · Player · Wild-cards: 0", "  YOU WON!", "  You answered 2 of 3 correctly.",
                "  Players: 2 · Winners: 2 · Questions: 3 · Wild-card: Used ·", "  Wild-cards left: 0", "  Winners:",
                "   1. Grace — 3 correct", "   2. Ada (you) — 2 correct",
            ])
    }

    @Test("the lobby counts down to the first question")
    func lobby() {
        var machine = TriviaScreens()
        machine.online()
        #expect(
            text.render(machine.screen(at: 1.2)) == [
                "Test Cup · Player · Wild-cards: 1", "  Waiting for the first question…", "  Starts at 8:00\u{202F}AM", "  ⏱ starts in 9 s",
            ])
        let written = TriviaWrittenText(language: .english, numbers: Locale(identifier: "en_US"))
        #expect(written.duration(59) == "59 s")
        #expect(written.duration(245) == "4:05")
    }

    @Test("a log stamps the header with the time since the run started")
    func stamped() {
        var machine = TriviaScreens()
        machine.online()
        #expect(text.render(machine.screen(at: 1), elapsed: 84.25).first == "[1:24.3] Test Cup · Player · Wild-cards: 1")
        #expect(TriviaScreenText.clock(-3) == "0:00.0")
        #expect(TriviaScreenText.clock(5.04) == "0:05.0")
    }

    @Test("every line fits the width: long banners and prompts wrap, long choices and headers are cut", arguments: [24, 40, 80])
    func fitsTheWidth(width: Int) throws {
        var machine = TriviaScreens()
        machine.online()
        machine.firstQuestion()
        machine.send(.disconnected(nil))
        var screen = machine.screen(at: 12)
        let banner = "The game server restarted and this competition could not continue. It has ended."
        let prompt = String(repeating: "Which of these is the longest river? ", count: 3).trimmingCharacters(in: .whitespaces)
        screen.banner?.text = banner
        screen.question?.prompt = prompt
        screen.question?.choices[0].text = String(repeating: "a very long choice ", count: 6)
        let lines = TriviaScreenText(width: width).render(screen)
        #expect(lines.allSatisfy { TerminalText.displayWidth($0) <= width }, "\(lines)")
        #expect(lines[0].hasSuffix("…") == (width < 51), "the header is 51 cells")
        let words = lines.joined(separator: " ").split(separator: " ").joined(separator: " ")
        #expect(words.contains(banner) && words.contains(prompt), "wrapped, every word kept")
        let choice = try #require(lines.first { $0.hasPrefix("     A  a very") })
        #expect(choice.hasSuffix("…"))
    }
}
