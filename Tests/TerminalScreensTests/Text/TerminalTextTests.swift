import TerminalScreens
import Testing

@Suite("Terminal text")
struct TerminalTextTests {
    @Test func wideCharactersTakeTwoCells() {
        #expect(TerminalText.displayWidth("abc") == 3)
        #expect(TerminalText.displayWidth("9月13日") == 7)
        #expect(TerminalText.displayWidth("e\u{301}") == 1)
    }

    @Test func wrapNeverExceedsTheWidthAndKeepsEveryWord() {
        let text = "Beavers are second only to humans in their ability to manipulate and change their environment."
        let lines = TerminalText.wrap(text, width: 20)
        #expect(lines.allSatisfy { TerminalText.displayWidth($0) <= 20 })
        #expect(lines.joined(separator: " ") == text)
    }

    @Test func wrapSplitsWordsLongerThanALine() {
        #expect(TerminalText.wrap("abcdefghij", width: 4) == ["abcd", "efgh", "ij"])
        #expect(TerminalText.wrap("日本", width: 1) == ["日", "本"], "a character wider than the line is a line of its own")
    }

    @Test func columnsPlaceLeftCentreAndRight() {
        let line = TerminalText.columns(left: "L", center: "C", right: "R", width: 9)
        #expect(line == "L   C   R")
    }

    @Test func truncateMarksTheCut() {
        #expect(TerminalText.truncate("abcdef", to: 4) == "abc…")
        #expect(TerminalText.truncate("abc", to: 4) == "abc")
    }
}
