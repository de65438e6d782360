import Foundation
import Trivia

/// Draws a ``/Trivia/TriviaViewState`` as terminal text, from the view state only.
///
/// The one text rendering of the trivia screens: `exercises trivia` prints each screen of a
/// simulated run with it, and `trivia-play` (the server package's terminal client) redraws it
/// full-screen as the real view-model's screen changes. Lines fit ``width`` cells (from 13 up):
/// prose is wrapped, single-line items (the header, choices, winners) are cut with "…".
public struct TriviaScreenText: Sendable {
    /// Terminal cells per line.
    public var width: Int

    /// A renderer for a terminal `width` cells wide.
    public init(width: Int) {
        self.width = width
    }

    /// The screen: the header line, the banner, then the question or the final screen.
    public func render(_ screen: TriviaViewState) -> [String] {
        render(screen, stamp: nil)
    }

    /// The screen with `[m:ss.s]` (time since a run started) before the header, for a log of
    /// screens one after another.
    public func render(_ screen: TriviaViewState, elapsed: TimeInterval) -> [String] {
        render(screen, stamp: "[\(Self.clock(elapsed))] ")
    }

    func render(_ screen: TriviaViewState, stamp: String?) -> [String] {
        var header = [screen.header.title]
        if let progress = screen.header.progress { header.append(progress) }
        if let role = screen.header.role { header.append(role.text) }
        header.append(screen.header.wildcards)
        var lines = [TerminalText.truncate((stamp ?? "") + header.joined(separator: " · "), to: width)]
        if let banner = screen.banner { lines += wrap(banner.text, indent: "  ! ") }
        // The words this adds are the screen's, in its language; its numbers are seconds, in
        // the language's own digits.
        let written = TriviaWrittenText(language: screen.language, numbers: Locale(identifier: screen.language.rawValue))
        if let question = screen.question { lines += render(question, written: written) }
        if let final = screen.final { lines += render(final, written: written) }
        return lines
    }

    /// The question screen's body: prompt, choices with their marks, countdown, the locked
    /// overlay, the result and the wild-card offer.
    func render(_ screen: TriviaQuestionScreen, written: TriviaWrittenText) -> [String] {
        var lines = wrap(screen.prompt, indent: "  ")
        if let detail = screen.detail { lines += wrap(detail, indent: "  ") }
        for choice in screen.choices {
            let mark: String =
                switch choice.appearance {
                case .normal: " "
                case .selected: "●"
                case .correct: "✓"
                case .incorrect: "✗"
                case .dimmed: " "
                }
            let detail = choice.detail.map { "  (\($0))" } ?? ""
            lines.append(TerminalText.truncate("   \(mark) \(choice.label)  \(choice.text)\(detail)", to: width))
        }
        if let countdown = screen.countdown {
            // A screen with no choices is the lobby, counting down to the first question.
            lines.append("  " + written.countdown(written.duration(countdown.secondsRemaining), lobby: screen.choices.isEmpty))
        }
        if let overlay = screen.lockedOverlay { lines += wrap(overlay.message, indent: "  🔒 ") }
        if let result = screen.result {
            lines += wrap(result.title, indent: "  » ")
            lines += wrap(result.detail, indent: "    ")
            if let status = result.wildcardStatus { lines += wrap(status, indent: "  » ") }
        }
        if let offer = screen.wildcardOffer {
            lines += wrap("\(offer.title) \(offer.message)", indent: "  ★ ")
            let buttons = "[\(offer.useTitle)]  [\(offer.declineTitle)]  \(written.duration(offer.secondsRemaining))"
            lines.append("    " + (offer.isSending ? written.sending : TerminalText.truncate(buttons, to: width - 4)))
        }
        if let footer = screen.footer { lines += wrap(footer, indent: "  ") }
        return lines
    }

    /// The final screen's body: headline, your result, the numbers and the winners.
    func render(_ screen: TriviaFinalScreen, written: TriviaWrittenText) -> [String] {
        var lines = ["  " + screen.headline.uppercased()] + wrap(screen.detail, indent: "  ")
        lines += wrap(screen.stats.map { "\($0.label): \($0.value)" }.joined(separator: " · "), indent: "  ")
        if screen.winners.isEmpty {
            lines.append("  " + written.noWinners)
        } else {
            lines.append("  \(written.winners):")
            for row in screen.winners {
                let you = row.isYou ? " " + written.you : ""
                lines.append(TerminalText.truncate("   \(written.number(row.rank)). \(row.name)\(you) — \(row.detail)", to: width))
            }
            if let more = screen.moreWinners { lines.append("   " + more) }
        }
        return lines
    }

    func wrap(_ text: String, indent: String) -> [String] {
        let continuation = String(repeating: " ", count: TerminalText.displayWidth(indent))
        return TerminalText.wrap(text, width: max(8, width - TerminalText.displayWidth(indent))).enumerated().map { index, line in
            (index == 0 ? indent : continuation) + line
        }
    }

    /// `m:ss.s` for `elapsed` seconds (negative counts as 0).
    public static func clock(_ elapsed: TimeInterval) -> String {
        let tenths = Int((max(0, elapsed) * 10).rounded())
        let minutes = tenths / 600
        let seconds = (tenths % 600) / 10
        return "\(minutes):\(seconds < 10 ? "0" : "")\(seconds).\(tenths % 10)"
    }
}
