/// The CarFit screen's actions, by the names its ``/ScreenKit/AccessibilityAction``s and the HTML
/// previews' `data-action` give them, each with the view-model method it stands for.
public enum CarFitAction: String, Sendable, CaseIterable {
    /// ``CalendarViewModel/togglePresentation()``: the toolbar's calendar button.
    case toggleCalendar = "toggle-calendar"
    /// ``CalendarViewModel/dismiss()``: the open calendar's named action `Close calendar`, what a
    /// tap anywhere outside the panel, Escape and VoiceOver's escape gesture do.
    case dismissCalendar = "dismiss-calendar"
    /// ``CalendarViewModel/showPreviousMonth()``; the value is the month it shows (`2020-08`).
    case showPreviousMonth = "show-previous-month"
    /// ``CalendarViewModel/showNextMonth()``; the value is the month it shows (`2020-10`).
    case showNextMonth = "show-next-month"
    /// ``CalendarViewModel/toggle(_:)`` of the day given as the value (`2020-09-10`).
    case toggleDay = "toggle-day"
    /// ``CleanerListViewModel/refresh()``: what pull to refresh does, a named action on the list.
    case refresh
}
