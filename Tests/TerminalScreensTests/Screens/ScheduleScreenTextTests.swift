import Testing

@testable import TerminalScreens

/// ``ScheduleScreenText``'s layout rules; the whole screen is checked through `exercises
/// schedule` (ExercisesCLITests).
@Suite("Schedule screen as terminal text")
struct ScheduleScreenTextTests {
    @Test("two team names share a line: a short one is untouched, long ones are cut and both stay in view")
    func teamNames() {
        #expect(ScheduleScreenText.teamNames("VIKINGS", "PACKERS", width: 60) == ("VIKINGS", "PACKERS"))
        let (left, right) = ScheduleScreenText.teamNames(String(repeating: "L", count: 50), String(repeating: "R", count: 50), width: 60)
        #expect(TerminalText.displayWidth(left) + 1 + TerminalText.displayWidth(right) <= 60)
        #expect(left.hasSuffix("…") && right.hasSuffix("…"))
    }
}
