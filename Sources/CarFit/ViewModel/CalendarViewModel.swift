import Foundation
import Observation
import ScreenKit
import SharedNetworking

/// The month calendar that slides down over the visit list: which month is shown, which days
/// are selected, whether it is on screen.
///
/// Rules (see <doc:CarFitGuide#The-calendar>):
/// - It opens on the present month with today selected.
/// - Arriving on the present month again (with the arrows) selects today when no day of that
///   month is selected, as the exercise asks; days selected elsewhere stay selected.
/// - Tapping a day toggles it. Any number of days in any months can be selected; the list shows
///   all of them. Days of the adjacent months shown in the grid can be tapped too.
/// - "Today" is read from the injected clock each time, so it is right after midnight.
///
/// Works in the Gregorian calendar: a calendar with another identifier is replaced by a
/// Gregorian one with the same locale, time zone and week rules.
@Observable
@MainActor
public final class CalendarViewModel {
    /// Whether the calendar panel is on screen.
    public private(set) var isPresented = false
    /// The month the grid shows.
    public private(set) var displayedMonth: CalendarMonth
    /// The selected days, in any months.
    public private(set) var selectedDays: Set<CalendarDay>
    /// Days to mark with a dot (the days that have visits); set by the list's owner.
    public var markedDays: Set<CalendarDay> = []

    @ObservationIgnored private let calendar: Calendar
    @ObservationIgnored private let clock: any AppClock
    @ObservationIgnored private let text: DayTextFormatter
    @ObservationIgnored private let strings: CarFitStrings
    /// The words of the last month the grid showed; only the month changes them.
    @ObservationIgnored private var keptMonthText: CalendarMonthText?
    /// Where the words of a month come from (shared with other view-models given the same cache).
    @ObservationIgnored private let monthTexts: CalendarMonthTexts

    /// - Parameters:
    ///   - calendar: week rules, locale (names, first weekday) and time zone (what "today" is).
    ///   - clock: the source of "now".
    ///   - language: the locale whose language VoiceOver's words are in; the calendar's when `nil`.
    ///   - formatters: the app's Foundation date formatters (``/SharedNetworking/AppEnvironment/dateFormatters``).
    ///   - monthTexts: the words of the months shown, shared with every calendar given the same cache.
    public init(
        calendar: Calendar, clock: any AppClock, language: Locale? = nil, formatters: DateFormatterCache = DateFormatterCache(),
        monthTexts: CalendarMonthTexts = CalendarMonthTexts()
    ) {
        let gregorian = Self.gregorian(like: calendar)
        self.calendar = gregorian
        self.clock = clock
        self.monthTexts = monthTexts
        self.text = DayTextFormatter(calendar: gregorian, formatters: formatters)
        self.strings = CarFitStrings(locale: language ?? text.locale)
        let today = CalendarDay(clock.now, in: gregorian)
        displayedMonth = today.calendarMonth
        selectedDays = [today]
    }

    /// The day it is now in the calendar's time zone.
    public var today: CalendarDay {
        CalendarDay(clock.now, in: calendar)
    }

    // MARK: Presentation

    /// The calendar icon was tapped: slide the panel in.
    public func present() { isPresented = true }
    /// A tap outside the panel: slide it out.
    public func dismiss() { isPresented = false }
    /// The toolbar's calendar button: show the panel, or hide it.
    public func togglePresentation() { isPresented.toggle() }

    // MARK: Month navigation

    /// Shows the next month; the selection stays.
    public func showNextMonth() { show(displayedMonth.next) }
    /// Shows the previous month; the selection stays.
    public func showPreviousMonth() { show(displayedMonth.previous) }
    /// Shows the month of today (the calendar's "Today" button).
    public func showPresentMonth() { show(today.calendarMonth) }

    /// Shows `month`; arriving on the present month with none of its days selected selects today.
    public func show(_ month: CalendarMonth) {
        displayedMonth = month
        let today = today
        if month == today.calendarMonth, !selectedDays.contains(where: { $0.calendarMonth == month }) {
            selectedDays.insert(today)
        }
    }

    // MARK: Selection

    /// A tap on a day: selects it, or deselects it if it was selected.
    public func toggle(_ day: CalendarDay) {
        if selectedDays.contains(day) {
            selectedDays.remove(day)
        } else {
            selectedDays.insert(day)
        }
    }

    /// Replaces the selection (deep links, restoring state, the command line's `--date`) and
    /// shows the month of the earliest selected day.
    public func select(_ days: some Sequence<CalendarDay>) {
        selectedDays = Set(days)
        if let first = selectedDays.min() {
            displayedMonth = first.calendarMonth
        }
    }

