/// The facts screen's actions, by the names its ``/ScreenKit/AccessibilityAction``s and the HTML
/// previews' `data-action` give them.
public enum FactsAction: String, Sendable, CaseIterable {
    /// ``FactsViewModel/refresh()``: the navigation bar's refresh button (and pull to refresh).
    case refresh
}
