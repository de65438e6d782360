import Foundation
import ScreenKit
import SharedNetworking

/// Builds the CarFit list screen, ``CleanerListViewState``, from what the view-model keeps: the
/// cards of every day, the calendar's state, and where loading stands. Pure: the same inputs
/// always give the same screen, so it is tested field by field without a view-model.
///
/// ``CleanerListViewModel`` holds the inputs (the visits, arranged by ``VisitSchedule`` and made
/// into cards by ``VisitCardFormatter``; the selection, owned by ``CalendarViewModel``; the
/// loading, kept by its ``/ScreenKit/ScreenLoader``) and calls this to draw them; it formats
/// nothing itself.
public struct CleanerListViewStateBuilder: Sendable {
    /// The screen's words in the user's language.
    public let strings: CarFitStrings
    /// Day titles and times in the worker's calendar and locale.
    public let dayText: DayTextFormatter

    /// A builder writing `strings` and formatting days with `dayText`.
    public init(strings: CarFitStrings, dayText: DayTextFormatter) {
        self.strings = strings
        self.dayText = dayText
    }

    /// The whole screen: the title and last update, the selected days' sections, the calendar
    /// panel, the error banner of a failed refresh, and the loading state's flags, notice and
    /// announcement (copied from `loading`, where a view reads them, for `exercises carfit --json`).
    public func build<Loading>(
        cardsByDay: [CalendarDay: [VisitCard]], calendar: CalendarViewState, loading: ScreenState<Loading>
    ) -> CleanerListViewState {
        let updated = loading.lastUpdated.map { strings.updated(at: dayText.time(of: $0)) }
        let title = title(calendar)
        return CleanerListViewState(
            title: title,
            lastUpdatedText: updated,
            isLoading: loading.isLoading,
            isRefreshing: loading.isRefreshing,
            sections: sections(cardsByDay: cardsByDay, calendar: calendar),
            emptyState: calendar.selectedDays.isEmpty
                ? EmptyState(kind: .noDaySelected, title: strings.noDaySelectedTitle, message: strings.noDaySelectedMessage) : nil,
            errorBanner: loading.error.map { EmptyState(kind: .refreshFailed, title: strings.refreshFailedTitle, message: $0.description) },
            calendar: calendar,
            titleAccessibility: AccessibilityElement(
                label: titleHeading(title, calendar: calendar), value: updated, traits: .header, headingLevel: .h1, identifier: "title"),
            calendarButtonAccessibility: AccessibilityElement(
                label: strings.calendarButton, hint: strings.calendarButtonHint,
                traits: calendar.isPresented ? [.button, .toggle, .selected] : [.button, .toggle],
                actions: [AccessibilityAction(action: CarFitAction.toggleCalendar.rawValue)], identifier: "calendar-button"),
            listAccessibility: AccessibilityElement(
                label: strings.visitList, actions: [AccessibilityAction(named: strings.refresh, action: CarFitAction.refresh.rawValue)],
                children: .contain, identifier: "visits"),
            announcement: loading.announcement,
            notice: loading.notice,
            language: strings.language
        )
    }

    /// The selected days in calendar order, each with its cards (or an empty message naming the
    /// nearest day with visits).
    public func sections(cardsByDay: [CalendarDay: [VisitCard]], calendar: CalendarViewState) -> [VisitDaySection] {
        let currentYear = calendar.today.year
        return calendar.selectedDays.sorted().map { day in
            let cards = cardsByDay[day] ?? []
            let nearest = cards.isEmpty ? Self.nearestVisitDay(to: day, in: cardsByDay) : nil
            let nearestText = nearest.map { strings.nearestDayWithVisits(dayText.title(of: $0, includeYear: $0.year != currentYear)) }
            return VisitDaySection(
                day: day,
                title: dayText.title(of: day, includeYear: day.year != currentYear),
                summary: strings.visitCount(cards.count),
                cards: cards,
                emptyMessage: cards.isEmpty ? ([strings.noVisitsOnDay] + (nearestText.map { [$0] } ?? [])).joined(separator: " ") : nil,
                nearestVisitDay: nearest
            )
        }
    }

    /// The header: `Today`, the selected day, or `3 days selected`.
    public func title(_ calendar: CalendarViewState) -> String {
        let today = calendar.today
        switch calendar.selectedDays.count {
        case 0: return strings.noDaySelectedTitle
        case 1:
            let day = calendar.selectedDays.first ?? today
            return day == today ? strings.today : dayText.title(of: day, includeYear: day.year != today.year)
        default: return strings.daysSelected(calendar.selectedDays.count)
        }
    }

    /// The title as spoken: `Today` is followed by the date it is.
    private func titleHeading(_ title: String, calendar: CalendarViewState) -> String {
        guard calendar.selectedDays == [calendar.today] else { return title }
        return strings.todayHeading(dayText.title(of: calendar.today, includeYear: true))
    }

    /// The day with visits closest to `day` (the later one on a tie), if any day has visits.
    static func nearestVisitDay(to day: CalendarDay, in cardsByDay: [CalendarDay: [VisitCard]]) -> CalendarDay? {
        let target = day.daysSince1970
        return cardsByDay.keys.min { lhs, rhs in
            let (left, right) = (abs(lhs.daysSince1970 - target), abs(rhs.daysSince1970 - target))
            return left != right ? left < right : lhs > rhs
        }
    }
}
