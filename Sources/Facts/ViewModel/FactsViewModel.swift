import Foundation
import Observation
import ScreenKit
import SharedNetworking

/// The facts screen's view-model: loads the feed, refreshes it, lays the rows out for the
/// screen's width, owns the image coordinator.
///
/// A SwiftUI view reads ``state`` (``/ScreenKit/ScreenState``: the phase, the ``FactsViewState``
/// as its `content`, the notice, the error, the announcement), reports its width with
/// ``setWidth(_:)`` from a `GeometryReader` and its visible rows to ``images``, and calls
/// ``load()`` in `.task` and ``refresh()`` from `.refreshable` and the refresh button.
///
/// - Loading follows ``/ScreenKit/ScreenLoader``'s rules, the same on every feed screen: one
///   fetch at a time (a refresh during a load joins it: the running request already fetches the
///   newest feed), the last caller to leave cancels it, the saved copy shown at once on a cold
///   start, a failed refresh keeps the rows beside the error, marked `Offline: saved 2 hours ago`.
/// - Loading never blocks the main actor: ``/SharedNetworking/FeedLoader/load(_:from:)`` is
///   `@concurrent`, so the download, the text repair and the JSON decoding run on the global
///   executor; only the finished ``FactsFeed`` is applied here.
/// - ``state``'s content follows the width and every row's image state: it is laid out when read,
///   through a ``FactRowLayoutCache``, so a row is measured again only when its text, its image
///   state or the width changed (cheap to read from a view's `body`).
/// - A refresh that succeeds over rows on screen retries the images that failed.
@Observable @MainActor
public final class FactsViewModel {
    /// The facts' loading and the drawable ``FactsViewState`` (`content`) at ``width``, with each
    /// row's image state; follows the feed, the width and the images.
    public var state: ScreenState<FactsViewState> {
        let spoken = self.spoken, images = self.images, width = self.width, source = self.source
        let loading = screen.state
        return loading.map { _ in
            FactsViewState(
                state: loading, source: source, images: images.state(forRow:), width: width, cache: &layoutCache, spoken: spoken)
        }
    }
    /// The width in points the rows are laid out for (``setWidth(_:)``).
    public private(set) var width: Double
    /// Per-row image loading; the view reports visible rows to it.
    public let images: FactsImageCoordinator
    /// VoiceOver's words, in the user's language.
    @ObservationIgnored public let spoken: FactsSpokenText

    @ObservationIgnored private let screen: ScreenLoader<FactsFeed, FactsFeed>
    /// Where the rows on screen came from (a file name or URL).
    @ObservationIgnored private var source: String?
    /// Row layouts reused between reads of ``state`` (only changed rows are measured).
    @ObservationIgnored private var layoutCache: FactRowLayoutCache

    /// A view-model for one feed; nothing is loaded until ``load()``.
    /// - Parameters:
    ///   - loader: where the feed is and how it is fetched and decoded (``FactsFeedLoader``).
    ///   - images: loads the rows' images.
    ///   - clock: for "Updated" times and the age of a saved copy.
    ///   - layoutEngine: how rows are measured and laid out (an app passes one with
    ///     `TextKitMeasurer` where UIKit has TextKit; the default measures deterministically).
    ///   - width: the width in points to lay the rows out for, until ``setWidth(_:)``.
    ///   - language: the locale of the screen's own words (VoiceOver's, the placeholder's, and the
    ///     saved-copy and retry notices); English when `nil`, as the feed's own words are.
    public init(
        loader: any FactsFeedLoading, images: FactsImageCoordinator, clock: any AppClock,
        layoutEngine: FactRowLayoutEngine = FactRowLayoutEngine(), width: Double = 375, language: Locale? = nil
    ) {
        let spoken = language.map(FactsSpokenText.init(locale:)) ?? FactsSpokenText(language: .english)
        self.spoken = spoken
        self.images = images
        self.width = width
        self.layoutCache = FactRowLayoutCache(engine: layoutEngine)
        self.screen = ScreenLoader(
            loader: loader, text: spoken, retryAction: FactsAction.refresh.rawValue, clock: clock,
            language: language ?? Locale(identifier: "en"))
        screen.presenter = self
    }

    /// Loads the feed if nothing is on screen yet (call from `.task`); otherwise does nothing,
    /// so returning to the screen does not reload it.
    public func load() async {
        await screen.load()
    }

    /// Fetches the feed again (pull-to-refresh, the refresh button), keeping the rows on screen
    /// until the new ones arrive; joins a load that is already running. After a success over
    /// rows on screen, images that failed are tried again.
    public func refresh() async {
        let hadRows = screen.state.content != nil
        await screen.refresh()
        if hadRows, screen.state.phase == .loaded { await images.retryFailures() }
    }

    /// The container's width changed (rotation, split view, a browser window): the rows are laid
    /// out again for it, the images' slots with them.
    public func setWidth(_ width: Double) {
        let width = width.isFinite ? max(0, width) : 0
        guard width != self.width else { return }
        self.width = width
    }

    /// Row layouts measured and reused so far (tests, benchmarks).
    public var layoutStatistics: (measured: Int, reused: Int) { (layoutCache.measuredCount, layoutCache.reusedCount) }

    /// Remembers where `loaded` came from and gives its rows' images to the coordinator.
    func present(_ loaded: Loaded<FactsFeed>) {
        source = loaded.source
        images.setRows(loaded.value.rows.map(\.imageURL))
    }
}
