import Foundation
import ScreenKit
import SharedNetworking

/// The whole screen for one width: view state, each row's image state and layout, and the
/// metrics it was laid out with. What the terminal and the HTML previews draw, and what
/// `exercises facts --json` prints.
public struct FactsViewState: Sendable, Equatable, Codable {
    /// The navigation title.
    public var title: String
    /// Where loading stands: the screen state's ``/ScreenKit/ScreenState/phase``, printed as
    /// `status` (kept in the view state for `exercises facts --json`).
    public var status: LoadingPhase
    /// Whether a refresh runs while the rows stay on screen.
    public var isRefreshing: Bool
    /// The last failure, one line, ready to show.
    public var errorMessage: String?
    /// `1 empty row hidden` when the feed had rows that say nothing; `nil` otherwise.
    public var droppedRowsNotice: String?
    /// Shown instead of rows when a loaded feed has none: `This feed has no facts yet.`
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
    /// The language of the screen's words (the spoken words' language, the user's messages
    /// locale's): a renderer that writes words of its own takes them from ``FactsWrittenText``
    /// in this language, so the whole screen is in one.
    public var language: SpokenLanguage
    /// The rows in order, each with its image state and layout.
    public var rows: [Row]
    /// The title as the screen's level-1 heading.
    public var titleAccessibility: AccessibilityElement
    /// The navigation bar's refresh button: action `refresh`; `Refreshing` and not enabled while
    /// a load runs.
    public var refreshAccessibility: AccessibilityElement
    /// The rows as a container: `13 facts`.
    public var listAccessibility: AccessibilityElement
    /// The error line, spoken: `Couldn't refresh the facts. …`; `nil` without an error.
    public var errorAccessibility: AccessibilityElement?
    /// The empty feed's message, spoken; `nil` when there are rows.
    public var emptyAccessibility: AccessibilityElement?
    /// The dropped-rows notice, spoken; `nil` when nothing was dropped. (The network's banner
    /// speaks through ``notice``.)
    public var noticeAccessibility: AccessibilityElement?
    /// What VoiceOver should say about the last load (the screen state's
    /// ``/ScreenKit/ScreenState/announcement``, copied for `--json`).
    public var announcement: Announcement?
    /// What the rows are when they are not a fresh answer (a saved copy, a retry):
    /// the screen state's ``/ScreenKit/ScreenState/notice``, with its `accessibility`.
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
        /// The row as one VoiceOver element: `Beavers. Beavers are second only to humans…`, the
        /// picture's state as its value (`picture loading`). The picture is decorative: it
        /// adds nothing the words do not say, so it is no element of its own.
        public var accessibility: AccessibilityElement
    }

    /// The screen for `state` (the feed as its content, with where loading stands) at `width`
    /// points: each row laid out by `engine` (every row measured) with its image state from
    /// `images` (by row index); VoiceOver's words in `spoken`. `source` names where the rows came
    /// from.
    public init(
        state: ScreenState<FactsFeed>, source: String? = nil, images: (Int) -> RowImageState, width: Double, engine: FactRowLayoutEngine,
        spoken: FactsSpokenText = FactsSpokenText(language: .english)
    ) {
        var cache = FactRowLayoutCache(engine: engine)
        self.init(state: state, source: source, images: images, width: width, cache: &cache, spoken: spoken)
    }

    /// The screen laid out through `cache`: only rows whose content, image state or width
    /// changed since the cache's last screen are measured (``FactRowLayoutCache``). The builder
    /// of the facts screen: pure, and an initializer because the cache is its only state.
    public init(
        state: ScreenState<FactsFeed>, source: String? = nil, images: (Int) -> RowImageState, width: Double,
        cache: inout FactRowLayoutCache, spoken: FactsSpokenText = FactsSpokenText(language: .english)
    ) {
        let feed = state.content ?? FactsFeed(title: nil, rows: [])
        title = feed.displayTitle
        status = state.phase
        isRefreshing = state.isRefreshing
        errorMessage = state.error?.description
        let written = FactsWrittenText(language: spoken.language)
        language = written.language
        droppedRowsNotice = feed.droppedRowCount == 0 ? nil : written.droppedRows(feed.droppedRowCount)
        emptyText = state.content != nil && feed.rows.isEmpty ? written.empty : nil
        lastUpdated = state.lastUpdated
        self.source = source
        notice = state.notice
        self.width = width
        metrics = cache.engine.metrics
        let imageStates = feed.rows.enumerated().map { index, row in row.imageURL == nil ? RowImageState.none : images(index) }
        let layouts = cache.layouts(for: feed.rows, images: imageStates, width: width)
        rows = zip(feed.rows, zip(imageStates, layouts)).map { row, placed in
            Row(
                id: row.id, title: row.title, description: row.description, imageURL: row.imageURL, image: placed.0, layout: placed.1,
                accessibility: Self.rowAccessibility(row, image: placed.0, spoken: spoken))
        }
        contentHeight = rows.reduce(0) { $0 + $1.layout.size.height }
        titleAccessibility = .heading(feed.displayTitle, level: .h1, identifier: "title")
        let loading = state.phase == .loading
        refreshAccessibility = AccessibilityElement(
            label: spoken.refresh, value: loading ? spoken.refreshing : nil, hint: spoken.refreshHint,
            traits: loading ? [.button, .notEnabled] : .button, actions: [AccessibilityAction(action: FactsAction.refresh.rawValue)],
            identifier: "refresh")
        listAccessibility = AccessibilityElement(label: spoken.factCount(feed.rows.count), children: .contain, identifier: "rows")
        errorAccessibility = state.error.map { error in
            AccessibilityElement(
                label: state.content == nil ? spoken.loadFailed(error.description) : spoken.refreshFailed(error.description),
                identifier: "error")
        }
        emptyAccessibility = emptyText == nil ? nil : AccessibilityElement(label: spoken.empty, identifier: "empty")
        noticeAccessibility =
            feed.droppedRowCount == 0 ? nil : AccessibilityElement(label: spoken.droppedRows(feed.droppedRowCount), identifier: "notice")
        announcement = state.announcement
    }

    /// `Title. Description.`, the picture's state as the value.
    static func rowAccessibility(_ row: FactRow, image: RowImageState, spoken: FactsSpokenText) -> AccessibilityElement {
        let words = [row.title, row.description].compactMap { $0 }.filter { !$0.isEmpty }
        let value: String? =
            switch image {
            case .none: nil
            case .notLoaded, .loading: spoken.pictureLoading
            case .loaded: spoken.withPicture
            case .failed: spoken.pictureFailed
            }
        return AccessibilityElement(
            label: words.isEmpty ? spoken.untitled : words.joined(separator: ". "), value: value, children: .ignore,
            identifier: "fact-\(row.id)")
    }
}
