import Foundation
import ScreenKit
import SharedNetworking

extension FactsViewModel {
    /// Everything the facts screen shows, apart from per-row image state (see
    /// ``FactsImageCoordinator``) and geometry (see ``FactsViewState``).
    public struct State: Sendable, Equatable, Codable {
        /// The navigation title: the feed's, or ``FactsFeed/defaultTitle``.
        public var title: String
        /// The rows to show, in feed order.
        public var rows: [FactRow]
        /// Where loading stands now, which decides between a spinner, the rows and a full-screen
        /// error: `loading` only while the first load runs with nothing to show, `failed` only when
        /// the first load failed (``errorMessage`` full screen with a retry button). A failed
        /// *refresh* keeps `loaded` and shows the message as a banner.
        public var phase: LoadingPhase
        /// A refresh is running while the rows stay on screen (pull-to-refresh spinner).
        public var isRefreshing: Bool
        /// The last load's failure, one line, ready to show; cleared by the next success.
        public var errorMessage: String?
        /// Rows the feed had but that were dropped (empty or malformed), for a discreet notice.
        public var droppedRowCount: Int
        /// When the rows on screen were loaded ("Updated 10:42").
        public var lastUpdated: Date?
        /// Where the rows came from (a file name or URL).
        public var source: String?
        /// Shown when a loaded feed has no rows.
        public var emptyText: String
        /// What VoiceOver should say about the last load: a refresh finished (`Facts updated:
        /// 13 facts.`, also when it replaces a saved copy) or a load or refresh failed (high
        /// priority, followed by `Offline: saved 2 hours ago.` when the saved rows first stay
        /// because of it); a first load that succeeds says nothing, the rows appearing say it.
        public var announcement: Announcement?
        /// What the rows on screen are when they are not a fresh answer: a saved copy shown while
        /// the network is asked (`Saved 2 hours ago`) or kept after it failed (`Offline: saved
        /// 2 hours ago`), or a retry under way (`Retrying, 2 of 3`); `nil` after a success.
        public var notice: NetworkNotice?

        /// A state; the defaults are the state before anything was loaded.
        public init(
            title: String = FactsFeed.defaultTitle,
            rows: [FactRow] = [],
            phase: LoadingPhase = .idle,
            isRefreshing: Bool = false,
            errorMessage: String? = nil,
            droppedRowCount: Int = 0,
            lastUpdated: Date? = nil,
            source: String? = nil,
            emptyText: String = "This feed has no facts yet.",
            notice: NetworkNotice? = nil
        ) {
            self.title = title
            self.rows = rows
            self.phase = phase
            self.isRefreshing = isRefreshing
            self.errorMessage = errorMessage
            self.droppedRowCount = droppedRowCount
            self.lastUpdated = lastUpdated
            self.source = source
            self.emptyText = emptyText
            self.notice = notice
        }

        /// "1 empty row hidden", or `nil`.
        public var droppedRowsNotice: String? {
            switch droppedRowCount {
            case 0: nil
            case 1: "1 empty row hidden"
            default: "\(droppedRowCount) empty rows hidden"
            }
        }
    }
}
