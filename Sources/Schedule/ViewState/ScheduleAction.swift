/// The schedule screen's actions, by the names its ``/ScreenKit/AccessibilityAction``s and the HTML
/// previews' `data-action` give them.
public enum ScheduleAction: String, Sendable, CaseIterable {
    /// ``ScheduleViewModel/refresh()``: what pull to refresh does, a named action on the list.
    case refresh
}
