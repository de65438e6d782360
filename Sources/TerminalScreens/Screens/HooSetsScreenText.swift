import Foundation
import HooSets

/// The Hoo sets screen as text: a title line, then per set its header (title, colour, count)
/// and its Hoos as a boxed grid with the screen's column count; the selected Hoo is marked ◉
/// and the disc (set title, Hoo title, poem line) is drawn under its set. The words it adds are
/// ``/HooSets/HooSetsWrittenText``'s, in the state's language.
public struct HooSetsScreenText: Sendable {
    /// Terminal cells per line (at least 40 are used).
    public var width: Int
    /// The directory the sets were read from, for the line under the title; `nil` for the
    /// bundled sets.
    public var source: String?

    /// A renderer for a terminal `width` cells wide, of sets read from `source` (`nil`: the
    /// bundled ones).
    public init(width: Int, source: String?) {
        self.width = width
        self.source = source
    }

    /// The screen: the title line, then each set's header, grid and (when selected) disc.
    public func render(_ state: HooSetsViewState) -> String {
        let width = max(40, width)
        var lines: [String] = []
        let written = HooSetsWrittenText(language: state.language)
        lines.append(
            TerminalText.columns(left: state.title, right: written.summary(sets: state.sections.count, hoos: state.hooCount), width: width))
        lines += TerminalText.wrap(written.source(source), width: width)
        for section in state.sections {
            lines.append("")
            lines += TerminalText.wrap(header(section, written: written), width: width)
            let columns = max(1, state.metrics.columns)
            let cell = max(4, (width - 1) / columns - 1)
            lines += grid(section, columns: columns, cell: cell)
            if let selection = state.selection, selection.id.set == section.id {
                lines += disc(selection, written: written, inner: columns * (cell + 1) - 1)
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private func header(_ section: HooSectionState, written: HooSetsWrittenText) -> String {
        let image = written.headerImage(section.headerImageURL?.lastPathComponent)
        let color = section.colorName.isEmpty ? written.noColour : section.colorName
        return "■ \(section.title) · \(color) \(section.color.hex) · \(section.countLabel) · \(image)"
    }

    private func grid(_ section: HooSectionState, columns: Int, cell: Int) -> [String] {
        func border(_ left: String, _ middle: String, _ right: String) -> String {
            left + Array(repeating: TerminalText.rule(cell), count: columns).joined(separator: middle) + right
        }
        var lines = [border("┌", "┬", "┐")]
        var index = 0
        while index < section.items.count {
            let row = section.items[index..<min(index + columns, section.items.count)]
            var cells = row.map { item in
                let mark = item.isSelected ? "◉" : " "
                let number = String(format: "%02d", item.id.hoo)
                let placeholder = item.imageURL == nil ? " ▢" : ""
                return TerminalText.pad(TerminalText.truncate("\(mark)\(number) \(item.title)\(placeholder)", to: cell), to: cell)
            }
            cells += Array(repeating: String(repeating: " ", count: cell), count: columns - cells.count)
            lines.append("│" + cells.joined(separator: "│") + "│")
            index += columns
        }
        lines.append(border("└", "┴", "┘"))
        return lines
    }

    private func disc(_ selection: HooSelectionState, written: HooSetsWrittenText, inner: Int) -> [String] {
        var body = ["◉ \(selection.title)"]
        body += selection.poemLine.isEmpty ? [] : TerminalText.wrap(selection.poemLine, width: inner - 2)
        body.append(written.disc(colour: selection.color.hex, hoo: selection.id.description))
        let title = " \(selection.setTitle) "
        var lines = ["╭─" + title + TerminalText.rule(max(0, inner - TerminalText.displayWidth(title) - 1)) + "╮"]
        lines += body.map { "│ " + TerminalText.pad(TerminalText.truncate($0, to: inner - 2), to: inner - 2) + " │" }
        lines.append("╰" + TerminalText.rule(inner) + "╯")
        return lines
    }
}
