import CarFit

/// The CarFit screen as terminal text, drawn from ``/CarFit/CleanerListViewState`` only.
///
/// ```
/// Today                                                          Updated 08:00
///
/// ‹ August 2020                 September 2020                 October 2020 ›
///   Mon   Tue   Wed   Thu   Fri   Sat   Sun
///           1     2     3     4     5     6
///     7     8     9 [10]•  11•   12    13
/// ```
/// A cell is six columns: `[10]` selected, `(10)` today, `•` a day with visits; days of the
/// adjacent months are left blank unless selected. Each card mirrors the exercise's card:
/// 🕒 for the time and the duration, 📍 for the address and the distance.
public struct CarFitScreenText: Sendable {
    /// Terminal cells per line.
    public var width: Int

    /// A renderer for a terminal `width` cells wide.
    public init(width: Int) {
        self.width = width
    }

    /// The screen: the bar, the notice, the month, then the selected days' cards.
    public func render(_ state: CleanerListViewState) -> String {
        var lines = [TerminalText.columns(left: state.title, right: state.lastUpdatedText ?? "", width: width)]
        if let notice = state.notice {
            lines += TerminalText.wrap(notice.text, width: width)
        }
        lines.append("")
        lines += calendar(state.calendar, strings: CarFitStrings(language: state.language))
        if let banner = state.errorBanner {
            lines += ["", "! \(banner.title): \(banner.message)"]
        }
        if let empty = state.emptyState {
            lines += ["", TerminalText.rule(width), empty.title]
            if !empty.message.isEmpty { lines += TerminalText.wrap(empty.message, width: width) }
        }
        for section in state.sections {
            lines += ["", TerminalText.rule(width), "\(section.title) · \(section.summary)"]
            if let message = section.emptyMessage {
                lines += ["", "  " + message]
            }
            for card in section.cards {
                lines += [""] + self.card(card)
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    // MARK: Calendar

    static let cellWidth = 6

    private func calendar(_ calendar: CalendarViewState, strings: CarFitStrings) -> [String] {
        let gridWidth = Self.cellWidth * 7
        var lines = [
            TerminalText.columns(
                left: "‹ " + calendar.previousMonthTitle, center: calendar.title, right: calendar.nextMonthTitle + " ›",
                width: max(gridWidth, width))
        ]
        lines.append(
            TerminalText.trimmingTrailingSpaces(
                calendar.weekdays.map { TerminalText.pad(Self.columnHeader($0.short), to: 4, .right) + "  " }.joined()))
        for week in calendar.weeks {
            lines.append(TerminalText.trimmingTrailingSpaces(week.map(cell).joined()))
        }
        lines.append(strings.calendarLegend)
        return lines
    }

    /// A weekday name in at most four columns, without an abbreviation point: `Mon`, `Tirs`
    /// (Danish `tirs.`), `Mo`.
    static func columnHeader(_ name: String) -> String {
        var name = Substring(name)
        if name.hasSuffix(".") { name = name.dropLast() }
        while TerminalText.displayWidth(name) > 4 { name = name.dropLast() }
        return String(name)
    }

    private func cell(_ cell: CalendarDayCell) -> String {
        guard cell.isInDisplayedMonth || cell.isSelected else {
            return String(repeating: " ", count: Self.cellWidth)
        }
        let number = TerminalText.pad(cell.number, to: 2, .right)
        let framed: String
        if cell.isSelected {
            framed = "[\(number)]"
        } else if cell.isToday {
            framed = "(\(number))"
        } else {
            framed = " \(number) "
        }
        return " " + framed + (cell.hasVisits ? "•" : " ")
    }

    // MARK: Cards

    private func card(_ card: VisitCard) -> [String] {
        let indent = "  "
        let inner = width - indent.count
        let badge = card.stateLabel.uppercased()
        let name = TerminalText.truncate(card.clientName, to: max(10, inner - TerminalText.displayWidth(badge) - 2))
        var lines = [indent + TerminalText.columns(left: name, right: badge, width: inner)]
        if !card.tasksText.isEmpty {
            lines += TerminalText.wrap(card.tasksText, width: inner).map { indent + $0 }
        }
        lines.append(indent + "🕒 " + card.timeText)
        if let duration = card.durationText {
            lines.append(indent + "🕒 " + duration)
        }
        if let address = card.addressText {
            lines += TerminalText.wrap(address, width: inner - 3).enumerated().map { indent + ($0.offset == 0 ? "📍 " : "   ") + $0.element }
        }
        if let distance = card.distanceText {
            lines.append(indent + "📍 " + distance)
        }
        return lines
    }
}
