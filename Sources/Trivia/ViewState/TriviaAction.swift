/// The trivia screen's actions, by the names its ``/ScreenKit/AccessibilityAction``s and the HTML
/// previews' `data-action` give them, each with the view-model method it stands for.
public enum TriviaAction: String, Sendable, CaseIterable {
    /// ``TriviaViewModel/select(_:)`` of the choice whose 0-based index is the value (`0` is A),
    /// as sent in the protocol's `answer`.
    case answer
    /// ``TriviaViewModel/useWildcard()``.
    case useWildcard = "use-wildcard"
    /// ``TriviaViewModel/declineWildcard()``.
    case declineWildcard = "decline-wildcard"
}
