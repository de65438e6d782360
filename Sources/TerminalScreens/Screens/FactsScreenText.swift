import Facts
import Foundation

/// The facts screen as terminal text: a navigation bar with the feed's title, then one block per
/// row with its height, its text wrapped as the layout wrapped it, and its image slot.
///
/// ```
///                                  About Canada
/// ────────────────────────────────────────────────────────────────────────────────
/// 13 facts · 375 pt wide · 1 empty row hidden · updated 8:00 AM
///
///  1  Beavers                                                              157 pt
///     Beavers are second only to
///     …
///     ▢ image 96×72 pt beside the text, not loaded · http://upload.wikimedia.org/…
/// ```
public struct FactsScreenText: Sendable {
    let screen: FactsViewState
    let terminalWidth: Int
    /// The formats locale: the update's time, and points with their decimal separator.
    let locale: Locale
    let timeZone: TimeZone

    /// `screen` for a terminal `terminalWidth` cells wide: the title, a summary line, the
    /// notices, then one block per row; the update's time and decimals in `locale`'s format,
    /// the time in `timeZone`.
    public static func render(_ screen: FactsViewState, terminalWidth: Int, locale: Locale, timeZone: TimeZone) -> String {
        FactsScreenText(screen: screen, terminalWidth: terminalWidth, locale: locale, timeZone: timeZone).render()
    }

    /// Row numbers right-aligned in this many cells, then two spaces, then the row's text.
    private var numberWidth: Int { max(2, String(screen.rows.count).count) }
    private var indent: String { String(repeating: " ", count: numberWidth + 2) }

    func render() -> String {
        var lines = [
            centered(screen.title),
            TerminalText.rule(terminalWidth),
        ]
        lines += TerminalText.wrap(summary(), width: terminalWidth)
        if let notice = screen.notice {
            lines += TerminalText.wrap(notice.text, width: terminalWidth)
        }
        if let error = screen.errorMessage {
            lines += TerminalText.wrap("! " + error, width: terminalWidth)
        }
        if let empty = screen.emptyText {
            lines += ["", centered(empty)]
        }
        for (index, row) in screen.rows.enumerated() {
            lines.append("")
            lines += rowLines(row, number: index + 1)
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private func centered(_ text: String) -> String {
        let line = TerminalText.pad(TerminalText.truncate(text, to: terminalWidth), to: terminalWidth, .center)
        return String(line.reversed().drop { $0 == " " }.reversed())
    }

    /// The screen's words, in its language.
    private var written: FactsWrittenText { FactsWrittenText(language: screen.language) }

    private func summary() -> String {
        var parts = [written.factCount(screen.rows.count), written.wide(points(screen.width))]
        if let notice = screen.droppedRowsNotice { parts.append(notice) }
        if let updated = screen.lastUpdated {
            var style = Date.FormatStyle(date: .omitted, time: .shortened)
            style.locale = locale
            style.timeZone = timeZone
            parts.append(written.updated(updated.formatted(style)))
        }
        return parts.joined(separator: " · ")
    }

    private func rowLines(_ row: FactsViewState.Row, number: Int) -> [String] {
        let textWidth = max(20, terminalWidth - indent.count)
        var text: [String] = []
        for block in [row.layout.title, row.layout.description].compactMap({ $0 }) {
            // Lines are the layout's; only lines wider than the terminal (iPad widths) are folded.
            text += block.lines.flatMap { TerminalText.displayWidth($0) > textWidth ? TerminalText.wrap($0, width: textWidth) : [$0] }
        }
        text += imageLines(row)
        let height = "\(points(row.layout.size.height)) pt"
        let first = text.first ?? ""
        let label = TerminalText.pad(String(number), to: numberWidth, .right) + "  "
        var lines = [
            TerminalText.columns(
                left: label + TerminalText.truncate(first, to: max(1, textWidth - height.count - 2)), right: height, width: terminalWidth)
        ]
        lines += text.dropFirst().map { indent + $0 }
        return lines
    }

    /// The slot, its state and the link; for a failed image also why, without the URL again.
    private func imageLines(_ row: FactsViewState.Row) -> [String] {
        guard let url = row.imageURL, let slot = row.layout.imageSlot else { return [] }
        let width = max(20, terminalWidth - indent.count)
        let size = "\(points(slot.width))×\(points(slot.height)) pt"
        let (mark, state): (String, String)
        var reason: String?
        switch row.image {
        case .none, .notLoaded: (mark, state) = ("▢", written.imageNotLoaded)
        case .loading: (mark, state) = ("▢", written.imageLoading)
        case .loaded(let pixels, let decoded):
            (mark, state) = ("▣", written.imageLoaded(pixels: pixels.map { "\($0)" }, decoded: decoded.map { "\($0)" }))
        case .failed(let message):
            (mark, state) = ("✕", written.imageFailed)
            reason = Self.withoutLeadingURL(message)
        }
        let slotText = written.image(size: size, stacked: row.layout.isStacked, state: state)
        var lines = [TerminalText.truncate("\(mark) \(slotText) · \(url.absoluteString)", to: width)]
        if let reason {
            lines.append(TerminalText.truncate("  " + reason, to: width))
        }
        return lines
    }

    /// "https://host/a.png: connection failed (…)" → "connection failed (…)": the URL is on the line above.
    static func withoutLeadingURL(_ message: String) -> String {
        guard message.hasPrefix("http"), let separator = message.range(of: ": ") else { return message }
        return String(message[separator.upperBound...])
    }

    /// Points without a trailing ".0"; one decimal otherwise, with the formats locale's decimal
    /// separator (`1.5` in English, `1,5` in German), never grouped.
    func points(_ value: Double) -> String {
        ((value * 10).rounded() / 10).formatted(.number.precision(.fractionLength(0...1)).grouping(.never).locale(locale))
    }
}
