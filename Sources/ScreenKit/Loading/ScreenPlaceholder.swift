import SharedNetworking

/// What a screen draws while it has no content: the module's words for loading, or for a load
/// that failed with its reason, and the action that tries again.
///
/// Made by ``ScreenLoader`` from the module's ``ScreenLoadingText``, so a SwiftUI view, the HTML
/// previews and the web server's live pages say the same thing in the screen's language, and
/// none of them writes loading or error text of its own.
public struct ScreenPlaceholder: Sendable, Hashable, Codable {
    /// Which situation the placeholder is for.
    public enum Kind: String, Sendable, Hashable, Codable, CaseIterable {
        /// A first load runs (or is about to): `Loading the schedule…`.
        case loading
        /// The first load failed: `Couldn't load the schedule` and why.
        case failed
    }

    /// Which situation this is: a spinner, or an error with a retry button.
    public var kind: Kind
    /// The headline: `Loading the schedule…`, `Couldn't load the schedule`.
    public var title: String
    /// For ``Kind/failed``: why, one line naming the culprit (the error's description).
    public var message: String?
    /// For ``Kind/failed``: the action that tries again, named in the screen's language
    /// (`Try again`), whose `action` is the module's refresh (`refresh`); `nil` while loading or
    /// when the screen has none.
    public var retry: AccessibilityAction?
    /// The placeholder as VoiceOver reaches it: one static element saying the title and the
    /// reason as a sentence each, with the retry as its named action; identifier `placeholder`.
    public var accessibility: AccessibilityElement
    /// The screen's name in the same language (``ScreenLoadingText/screenName``: `Spielplan`), for
    /// the bar over the placeholder; `nil` when it was not given.
    public var screenName: String?

    /// A placeholder from its parts; ``accessibility`` is made from them.
    public init(kind: Kind, title: String, message: String? = nil, retry: AccessibilityAction? = nil, screenName: String? = nil) {
        self.kind = kind
        self.title = title
        self.message = message
        self.retry = retry
        self.screenName = screenName
        let label = message.map { "\(title). \($0)" } ?? title
        self.accessibility = AccessibilityElement(
            label: label, traits: kind == .loading ? [.staticText, .updatesFrequently] : .staticText,
            actions: retry.map { [$0] } ?? [], identifier: "placeholder")
    }

    /// `Loading the schedule…` in `text`'s words.
    public static func loading(_ text: some ScreenLoadingText) -> ScreenPlaceholder {
        ScreenPlaceholder(kind: .loading, title: text.loading, screenName: text.screenName)
    }

    /// `Couldn't load the schedule` with `error`'s description (none once the error was
    /// dismissed), and `Try again` as the named action `retryAction` (the module's refresh), when
    /// the screen has one.
    public static func failed(_ error: NetworkError?, text: some ScreenLoadingText, retryAction: String?) -> ScreenPlaceholder {
        ScreenPlaceholder(
            kind: .failed, title: text.loadFailedTitle, message: error?.description,
            retry: retryAction.map { AccessibilityAction(named: text.retry, action: $0) }, screenName: text.screenName)
    }
}
