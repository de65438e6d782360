import Foundation
import Trivia

/// Draws a ``TriviaScreenState`` as terminal text, from the view state only.
struct TriviaScreenText {
    let width: Int

    func render(_ screen: TriviaScreenState, elapsed: TimeInterval) -> [String] {
        var header = [screen.header.title]
        if let progress = screen.header.progress { header.append(progress) }
        if let role = screen.header.role { header.append(role.text) }
        header.append(screen.header.wildcards)
        var lines = [TerminalText.truncate("[\(Self.clock(elapsed))] " + header.joined(separator: " · "), to: width)]
        if let banner = screen.banner { lines.append("  ! " + banner.text) }
        if let question = screen.question { lines += render(question) }
        if let final = screen.final { lines += render(final) }
        return lines
    }

    func render(_ screen: TriviaQuestionScreen) -> [String] {
        var lines = wrap(screen.prompt, indent: "  ")
        if let detail = screen.detail { lines.append("  " + detail) }
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
        if let countdown = screen.countdown { lines.append("  ⏱ \(countdown.secondsRemaining) s left") }
        if let overlay = screen.lockedOverlay { lines.append("  🔒 " + overlay.message) }
        if let result = screen.result {
            lines.append("  » " + result.title)
            lines += wrap(result.detail, indent: "    ")
            if let status = result.wildcardStatus { lines += wrap(status, indent: "  » ") }
        }
        if let offer = screen.wildcardOffer {
            lines += wrap("\(offer.title) \(offer.message)", indent: "  ★ ")
            lines.append(
                offer.isSending ? "    (sending…)" : "    [\(offer.useTitle)]  [\(offer.declineTitle)]  \(offer.secondsRemaining) s")
        }
        if let footer = screen.footer { lines.append("  " + footer) }
        return lines
    }

    func render(_ screen: TriviaFinalScreen) -> [String] {
        var lines = ["  " + screen.headline.uppercased()] + wrap(screen.detail, indent: "  ")
        lines.append("  " + screen.stats.map { "\($0.label): \($0.value)" }.joined(separator: " · "))
        if screen.winners.isEmpty {
            lines.append("  No winners this time.")
        } else {
            lines.append("  Winners:")
            for row in screen.winners {
                lines.append(TerminalText.truncate("   \(row.rank). \(row.name)\(row.isYou ? " (you)" : "") — \(row.detail)", to: width))
            }
            if let more = screen.moreWinners { lines.append("   " + more) }
        }
        return lines
    }

    func wrap(_ text: String, indent: String) -> [String] {
        let continuation = String(repeating: " ", count: TerminalText.displayWidth(indent))
        return TerminalText.wrap(text, width: max(20, width - TerminalText.displayWidth(indent))).enumerated().map { index, line in
            (index == 0 ? indent : continuation) + line
        }
    }

    /// `m:ss.s` since the run started.
    static func clock(_ elapsed: TimeInterval) -> String {
        let tenths = Int((max(0, elapsed) * 10).rounded())
        let minutes = tenths / 600
        let seconds = (tenths % 600) / 10
        return "\(minutes):\(seconds < 10 ? "0" : "")\(seconds).\(tenths % 10)"
    }
}

extension TriviaScreenState {
    /// The screen without what only moves with time (countdowns), to tell real changes apart.
    var withoutTimers: TriviaScreenState {
        var copy = self
        copy.question?.countdown = nil
        copy.question?.wildcardOffer?.secondsRemaining = 0
        return copy
    }
}
