import ScreenKit
import SharedNetworking

/// A deterministic text measurer: every glyph has the font's average advance.
///
/// Each character is `size × advance(weight)` wide (characters from U+1100 up, mostly CJK and
/// emoji, count double), lines are `size × lineHeightMultiple` high rounded up to a whole point,
/// and text wraps greedily at spaces, breaking a word only when it is longer than a line. The
/// numbers approximate the iOS system font closely enough for previews, and being exact
/// arithmetic they make layout tests and the terminal screen reproducible on any machine.
public struct AverageGlyphMeasurer: TextMeasuring {
    /// Average advance as a fraction of the point size, per weight (bolder is wider).
    public var advance: @Sendable (FontSpec.Weight) -> Double
    /// Line height as a multiple of the point size (1.2, as the system font's default leading).
    public var lineHeightMultiple: Double

    /// A measurer with the system font's approximate advances unless given others.
    public init(
        lineHeightMultiple: Double = 1.2,
        advance: @escaping @Sendable (FontSpec.Weight) -> Double = AverageGlyphMeasurer.systemFontAdvance
    ) {
        self.lineHeightMultiple = lineHeightMultiple
        self.advance = advance
    }

    /// Average advances of the iOS system font (San Francisco) on running English text.
    public static func systemFontAdvance(_ weight: FontSpec.Weight) -> Double {
        switch weight {
        case .light: 0.48
        case .regular: 0.5
        case .medium: 0.52
        case .semibold: 0.54
        case .bold: 0.56
        }
    }

    /// The height of one line in `font`.
    public func lineHeight(_ font: FontSpec) -> Double {
        (font.size * lineHeightMultiple - 1e-9).rounded(.up)
    }

    /// The width of `text` on one line in `font`.
    public func width(of text: some StringProtocol, font: FontSpec) -> Double {
        let glyph = font.size * advance(font.weight)
        return text.reduce(0) { total, character in
            total + glyph * (character.unicodeScalars.first.map { $0.value >= 0x1100 ? 2 : 1 } ?? 1)
        }
    }

    /// Wraps `text` to `limit` points and measures it, as described above.
    public func measure(_ text: String, font: FontSpec, width limit: Double) -> TextMeasurement {
        let lines = wrap(text, font: font, width: limit)
        let widest = lines.map { width(of: $0, font: font) }.max() ?? 0
        return TextMeasurement(
            lines: lines,
            lineCount: lines.count,
            size: LayoutSize(width: widest, height: Double(lines.count) * lineHeight(font))
        )
    }

    /// Greedy word wrap; blank lines inside the text are kept, trailing ones are not.
    func wrap(_ text: String, font: FontSpec, width limit: Double) -> [String] {
        let tolerance = 1e-9
        let space = width(of: " ", font: font)
        var lines: [String] = []
        for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
            var line = ""
            var lineWidth = 0.0
            for word in paragraph.split(whereSeparator: { $0 == " " || $0 == "\t" }) {
                var rest = Substring(word)
                var restWidth = width(of: rest, font: font)
                if !line.isEmpty, lineWidth + space + restWidth <= limit + tolerance {
                    line += " " + rest
                    lineWidth += space + restWidth
                    continue
                }
                if !line.isEmpty {
                    lines.append(line)
                    line = ""
                    lineWidth = 0
                }
                // A word longer than a line is broken where it must be (at least one glyph per line).
                while restWidth > limit + tolerance, rest.count > 1 {
                    var head = ""
                    var headWidth = 0.0
                    for character in rest {
                        let cell = width(of: String(character), font: font)
                        if !head.isEmpty, headWidth + cell > limit + tolerance { break }
                        head.append(character)
                        headWidth += cell
                    }
                    lines.append(head)
                    rest = rest.dropFirst(head.count)
                    restWidth = width(of: rest, font: font)
                }
                line = String(rest)
                lineWidth = restWidth
            }
            lines.append(line)
        }
        while lines.last?.isEmpty == true { lines.removeLast() }
        return lines
    }
}
