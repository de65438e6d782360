import Foundation

/// Everything the facts screen shows, apart from per-row image state (see
/// ``FactsImageCoordinator``) and geometry (see ``FactsScreen``).
public struct FactsViewState: Sendable, Equatable, Codable {
    /// Where loading stands, which decides between a spinner, the rows and a full-screen error.
    public enum Status: String, Sendable, Codable {
        /// Nothing requested yet.
        case idle
        /// The first load is running and there is nothing to show: a full-screen spinner.
        case loading
        /// Rows are on screen (possibly none: ``emptyText``).
        case loaded
        /// The first load failed and there is nothing to show: ``errorMessage`` full screen with
        /// a retry button. A failed *refresh* keeps `loaded` and shows the message as a banner.
        case failed
    }

    /// The navigation title: the feed's, or ``Facts/defaultTitle``.
    public var title: String
    /// The rows to show, in feed order.
    public var rows: [FactRow]
    /// Where loading stands now.
    public var status: Status
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

    /// A state; the defaults are the state before anything was loaded.
    public init(
        title: String = Facts.defaultTitle,
        rows: [FactRow] = [],
        status: Status = .idle,
        isRefreshing: Bool = false,
        errorMessage: String? = nil,
        droppedRowCount: Int = 0,
        lastUpdated: Date? = nil,
        source: String? = nil,
        emptyText: String = "This feed has no facts yet."
    ) {
        self.title = title
        self.rows = rows
        self.status = status
        self.isRefreshing = isRefreshing
        self.errorMessage = errorMessage
        self.droppedRowCount = droppedRowCount
        self.lastUpdated = lastUpdated
        self.source = source
        self.emptyText = emptyText
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
