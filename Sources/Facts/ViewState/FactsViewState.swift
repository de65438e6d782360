import Foundation
import SharedNetworking

/// The whole screen for one width: view state, each row's image state and layout, and the
/// metrics it was laid out with. What the terminal and the HTML previews draw, and what
/// `exercises facts --json` prints.
public struct FactsViewState: Sendable, Equatable, Codable {
    /// The navigation title.
    public var title: String
    /// Where loading stands: the view-model's ``FactsViewModel/State/phase``, printed as `status`.
    public var status: LoadingPhase
    /// Whether a refresh runs while the rows stay on screen.
    public var isRefreshing: Bool
    /// The last failure, one line, ready to show.
    public var errorMessage: String?
    /// `2 rows could not be shown.` when the feed had rows that were dropped; `nil` otherwise.
    public var droppedRowsNotice: String?
    /// Shown instead of rows when a loaded feed has none.
    public var emptyText: String?
    /// When the rows on screen were loaded.
    public var lastUpdated: Date?
    /// Where the rows came from (a file name or URL).
    public var source: String?
    /// The width in points the rows were laid out for.
    public var width: Double
    /// The sum of the row heights (a table's content height, without separators).
    public var contentHeight: Double
    /// The design constants the rows were laid out with.
    public var metrics: FactsLayoutMetrics
    /// The rows in order, each with its image state and layout.
    public var rows: [Row]
    /// What the rows are when they are not a fresh answer (a saved copy, a retry):
    /// the view-model's ``FactsViewModel/State/notice``.
    public var notice: NetworkNotice?

    /// One row as drawn: its content, its image's state and where everything goes.
    public struct Row: Sendable, Equatable, Codable, Identifiable {
        /// The row's position on screen.
        public var id: Int
        /// The title, if any.
        public var title: String?
        /// The description, if any.
        public var description: String?
        /// The image's URL, if any.
        public var imageURL: URL?
        /// Whether the image is loading, loaded (with its pixel size) or failed.
        public var image: RowImageState
        /// Frames and wrapped lines for the screen's width.
        public var layout: FactRowLayout
    }

    /// The screen for `state` at `width` points: each row laid out by `engine` (every row
    /// measured) with its image state from `images` (by row id).
    public init(state: FactsViewModel.State, images: (Int) -> RowImageState, width: Double, engine: FactRowLayoutEngine) {
        var cache = FactRowLayoutCache(engine: engine)
        self.init(state: state, images: images, width: width, cache: &cache)
    }

    /// The screen laid out through `cache`: only rows whose content, image state or width
    /// changed since the cache's last screen are measured (``FactRowLayoutCache``).
    public init(state: FactsViewModel.State, images: (Int) -> RowImageState, width: Double, cache: inout FactRowLayoutCache) {
        title = state.title
        status = state.phase
        isRefreshing = state.isRefreshing
        errorMessage = state.errorMessage
        droppedRowsNotice = state.droppedRowsNotice
        emptyText = state.phase == .loaded && state.rows.isEmpty ? state.emptyText : nil
        lastUpdated = state.lastUpdated
        source = state.source
        notice = state.notice
        self.width = width
        metrics = cache.engine.metrics
        let imageStates = state.rows.enumerated().map { index, row in row.imageURL == nil ? RowImageState.none : images(index) }
        let layouts = cache.layouts(for: state.rows, images: imageStates, width: width)
        rows = zip(state.rows, zip(imageStates, layouts)).map { row, placed in
            Row(id: row.id, title: row.title, description: row.description, imageURL: row.imageURL, image: placed.0, layout: placed.1)
        }
        contentHeight = rows.reduce(0) { $0 + $1.layout.size.height }
    }
}
