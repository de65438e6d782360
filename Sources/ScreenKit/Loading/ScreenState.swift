import Foundation
import SharedNetworking

/// Everything a screen shows about its loading, and its content: the one value every
/// exercise view-model publishes as `state`.
///
/// The same surface on every screen, so a view, the terminal and the HTML previews read any of
/// them the same way: ``phase`` (one rule, ``LoadingPhase``), ``content`` (the drawable view state:
/// `ScheduleViewState`, `CleanerListViewState`, `HooSetsViewState`, `FactsViewState`,
/// `TriviaViewState`), ``notice`` (what the content is when it is not a fresh answer), ``error``
/// (why the last load failed, one type for every screen), ``announcement`` (what VoiceOver says
/// about it), ``diagnostics`` (what loading repaired or dropped) and, when there is no content,
/// ``placeholder`` (the module's own words for loading or for the failure, and the action that
/// tries again), so no front-end writes loading or error text of its own.
///
/// ``ScreenLoader`` keeps it for a feed screen; a screen that loads no feed (Trivia) fills it
/// from its own machine.
public struct ScreenState<Content: Sendable & Equatable>: Sendable, Equatable {
    /// Where loading stands; see ``LoadingPhase`` for the rule.
    public var phase: LoadingPhase
    /// What to draw; `nil` until something could be shown (a load, or a saved copy), and kept
    /// through failed and cancelled refreshes.
    public var content: Content?
    /// Why the last load failed; cleared by the next success.
    public var error: NetworkError?
    /// What the content on screen is when it is not a fresh answer: a saved copy shown while the
    /// network is asked (`Saved 2 hours ago`) or kept after it failed (`Offline: saved 2 hours
    /// ago`), or a retry under way (`Retrying, 2 of 3`); `nil` after a success.
    public var notice: NetworkNotice?
    /// What VoiceOver should say now, posted when its ``Announcement/id`` changes: a failed load
    /// (high priority), a refresh that replaced content; a first load that succeeds says
    /// nothing, the content appearing says it.
    public var announcement: Announcement?
    /// What the last load that produced ``content`` repaired or dropped.
    public var diagnostics: [Diagnostic]
    /// When ``content`` was loaded, by the injected clock; for a saved copy, when it was saved.
    public var lastUpdated: Date?
    /// What to draw instead of content while there is none: the module's words for loading
    /// (`Loading the schedule…`) or for the failure with its reason; `nil` when there is content.
    public var placeholder: ScreenPlaceholder?

    /// A state from its parts; the defaults are the state before anything was loaded.
    public init(
        phase: LoadingPhase = .idle, content: Content? = nil, error: NetworkError? = nil, notice: NetworkNotice? = nil,
        announcement: Announcement? = nil, diagnostics: [Diagnostic] = [], lastUpdated: Date? = nil, placeholder: ScreenPlaceholder? = nil
    ) {
        self.phase = phase
        self.content = content
        self.error = error
        self.notice = notice
        self.announcement = announcement
        self.diagnostics = diagnostics
        self.lastUpdated = lastUpdated
        self.placeholder = placeholder
    }

    /// A fetch runs over content on screen: a list shows its refresh spinner, not a blank page.
    public var isRefreshing: Bool { phase == .loading && content != nil }

    /// A fetch runs with nothing on screen: the placeholder says it is loading.
    public var isLoading: Bool { phase == .loading && content == nil }

    /// The same state with its content made into another (what a view-model keeps → what it
    /// draws); everything else as it is.
    public func map<Other: Sendable & Equatable>(_ transform: (Content) throws -> Other) rethrows -> ScreenState<Other> {
        ScreenState<Other>(
            phase: phase, content: try content.map(transform), error: error, notice: notice, announcement: announcement,
            diagnostics: diagnostics, lastUpdated: lastUpdated, placeholder: placeholder)
    }
}
