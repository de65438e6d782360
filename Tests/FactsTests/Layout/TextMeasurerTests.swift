import Facts
import ScreenKit
import SharedNetworking
import Testing

@Suite("The deterministic text measurer")
struct TextMeasurerTests {
    let measurer = AverageGlyphMeasurer()
    let font = FontSpec(size: 10, weight: .regular)  // 5 pt per glyph, 12 pt lines

    @Test("wraps at spaces to the width, greedily")
    func wraps() {
        let measured = measurer.measure("aaa bbb ccc", font: font, width: 35)
        #expect(measured.lines == ["aaa bbb", "ccc"])
        #expect(measured.lineCount == 2)
        #expect(measured.size == LayoutSize(width: 35, height: 24))
    }

    @Test("breaks a word only when it is longer than a line")
    func longWord() {
        #expect(measurer.measure("abcdefghij xy", font: font, width: 20).lines == ["abcd", "efgh", "ij", "xy"])
        #expect(measurer.measure("ab abcdefgh", font: font, width: 20).lines == ["ab", "abcd", "efgh"])
    }

    @Test("keeps explicit line breaks, drops trailing blank lines and extra spaces")
    func newlines() {
        #expect(measurer.measure("one\n\ntwo  three\n", font: font, width: 100).lines == ["one", "", "two three"])
        #expect(measurer.measure("", font: font, width: 100).lineCount == 0)
        #expect(measurer.measure("", font: font, width: 100).size == .zero)
    }

    @Test("bolder and bigger is wider; wide scripts count double")
    func widths() {
        #expect(measurer.width(of: "abc", font: FontSpec(size: 10, weight: .bold)) > measurer.width(of: "abc", font: font))
        #expect(measurer.width(of: "日本", font: font) == 2 * measurer.width(of: "ab", font: font))
        #expect(measurer.lineHeight(FontSpec(size: 17, weight: .semibold)) == 21)
        #expect(measurer.lineHeight(FontSpec(size: 15, weight: .regular)) == 18)
    }

    @Test("at least one glyph per line, even in an absurdly narrow column")
    func narrowColumn() {
        #expect(measurer.measure("abc", font: font, width: 1).lines == ["a", "b", "c"])
    }
}
