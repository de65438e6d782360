/// Plain-text layout for terminal screens: display width, padding, wrapping, columns.
///
/// Shared by every text renderer of a view state (``ScheduleScreenText``, ``CarFitScreenText``,
/// ``HooSetsScreenText``, ``FactsScreenText``, ``TriviaScreenText``), by the `exercises`
/// command's help, and by `trivia-play`, which redraws ``TriviaScreenText`` full-screen.
///
/// Widths are counted in terminal cells: East Asian wide characters (Japanese dates) take two,
/// combining marks none, so columns line up in every locale.
public enum TerminalText {
    /// Terminal cells `text` occupies.
    public static func displayWidth(_ text: some StringProtocol) -> Int {
        text.unicodeScalars.reduce(0) { $0 + cellWidth($1) }
    }

    static func cellWidth(_ scalar: Unicode.Scalar) -> Int {
        let value = scalar.value
        if scalar.properties.generalCategory == .nonspacingMark || scalar.properties.generalCategory == .enclosingMark { return 0 }
        if value == 0x200B || value == 0x200D || (0xFE00...0xFE0F).contains(value) { return 0 }
        let wide: [ClosedRange<UInt32>] = [
            0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF,
            0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x1F300...0x1F64F,
            0x1F900...0x1F9FF, 0x20000...0x3FFFD,
        ]
        return wide.contains { $0.contains(value) } ? 2 : 1
    }

    /// Where a cell's text sits in its column.
    public enum Alignment: Sendable {
        /// Flush left, centred, or flush right.
        case left, center, right
    }

    /// `text` padded with spaces to `width` cells (never truncated).
    public static func pad(_ text: String, to width: Int, _ alignment: Alignment = .left) -> String {
        let gap = max(0, width - displayWidth(text))
        switch alignment {
        case .left: return text + String(repeating: " ", count: gap)
        case .right: return String(repeating: " ", count: gap) + text
        case .center:
            let left = gap / 2
            return String(repeating: " ", count: left) + text + String(repeating: " ", count: gap - left)
        }
    }

    /// `text` cut to at most `width` cells, ending with "…" when cut.
    public static func truncate(_ text: String, to width: Int) -> String {
        guard displayWidth(text) > width else { return text }
        return prefix(text, fitting: width - 1).text + "…"
    }

    /// The longest start of `text` that fits in `width` cells, and the cells it takes.
    static func prefix(_ text: some StringProtocol, fitting width: Int) -> (text: String, cells: Int) {
        var result = ""
        var used = 0
        for character in text {
            let cells = displayWidth(String(character))
            if used + cells > width { break }
            result.append(character)
            used += cells
        }
        return (result, used)
    }

    /// Greedy word wrap to `width` cells; words longer than a line are split.
    public static func wrap(_ text: String, width: Int) -> [String] {
        let width = max(1, width)
        var lines: [String] = []
        for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let first = lines.count
            var line = ""
            var lineWidth = 0
            for word in paragraph.split(separator: " ", omittingEmptySubsequences: true) {
                var word = String(word)
                var wordWidth = displayWidth(word)
                while wordWidth > width {
                    if !line.isEmpty {
                        lines.append(line)
                        line = ""
                        lineWidth = 0
                    }
                    // A character wider than the line (a wide one at width 1) is a line of its own.
                    let fitting = prefix(word, fitting: width).text
                    let head = fitting.isEmpty ? String(word.prefix(1)) : fitting
                    lines.append(head)
                    word.removeFirst(head.count)
                    wordWidth = displayWidth(word)
                }
                if word.isEmpty { continue }
                if lineWidth == 0 {
                    line = word
                    lineWidth = wordWidth
                } else if lineWidth + 1 + wordWidth <= width {
                    line += " " + word
                    lineWidth += 1 + wordWidth
                } else {
                    lines.append(line)
                    line = word
                    lineWidth = wordWidth
                }
            }
            // The last line, unless the paragraph's last word was split to the end (an empty
            // paragraph is still one empty line).
            if !line.isEmpty || lines.count == first { lines.append(line) }
        }
        return lines
    }

    /// One line of `width` cells with `left` flush left, `center` centred, `right` flush right.
    public static func columns(left: String, center: String = "", right: String = "", width: Int) -> String {
        var cells = Array(repeating: " ", count: max(width, 1)).joined()
        cells = pad(left, to: width)
        let centerStart = max(0, (width - displayWidth(center)) / 2)
        let rightStart = max(0, width - displayWidth(right))
        return overlay(overlay(cells, center, at: centerStart), right, at: rightStart)
    }

    /// `text` written over `line` starting at cell `column` (the line is padded as needed).
    static func overlay(_ line: String, _ text: String, at column: Int) -> String {
        guard !text.isEmpty else { return line }
        let (start, used) = prefix(line, fitting: column)
        let padded = start + String(repeating: " ", count: max(0, column - used))
        let end = column + displayWidth(text)
        var suffix = ""
        var position = 0
        for character in line {
            let cells = displayWidth(String(character))
            if position >= end { suffix.append(character) }
            position += cells
        }
        return padded + text + suffix
    }

    /// `line` without the spaces after its last visible character: padding that would only
    /// make a copied screen ragged.
    public static func trimmingTrailingSpaces(_ line: String) -> String {
        var text = Substring(line)
        while text.last == " " { text = text.dropLast() }
        return String(text)
    }

    /// A horizontal line.
    public static func rule(_ width: Int, _ character: Character = "─") -> String {
        String(repeating: character, count: max(0, width))
    }
}
