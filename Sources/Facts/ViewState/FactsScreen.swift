import Foundation

/// The whole screen for one width: view state, each row's image state and layout, and the
/// metrics it was laid out with. What the terminal and the HTML previews draw, and what
/// `exercises facts --json` prints.
public struct FactsScreen: Sendable, Equatable, Codable {
    public var title: String
    public var status: FactsViewState.Status
    public var isRefreshing: Bool
    public var errorMessage: String?
    public var droppedRowsNotice: String?
    public var emptyText: String?
    public var lastUpdated: Date?
    public var source: String?
    /// The width in points the rows were laid out for.
    public var width: Double
    /// The sum of the row heights (a table's content height, without separators).
    public var contentHeight: Double
    public var metrics: FactsLayoutMetrics
    public var rows: [Row]

    public struct Row: Sendable, Equatable, Codable, Identifiable {
        public var id: Int
        public var title: String?
        public var description: String?
        public var imageURL: URL?
        public var image: RowImageState
        public var layout: FactRowLayout
    }

    /// The screen laid out by `engine`, every row measured.
    public init(state: FactsViewState, images: (Int) -> RowImageState, width: Double, engine: FactRowLayoutEngine) {
        var cache = FactRowLayoutCache(engine: engine)
        self.init(state: state, images: images, width: width, cache: &cache)
    }

    /// The screen laid out through `cache`: only rows whose content, image state or width
    /// changed since the cache's last screen are measured (``FactRowLayoutCache``).
    public init(state: FactsViewState, images: (Int) -> RowImageState, width: Double, cache: inout FactRowLayoutCache) {
        title = state.title
        status = state.status
        isRefreshing = state.isRefreshing
        errorMessage = state.errorMessage
        droppedRowsNotice = state.droppedRowsNotice
        emptyText = state.status == .loaded && state.rows.isEmpty ? state.emptyText : nil
        lastUpdated = state.lastUpdated
        source = state.source
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