    /// Deselects every day.
    public func clearSelection() {
        selectedDays = []
    }

    // MARK: View state

    /// The calendar as values for a view.
    public var state: CalendarViewState {
        let today = today
        let month = monthText(displayedMonth)
        let title = month.title, previousTitle = month.previousTitle, nextTitle = month.nextTitle
        return CalendarViewState(
            isPresented: isPresented,
            month: displayedMonth,
            title: title,
            previousMonthTitle: previousTitle,
            nextMonthTitle: nextTitle,
            weekdays: month.weekdays,
            weeks: month.weeks.map { week in
                week.map { cell in
                    let day = cell.grid.day, isInMonth = cell.grid.isInMonth
                    let isToday = day == today, isSelected = selectedDays.contains(day)
                    let hasVisits = markedDays.contains(day)
                    return CalendarDayCell(
                        day: day,
                        number: cell.number,
                        isInDisplayedMonth: isInMonth,
                        isToday: isToday,
                        isSelected: isSelected,
                        hasVisits: hasVisits,
                        accessibilityLabel: cell.label,
                        accessibility: dayAccessibility(
                            cell, isToday: isToday, isSelected: isSelected, hasVisits: hasVisits, isInMonth: isInMonth)
                    )
                }
            },
            today: today,
            selectedDays: selectedDays.sorted(),
            // The month can be changed from anywhere in the grid, as a swipe would, and the panel
            // put away as a tap outside it would: named actions.
            accessibility: AccessibilityElement(
                label: strings.calendarPanel(month: title),
                actions: [
                    AccessibilityAction(
                        named: strings.previousMonth(previousTitle), action: CarFitAction.showPreviousMonth.rawValue,
                        value: displayedMonth.previous.description),
                    AccessibilityAction(
                        named: strings.nextMonth(nextTitle), action: CarFitAction.showNextMonth.rawValue,
                        value: displayedMonth.next.description),
                    AccessibilityAction(named: strings.closeCalendar, action: CarFitAction.dismissCalendar.rawValue),
                ], children: .contain, identifier: "calendar"),
            titleAccessibility: .heading(title, level: .h2, identifier: "calendar-title"),
            previousMonthAccessibility: AccessibilityElement(
                label: strings.previousMonth(previousTitle), traits: .button,
                actions: [AccessibilityAction(action: CarFitAction.showPreviousMonth.rawValue, value: displayedMonth.previous.description)],
                identifier: "previous-month"),
            nextMonthAccessibility: AccessibilityElement(
                label: strings.nextMonth(nextTitle), traits: .button,
                actions: [AccessibilityAction(action: CarFitAction.showNextMonth.rawValue, value: displayedMonth.next.description)],
                identifier: "next-month")
        )
    }

    /// A day cell's element: the date, its state as a value, the toggle action.
    private func dayAccessibility(
        _ cell: CalendarMonthText.Cell, isToday: Bool, isSelected: Bool, hasVisits: Bool, isInMonth: Bool
    ) -> AccessibilityElement {
        var value: [String] = []
        if isToday { value.append(strings.todayState) }
        if hasVisits { value.append(strings.hasVisitsState) }
        if !isInMonth { value.append(strings.outsideMonthState) }
        return AccessibilityElement(
            label: cell.label, value: value.isEmpty ? nil : value.joined(separator: ", "), hint: strings.dayHint,
            traits: isSelected ? [.button, .toggle, .selected] : [.button, .toggle],
            actions: [AccessibilityAction(action: CarFitAction.toggleDay.rawValue, value: cell.value)], identifier: "day-" + cell.value)
    }

    /// The words of `month`'s grid: the ones kept for the displayed month, or the cache's (kept
    /// in their place).
    private func monthText(_ month: CalendarMonth) -> CalendarMonthText {
        if let keptMonthText, keptMonthText.month == month { return keptMonthText }
        let made = monthTexts.text(of: month, calendar: calendar, text: text)
        keptMonthText = made
        return made
    }

    /// A Gregorian calendar in `calendar`'s locale and time zone, whose week rules (the first
    /// weekday, the days of a first week) are the locale's: the module decides them from the
    /// injected locale alone, so every front-end that injects the same locale draws the same
    /// month, whatever week rules the calendar it was handed carried.
    static func gregorian(like calendar: Calendar) -> Calendar {
        var gregorian = Calendar(identifier: .gregorian)
        gregorian.locale = calendar.locale
        gregorian.timeZone = calendar.timeZone
        return gregorian
    }
}
