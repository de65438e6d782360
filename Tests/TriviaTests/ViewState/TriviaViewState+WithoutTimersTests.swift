import Foundation
import Testing

@testable import Trivia
@testable import TriviaHost

/// ``TriviaViewState/withoutTimers``: what a log of screens compares to print a screen only
/// when something other than a countdown changed.
@Suite("A screen without its timers")
struct WithoutTimersTests {
    let builder = TriviaViewStateBuilder(locale: Locale(identifier: "en_US"), timeZone: TimeZone(identifier: "UTC")!)

    func screen(_ machine: MachineHarness, at seconds: Double) -> TriviaViewState {
        builder.screen(for: machine.state, at: at(seconds))
    }

    @Test("a screen differs without its timers only when something other than a countdown changed")
    func withoutTimers() {
        var machine = MachineHarness()
        machine.online()
        machine.receive(questionMessage(0))
        let before = screen(machine, at: 11)
        #expect(before != screen(machine, at: 13))
        #expect(before.withoutTimers == screen(machine, at: 13).withoutTimers)
        machine.send(.choiceSelected(0))
        #expect(before.withoutTimers != screen(machine, at: 11).withoutTimers)
    }
}
