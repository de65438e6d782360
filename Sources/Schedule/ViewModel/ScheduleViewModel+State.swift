import Foundation
import ScreenKit
import SharedNetworking

extension ScheduleViewModel {
    /// The schedule screen's whole state, owned by ``ScheduleViewModel``: the drawable
    /// ``ScheduleViewState`` (``content``) with where loading stands and what came with it.
    public struct State: Sendable, Equatable {
        /// Where loading stands now.
        public var phase: LoadingPhase = .idle
        /// The schedule to draw; survives failed refreshes.
        public var content: ScheduleViewState?
        /// Why the last load failed; cleared by the next success.
        public var error: NetworkError?
        /// What the last successful load repaired or dropped.
        public var diagnostics: [Diagnostic] = []
        /// Logos by URL: each distinct logo is requested once.
        public var logos: [URL: LogoState] = [:]
        /// When ``content`` was last loaded, by the injected clock; for a saved copy, when it was saved.
        public var lastUpdated: Date?
        /// What VoiceOver should say about the last load, if anything: a refresh finished
        /// (`Schedule updated.`, also when it replaces a saved copy) or a load failed
        /// (`Couldn't load the schedule. …`, high priority, followed by `Offline: saved 2 hours
        /// ago.` when the saved copy first stays because of it). A first load that succeeds
        /// says nothing: the list appearing says it.
        public var announcement: Announcement?
        /// What the content on screen is when it is not a fresh answer: a saved copy shown while
        /// the network is asked (`Saved 2 hours ago`) or kept after it failed (`Offline: saved
        /// 2 hours ago`), or a retry under way (`Retrying, 2 of 3`); `nil` after a success.
        public var notice: NetworkNotice?

        /// The state before anything was loaded: ``/ScreenKit/LoadingPhase/idle``, no content.
        public init() {}

        /// A refresh over existing content (a list shows its refresh spinner, not a blank page).
        public var isRefreshing: Bool { phase == .loading && content != nil }
    }
}
