import Foundation
import ScreenKit
import SharedNetworking
import TestSupport
import Testing

@testable import Trivia
@testable import TriviaHost

/// What VoiceOver says and offers on the trivia screens, in English and German, and what it
/// announces as the game moves on without a touch.
@Suite("Trivia: spoken labels, traits, actions, announcements, contrast")
struct TriviaAccessibilityTests {
    let english = TriviaViewStateBuilder(locale: Locale(identifier: "en_US"), timeZone: TimeZone(identifier: "America/New_York")!)
    let german = TriviaViewStateBuilder(locale: Locale(identifier: "de_DE"), timeZone: TimeZone(identifier: "Europe/Berlin")!)

    func plain(_ text: String?) -> String? { text?.replacingOccurrences(of: "\u{202F}", with: " ") }

    @Test("en_US: an open question's choices are buttons that say their letter and text and call answer with their index")
    func openQuestion() throws {
        var machine = MachineHarness()
        machine.online()
        machine.receive(questionMessage(0))
        let screen = english.screen(for: machine.state, at: at(12))
        #expect(
            screen.header.accessibility
                == AccessibilityElement(
                    label: "Test Cup", value: "question 1 of 3", traits: .header, headingLevel: .h1, identifier: "title"))
        #expect(screen.header.statusAccessibility?.label == "Player, 1 wild-card")
        let question = try #require(screen.question)
        #expect(
            question.promptAccessibility
                == AccessibilityElement(label: "One?", traits: .header, sortPriority: 2, headingLevel: .h2, identifier: "prompt"),
            "read before the countdown drawn above it")
        let choice = try #require(question.choices.first?.accessibility)
        #expect(choice.label == "Choice A, a")
        #expect(choice.value == nil)
        #expect(choice.traits == .button)
        #expect(choice.hint == "Sends this answer.")
        #expect(choice.actions == [AccessibilityAction(action: "answer", value: "0")])
        #expect(question.choices.map(\.accessibility?.identifier) == ["choice-0", "choice-1", "choice-2"])
        #expect(
            question.countdown?.accessibility
                == AccessibilityElement(
                    label: "Time left", value: "8 seconds", traits: .updatesFrequently, sortPriority: 1, identifier: "countdown"))
    }

    @Test("after answering the pick says so in words, the others are not enabled, the overlay says why")
    func answered() throws {
        var machine = MachineHarness()
        machine.online()
        machine.receive(questionMessage(0))
        machine.send(.choiceSelected(2))
        let question = try #require(english.screen(for: machine.state, at: at(12)).question)
        let picked = try #require(question.choices[2].accessibility)
        #expect(picked.value == "your answer")
        #expect(picked.traits == [.button, .selected, .notEnabled])
        #expect(picked.actions.isEmpty)
        #expect(question.choices[0].accessibility?.traits == [.button, .notEnabled])
        #expect(question.lockedOverlay?.accessibility?.label == "Sending your answer.")
    }

    @Test("a result says right and wrong in words, the counts, the outcome and the offer; its buttons call the view-model")
    func result() throws {
        let machine = MachineHarness.wrongFirstAnswer()
        let screen = english.screen(for: machine.state, at: at(21))
        let question = try #require(screen.question)
        #expect(question.choices.map(\.accessibility?.value) == ["your answer, wrong, 1 answer", "correct answer, 1 answer", "1 answer"])
        #expect(question.result?.accessibility?.label == "Wrong answer. The answer was “b”.")
        let offer = try #require(question.wildcardOffer)
        #expect(
            offer.accessibility?.label
                == "Use a wild-card? You have 2 wild-cards. Using one keeps you in the game; you can use one per competition.")
        #expect(offer.useAccessibility?.actions == [AccessibilityAction(action: "use-wildcard")])
        #expect(offer.declineAccessibility?.actions == [AccessibilityAction(action: "decline-wildcard")])
        #expect(offer.declineAccessibility?.hint == "You stop playing and watch.")
        #expect(offer.timerAccessibility?.value == "5 seconds")
        #expect(screen.header.statusAccessibility?.label == "At risk, 2 wild-cards")
    }

    @Test("de_DE: the same screens in German")
    func germanWords() throws {
        var machine = MachineHarness()
        machine.online(balance: 2)
        let waiting = try #require(german.screen(for: machine.state, at: at(1)).question)
        #expect(waiting.promptAccessibility?.label == "Warten auf die erste Frage.")
        #expect(waiting.detailAccessibility?.label == "Beginnt um 10:00")
        #expect(waiting.countdown?.accessibility?.label == "Beginnt in")
        machine.receive(questionMessage(0))
        let open = german.screen(for: machine.state, at: at(12))
        #expect(open.header.accessibility?.value == "Frage 1 von 3")
        #expect(open.question?.choices.first?.accessibility?.label == "Antwort A, a")
        #expect(open.question?.countdown?.accessibility?.value == "8 Sekunden")
        machine.send(.choiceSelected(0))
        machine.now = at(20)
        machine.receive(resultMessage(0, yourChoice: 0))
        let result = try #require(german.screen(for: machine.state, at: at(21)).question)
        #expect(result.choices[1].accessibility?.value == "richtige Antwort, 1 Antwort")
        #expect(result.result?.accessibility?.label == "Falsche Antwort. Die Antwort war “b”.")
        #expect(result.wildcardOffer?.useAccessibility?.label == "Joker einsetzen")
        #expect(result.wildcardOffer?.declineAccessibility?.label == "Stattdessen zuschauen")
    }

    @Test("the final screen: headings, statistics and winners in the user's language")
    func finalScreen() throws {
        var machine = MachineHarness()
        machine.online()
        let winners =
            (1...12).map { TriviaWinner(user: UserID("u\($0)"), displayName: "Player \($0)", correctAnswers: 3) } + [
                TriviaWinner(user: "ada", displayName: "Ada", correctAnswers: 2)
            ]
        machine.receive(
            .finish(
                FinishPayload(
                    competition: "test-cup", summary: FinishSummary(questionCount: 3, playerCount: 40, winnerCount: 13), winners: winners,
                    you: FinalStanding(role: .player, winner: true, correctAnswers: 2, usedWildcard: true, balance: 0))))
        let final = try #require(english.screen(for: machine.state, at: at(300)).final)
        #expect(final.headlineAccessibility == .heading("You won!", level: .h2, identifier: "headline"))
        #expect(final.winnersAccessibility == .heading("Winners", level: .h3, identifier: "winners"))
        #expect(final.winners.first?.accessibility?.label == "1, Player 1, 3 correct")
        #expect(final.moreWinnersAccessibility?.label == "and 3 more")
        #expect(final.stats.map(\.accessibility?.label) == ["Players", "Winners", "Questions", "Wild-card", "Wild-cards left"])
        #expect(final.stats[3].accessibility?.value == "used")
        let deutsch = try #require(german.screen(for: machine.state, at: at(300)).final)
        #expect(deutsch.headlineAccessibility?.label == "Du hast gewonnen!")
        #expect(deutsch.stats.map(\.accessibility?.label) == ["Spieler", "Gewinner", "Fragen", "Joker", "Verbleibende Joker"])
        #expect(deutsch.stats[3].accessibility?.value == "eingesetzt")
        #expect(deutsch.detailAccessibility?.label == "Du hast 2 von 3 richtig beantwortet.")
    }

    @Test("announced without a touch: the question opening, 10 and 5 seconds left, the answer, the result and the offer, the end")
    func announcements() throws {
        var machine = MachineHarness()
        machine.online()
        let waiting = english.screen(for: machine.state, at: at(1))
        // A question of 20 s, so both thresholds pass while it is open.
        let long = QuestionPayload(
            questionId: "q1", index: 0, total: 3, text: "One?", choices: ["a", "b", "c"], openedAt: at(10), deadline: at(30), role: .player)
        machine.receive(.question(long))
        let opened = english.screen(for: machine.state, at: at(10))
        #expect(
            english.announcement(from: waiting, to: opened, id: 1)
                == Announcement(id: 1, text: "Question 1 of 3. One? 20 seconds to answer."))
        let at11 = english.screen(for: machine.state, at: at(19))
        #expect(english.announcement(from: opened, to: at11, id: 2) == nil, "11 s left: nothing to say")
        let at10 = english.screen(for: machine.state, at: at(20))
        #expect(english.announcement(from: at11, to: at10, id: 2) == Announcement(id: 2, text: "10 seconds left."))
        let at5 = english.screen(for: machine.state, at: at(25))
        #expect(english.announcement(from: at10, to: at5, id: 3) == Announcement(id: 3, text: "5 seconds left.", priority: .high))
        machine.now = at(25)
        machine.send(.choiceSelected(0))
        let sent = english.screen(for: machine.state, at: at(25))
        #expect(english.announcement(from: at5, to: sent, id: 4)?.text == "Sending your answer.")
        // The host closed the question early; its wild-card window runs to 26 s.
        machine.now = at(21)
        machine.receive(resultMessage(0, yourChoice: 0))
        let lost = english.screen(for: machine.state, at: at(21))
        let result = try #require(english.announcement(from: sent, to: lost, id: 5))
        #expect(
            result.text
                == "Wrong answer. The answer was “b”. Use a wild-card? You have 1 wild-card. Using one keeps you in the game; you can use one per competition."
        )
        #expect(result.priority == .high, "the offer has its own countdown")
        machine.send(.wildcardDeclined)
        let declined = english.screen(for: machine.state, at: at(22))
        #expect(
            english.announcement(from: lost, to: declined, id: 6)?.text == "You chose to watch. You are now a viewer.", "only what is new")
        #expect(english.announcement(from: declined, to: declined, id: 7) == nil, "the same screen again: nothing")
        #expect(
            german.announcement(
                from: german.screen(for: MachineHarness().state, at: at(1)), to: german.screen(for: machine.state, at: at(22)), id: 1)?
                .text == "Falsche Antwort. Die Antwort war “b”. Du hast dich fürs Zuschauen entschieden.")
    }

    @Test("Increase Contrast: every text reads 4.5:1 on what it is drawn on; large text and the ring 3:1")
    func contrast() {
        func failing(_ palette: TriviaPalette) -> [String] {
            let pairs: [(String, RGBColor, RGBColor, Double)] = [
                ("ink on card", palette.ink, palette.card, 4.5), ("muted on card", palette.mutedInk, palette.card, 4.5),
                ("muted on choice", palette.mutedInk, palette.choice, 4.5),
                ("muted on dimmed", palette.mutedInk, palette.disabledChoice, 4.5), ("ink on choice", palette.ink, palette.choice, 4.5),
                ("white on pick", .white, palette.selected, 4.5), ("white on right", .white, palette.correct, 4.5),
                ("white on wrong", .white, palette.incorrect, 4.5), ("white on viewer", .white, palette.viewer, 4.5),
                ("ink on warning", palette.ink, palette.warning, 4.5), ("white on navy", .white, palette.background, 4.5),
                ("winner headline", palette.correct, palette.card, 3), ("ring", palette.selected, palette.card, 3),
                ("last seconds", palette.incorrect, palette.card, 3),
            ]
            return pairs.filter { $0.1.contrastRatio(with: $0.2) < $0.3 }.map(\.0)
        }
        #expect(failing(.highContrast).isEmpty)
        #expect(
            failing(.standard) == [
                "muted on card", "muted on choice", "muted on dimmed", "white on pick", "white on right", "white on wrong",
                "winner headline",
            ])
        #expect(TriviaPalette.highContrast.recolor(TriviaTheme.correct) == TriviaPalette.highContrast.correct)
        #expect(TriviaPalette.highContrast.recolor(.white) == .white)
    }

    @Test("Increase Contrast: the builder draws every colour in the high-contrast palette")
    func highContrastScreen() throws {
        let builder = TriviaViewStateBuilder(locale: Locale(identifier: "en_US"), timeZone: .gmt, contrast: .increased)
        let machine = MachineHarness.wrongFirstAnswer()
        let screen = builder.screen(for: machine.state, at: at(21))
        let question = try #require(screen.question)
        #expect(question.choices[1].background == TriviaPalette.highContrast.correct)
        #expect(question.choices[0].background == TriviaPalette.highContrast.incorrect)
        #expect(question.result?.color == TriviaPalette.highContrast.incorrect)
        #expect(screen.style == TriviaTheme.highContrastStyle)
        #expect(screen.style.mutedInk.contrastRatio(with: TriviaTheme.disabledChoice) >= 4.5)
    }
}

@MainActor
@Suite("Trivia: the view-model's announcements")
struct TriviaViewModelAnnouncementTests {
    @Test("played against the reference host: each change that matters is announced once, numbered")
    func played() async throws {
        let stack = ViewModelTests.Stack()
        let ada = stack.viewModel(adaUser)
        ada.start()
        #expect(await eventually { ada.client.link == .online && ada.client.knownBalance == 1 })
        stack.clock.advance(to: at(opens(0)))
        #expect(await eventually { ada.announcement?.text == "Question 1 of 3. One? 10 seconds to answer." })
        let opened = try #require(ada.announcement)
        stack.clock.advance(to: at(opens(0) + 5))
        #expect(await eventually { ada.announcement?.text == "5 seconds left." })
        #expect(ada.announcement?.priority == .high)
        #expect((ada.announcement?.id ?? 0) > opened.id)
        ada.select(1)
        #expect(ada.announcement?.text == "Sending your answer.")
        #expect(await eventually { ada.announcement?.text == "Answer locked in. Waiting for the result." })
        stack.clock.advance(to: at(closes(0)))
        #expect(await eventually { ada.announcement?.text.hasPrefix("Correct! You're still in.") == true })
        ada.stop()
    }
}
