import Foundation
import ScreenKit
import SharedNetworking
import Testing

@testable import Trivia
@testable import TriviaHost

@Suite("Screens built from client state")
struct TriviaViewStateBuilderTests {
    let builder = TriviaViewStateBuilder(locale: Locale(identifier: "en_US"), timeZone: TimeZone(identifier: "America/New_York")!)

    @Test("before the first question: the question screen waits, with the start time in the user's zone")
    func waiting() throws {
        var machine = MachineHarness()
        machine.online(balance: 2)
        let screen = builder.screen(for: machine.state, at: at(1))
        #expect(screen.kind == .question)
        let question = try #require(screen.question)
        #expect(question.prompt == "Waiting for the first question…")
        #expect(question.detail == "Starts at 4:00\u{202F}AM")
        #expect(
            question.countdown
                == TriviaCountdown(
                    secondsRemaining: 9, fraction: 9.0 / 60, color: TriviaTheme.selected,
                    accessibility: AccessibilityElement(
                        label: "Starts in", value: "9 seconds", traits: .updatesFrequently, sortPriority: 1, identifier: "countdown")))
        #expect(builder.screen(for: machine.state, at: at(10)).question?.countdown == nil, "gone when the start comes")
        #expect(screen.header.wildcards == "Wild-cards: 2")
        #expect(screen.header.role?.text == "Player")
        #expect(screen.header.progress == nil)
        #expect(!question.isInteractive)
    }

    @Test("an open question: choices selectable, countdown from the deadline")
    func openQuestion() throws {
        var machine = MachineHarness()
        machine.online()
        machine.receive(questionMessage(0))
        let screen = builder.screen(for: machine.state, at: at(12.5))
        let question = try #require(screen.question)
        #expect(screen.header.progress == "Question 1 of 3")
        #expect(question.prompt == "One?")
        #expect(question.choices.map(\.label) == ["A", "B", "C"])
        #expect(question.choices.allSatisfy { $0.isSelectable && $0.appearance == .normal })
        #expect(
            question.countdown
                == TriviaCountdown(
                    secondsRemaining: 8, fraction: 0.8, color: TriviaTheme.selected,
                    accessibility: AccessibilityElement(
                        label: "Time left", value: "8 seconds", traits: .updatesFrequently, sortPriority: 1, identifier: "countdown")))
        #expect(
            builder.screen(for: machine.state, at: at(12.1)).question?.countdown == question.countdown,
            "the ring shows the seconds its number shows: screens built within one second are alike")
        #expect(builder.screen(for: machine.state, at: at(18)).question?.countdown?.color == TriviaTheme.incorrect)
        #expect(question.lockedOverlay == nil)
        #expect(question.isInteractive)
    }

    @Test("after answering: the choice is selected, nothing is selectable, the overlay says why")
    func locked() throws {
        var machine = MachineHarness()
        machine.online()
        machine.receive(questionMessage(0))
        machine.send(.choiceSelected(2))
        let sending = try #require(builder.screen(for: machine.state, at: at(11)).question)
        #expect(
            sending.lockedOverlay
                == TriviaOverlay(
                    message: "Sending your answer…", showsSpinner: true,
                    accessibility: AccessibilityElement(label: "Sending your answer.", identifier: "overlay")))
        #expect(sending.choices.map(\.appearance) == [.dimmed, .dimmed, .selected])
        #expect(!sending.choices.contains { $0.isSelectable })
        #expect(!sending.isInteractive)
        machine.receive(.answerAck(AnswerAckPayload(requestId: "ios-r1", questionId: "q1", status: .accepted, choice: 2)))
        #expect(
            builder.screen(for: machine.state, at: at(11)).question?.lockedOverlay?.message == "Answer locked in. Waiting for the result…")
    }

    @Test("no wild-card offered after a wrong answer: the result screen says why")
    func noOfferSaysWhy() throws {
        func lost(_ index: Int = 0, balance: Int? = 1, welcomeBalance: Int?? = .none, last: Bool = false, machine: MachineHarness? = nil)
            -> MachineHarness
        {
            var machine =
                machine
                ?? {
                    var fresh = MachineHarness()
                    fresh.online(balance: balance, welcomeBalance: welcomeBalance)
                    return fresh
                }()
            machine.now = at(opens(index))
            machine.receive(questionMessage(index))
            machine.now = at(opens(index) + 2)
            machine.send(.choiceSelected(2))
            machine.now = at(closes(index) + 0.1)
            machine.receive(resultMessage(index, yourChoice: 2, last: last))
            return machine
        }
        func status(_ machine: MachineHarness) -> String? {
            builder.screen(for: machine.state, at: machine.now).question?.result?.wildcardStatus
        }
        #expect(status(lost(balance: 0)) == "No wild-card: you have none left. You are now watching.")
        #expect(status(lost(balance: 2, last: true)) == "No wild-card after the last question: nothing is left to play.")
        #expect(
            status(lost(balance: nil, welcomeBalance: .some(nil)))
                == "No wild-card: your balance could not be loaded. You are now watching.")
        var used = lost(balance: 2)
        used.send(.wildcardAccepted)
        used.receive(
            .wildcardResult(WildcardResultPayload(requestId: "ios-r2", questionId: "q1", accepted: true, balance: 1, role: .player)))
        #expect(status(lost(1, machine: used)) == "No wild-card: you already used one in this competition. You are now watching.")
        #expect(status(lost(balance: 2)) == nil, "offered: the offer itself is on screen")
    }

    @Test("result: correct in green, the wrong pick in red, counts per choice, and the wild-card offer")
    func result() throws {
        var machine = MachineHarness()
        machine.online(balance: 2)
        machine.receive(questionMessage(0))
        machine.send(.choiceSelected(0))
        machine.now = at(20)
        machine.receive(resultMessage(0, yourChoice: 0))
        let screen = builder.screen(for: machine.state, at: at(21))
        let question = try #require(screen.question)
        #expect(question.choices.map(\.appearance) == [.incorrect, .correct, .dimmed])
        #expect(question.choices[1].background == TriviaTheme.correct)
        #expect(question.choices[0].detail == "1 answer")
        #expect(question.result?.title == "Wrong answer")
        #expect(question.result?.detail == "The answer was “b”.")
        let offer = try #require(question.wildcardOffer)
        #expect(offer.secondsRemaining == 5)
        #expect(offer.message.hasPrefix("You have 2 wild-cards."))
        #expect(question.isInteractive, "the offer's buttons respond")
        #expect(screen.header.role?.text == "At risk", "not yet a viewer: the wild-card can keep the user in")
        #expect(screen.header.role?.background == TriviaTheme.warning)

        machine.send(.wildcardAccepted)
        #expect(builder.screen(for: machine.state, at: at(21)).header.role?.text == "At risk", "while the use is confirmed")
        machine.receive(
            .wildcardResult(WildcardResultPayload(requestId: "ios-r2", questionId: "q1", accepted: true, balance: 1, role: .player)))
        let after = try #require(builder.screen(for: machine.state, at: at(22)).question)
        #expect(after.wildcardOffer == nil)
        #expect(after.result?.wildcardStatus == "Wild-card used: you're back in! 1 left.")
        #expect(builder.screen(for: machine.state, at: at(22)).header.role?.text == "Player")
    }

    @Test("a viewer's screens say answering is disabled")
    func viewer() throws {
        var machine = MachineHarness()
        machine.online(role: .viewer)
        machine.receive(questionMessage(0, role: .viewer))
        let question = try #require(builder.screen(for: machine.state, at: at(11)).question)
        #expect(question.footer == "You are watching: answering is disabled.")
        #expect(!question.choices.contains { $0.isSelectable })
        machine.receive(resultMessage(0, yourChoice: nil, role: .viewer))
        #expect(builder.screen(for: machine.state, at: at(21)).question?.result?.outcome == .watching)
    }

    @Test("the final screen: headline, stats in the user's locale, winners with the user marked")
    func final() throws {
        var machine = MachineHarness()
        machine.online()
        let winners =
            (1...12).map { TriviaWinner(user: UserID("u\($0)"), displayName: "Player \($0)", correctAnswers: 12) }
            + [TriviaWinner(user: "ada", displayName: "Ada", correctAnswers: 11)]
        machine.receive(
            .finish(
                FinishPayload(
                    competition: "test-cup", summary: FinishSummary(questionCount: 12, playerCount: 1234, winnerCount: 13),
                    winners: winners,
                    you: FinalStanding(role: .player, winner: true, correctAnswers: 11, usedWildcard: true, balance: 0))))
        let screen = builder.screen(for: machine.state, at: at(300))
        #expect(screen.kind == .final)
        let final = try #require(screen.final)
        #expect(final.headline == "You won!")
        #expect(final.detail == "You answered 11 of 12 correctly.")
        #expect(
            final.stats.first
                == TriviaStat(
                    label: "Players", value: "1,234",
                    accessibility: AccessibilityElement(label: "Players", value: "1,234", identifier: "stat-0")))
        #expect(final.winners.count == 10)
        #expect(final.moreWinners == "and 3 more")
        let german = TriviaViewStateBuilder(locale: Locale(identifier: "de_DE"), timeZone: .gmt).screen(for: machine.state, at: at(300))
        #expect(german.final?.stats.first?.value == "1.234")
    }

    @Test("connection trouble and notices show as a banner")
    func banners() {
        var machine = MachineHarness()
        machine.online()
        machine.send(.disconnected(nil))
        #expect(builder.screen(for: machine.state, at: at(1)).banner?.text == "Connection lost. Reconnecting…")
        machine.send(.timerFired(.reconnect))
        machine.send(.connected)
        machine.receive(.welcome(machine.welcomePayload()))
        #expect(builder.screen(for: machine.state, at: at(1)).banner == nil)
        machine.receive(.error(ErrorPayload(code: .replaced, message: "x")))
        #expect(builder.screen(for: machine.state, at: at(1)).banner?.text.contains("another device") == true)
    }

    @Test("view state is Codable for --json and the HTML previews")
    func codable() throws {
        var machine = MachineHarness()
        machine.online()
        machine.receive(questionMessage(0))
        let screen = builder.screen(for: machine.state, at: at(12))
        let data = try JSONEncoder().encode(screen)
        #expect(try JSONDecoder().decode(TriviaViewState.self, from: data) == screen)
        #expect(String(decoding: data, as: UTF8.self).contains(#""background":"#))
    }
}
