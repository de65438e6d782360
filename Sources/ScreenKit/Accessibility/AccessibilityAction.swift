/// Something a person can do with an element, and the view-model method it calls.
///
/// ``action`` and ``value`` name the call in words that never change with the language:
/// `toggle-day` with `2020-09-13` is `CalendarViewModel.toggle(_:)` of that day. The HTML
/// previews write them as `data-action` and `data-value` on the element's `<button>`, so a page
/// that drives a real view-model (the browser app) knows what each button does; each module's
/// accessibility guide lists its actions.
///
/// An action without a ``name`` is the element's own: what a tap, VoiceOver's double tap, Enter
/// or Space do. A named one is an extra, offered in VoiceOver's Actions rotor
/// (`.accessibilityAction(named: Text(name)) { … }` in SwiftUI): the way to do without a
/// gesture what only a gesture does otherwise (selecting the next Hoo without scrubbing).
public struct AccessibilityAction: Sendable, Hashable, Codable {
    /// The name spoken in the Actions rotor, in the user's language; `nil` for the element's own
    /// action.
    public var name: String?
    /// The view-model action, in lower-case words joined by hyphens: `refresh`, `toggle-day`,
    /// `select-hoo`, `answer`.
    public var action: String
    /// Its argument, when it takes one: `2020-09-13`, `01/03`, `1`.
    public var value: String?

    /// The element's own action (a tap), calling `action` with `value`.
    public init(action: String, value: String? = nil) {
        self.name = nil
        self.action = action
        self.value = value
    }

    /// A named action offered beside the element's own.
    public init(named name: String, action: String, value: String? = nil) {
        self.name = name
        self.action = action
        self.value = value
    }

    /// Whether this is the element's own action (a tap), not a named one.
    public var isDefault: Bool { name == nil }
}
