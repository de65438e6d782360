import Foundation
import Observation
import ScreenKit
import SharedNetworking

/// The facts screen's view-model: loads the feed, refreshes it, owns the image coordinator.
///
/// - Loading never blocks the main actor: ``/SharedNetworking/FeedLoader/load(_:from:)`` is `@concurrent`, so the
///   download, the text repair and the JSON decoding run on the global executor; only the
///   finished ``FactsFeed`` is applied here.
/// - A refresh keeps the current rows on screen until the new ones arrive; a failed refresh keeps
///   them and sets ``FactsViewModel/State/errorMessage``.
/// - On a cold start the copy the loader saved is shown at once (`loaded`, refreshing, marked by
///   ``FactsViewModel/State/notice``: `Saved 2 hours ago`) while the network is asked; if it
///   fails the rows stay, marked `Offline: saved 2 hours ago`. A saved copy the server's caching
///   rules still call fresh is simply shown, with no request. A retry under way says so.
/// - A refresh (or load) while one is running **joins** it: no second download starts and every
///   caller returns when the one in flight finishes. The running request already fetches the
///   newest feed, so cancelling it to start the same request again would only waste the bytes
///   received so far. A caller whose task is cancelled stops waiting; the shared load goes on.
@Observable @MainActor
public final class FactsViewModel {
    /// Everything the screen shows apart from per-row images; replaced as a whole value.
    public private(set) var state: FactsViewModel.State
    /// What the last successful load repaired or dropped (text decoded as Mac OS Roman, an
    /// empty row), for logs or a discreet notice.
    public private(set) var diagnostics: [Diagnostic] = []
    /// Per-row image loading; the view reports visible rows to it.
    public let images: FactsImageCoordinator

    @ObservationIgnored private let loader: any FactsFeedLoading
    @ObservationIgnored private let clock: any AppClock
    @ObservationIgnored private let noticeText: NetworkNoticeText
    @ObservationIgnored private var inFlight: Task<Void, Never>?
    /// Row layouts reused between ``screen(width:)`` calls (only changed rows are measured).
    @ObservationIgnored private var layoutCache: FactRowLayoutCache
    /// How many loads have started (each is one request of the feed, unless a saved copy the
    /// server still calls fresh answered it); for tests and logs.
    public private(set) var loadCount = 0
    /// VoiceOver's words, in the user's language.
    @ObservationIgnored public let spoken: FactsSpokenText
    @ObservationIgnored private var announcements = AnnouncementCounter()

    /// A view-model for one feed; nothing is loaded until ``load()``.
    /// - Parameters:
    ///   - loader: where the feed is and how it is fetched and decoded (``FactsFeedLoader``).
    ///   - images: loads the rows' images.
    ///   - clock: for "Updated" times.
    ///   - layoutEngine: how rows are measured and laid out (an app passes one with
    ///     `TextKitMeasurer` where UIKit has TextKit; the default measures deterministically).
    ///   - language: the locale of the screen's own words (VoiceOver's, and the saved-copy and
    ///     retry notices); English when `nil`, as the feed's own words are.
    public init(
        loader: any FactsFeedLoading, images: FactsImageCoordinator, clock: any AppClock,
        layoutEngine: FactRowLayoutEngine = FactRowLayoutEngine(), language: Locale? = nil
    ) {
        self.spoken = language.map(FactsSpokenText.init(locale:)) ?? FactsSpokenText(language: .english)
        self.loader = loader
        self.images = images
        self.clock = clock
        self.noticeText = NetworkNoticeText(locale: language ?? Locale(identifier: "en"))
        self.layoutCache = FactRowLayoutCache(engine: layoutEngine)
        self.state = State()
    }

    /// Loads the feed if nothing is on screen yet (call from `.task`); otherwise does nothing,
    /// so returning to the screen does not reload it.
    public func load() async {
        if state.phase == .loaded { return }
        await refresh()
    }

    /// Fetches the feed again (pull-to-refresh, the refresh button), keeping the rows on screen
    /// until the new ones arrive. Joins a load that is already running.
    public func refresh() async {
        if let inFlight {
            await inFlight.value
            return
        }
        let task = Task { await self.performLoad() }
        inFlight = task
        await task.value
    }

    /// The screen at `width` points, with each row's image state and layout. Cheap to call
    /// from a view's `body`: a row is measured again only when its text, its image state or the
    /// width changed since the last call (``FactRowLayoutCache``).
    public func screen(width: Double) -> FactsViewState {
        FactsViewState(state: state, images: images.state(forRow:), width: width, cache: &layoutCache, spoken: spoken)
    }

    /// Row layouts measured and reused by ``screen(width:)`` so far (tests, benchmarks).
    public var layoutStatistics: (measured: Int, reused: Int) { (layoutCache.measuredCount, layoutCache.reusedCount) }

    private func performLoad() async {
        loadCount += 1
        let noticeBefore = state.notice?.kind
        var hadRows = state.phase == .loaded
        if !hadRows, let saved = await loader.saved() {
            apply(saved.value, at: saved.savedAt)
            if saved.isFresh {
                inFlight = nil
                return
            }
            state.notice = noticeText.saved(at: saved.savedAt, now: clock.now)
            hadRows = true
        }
        if hadRows {
            state.isRefreshing = true
        } else {
            state.phase = .loading
        }
        let loader = self.loader
        let observer = RetryObserver { [weak self] notice in await self?.showRetry(notice) }
        let result: Result<Loaded<FactsFeed>, NetworkError> = await observer.observing { () async throws(NetworkError) in
            try await loader.load()
        }
        switch result {
        case .success(let loaded):
            apply(loaded, at: clock.now)
            state.notice = nil
            state.announcement = hadRows ? announcements.announce(spoken.updated(state.rows.count)) : nil
            if hadRows { await images.retryFailures() }
        case .failure(let error):
            state.errorMessage = error.description
            state.phase = hadRows ? .loaded : .failed
            state.notice = hadRows ? failureNotice(error) : nil
            let failure = hadRows ? spoken.refreshFailed(error.description) : spoken.loadFailed(error.description)
            let text = NetworkNotice.failureAnnouncement(failure, notice: state.notice, before: noticeBefore)
            state.announcement = announcements.announce(text, priority: .high)
        }
        state.isRefreshing = false
        inFlight = nil
    }

    /// What marks the rows after a failed load: the saved copy's age after a cancellation (if a
    /// saved copy is what is shown); otherwise offline (or not updated) since they were saved.
    private func failureNotice(_ error: NetworkError) -> NetworkNotice? {
        guard let savedAt = state.lastUpdated else { return nil }
        return noticeText.afterFailure(error, savedAt: savedAt, current: state.notice, now: clock.now)
    }

    /// A retry is about to wait: say so over whatever is on screen.
    private func showRetry(_ notice: RetryNotice) {
        let hasRows = state.phase == .loaded
        state.notice = noticeText.retrying(notice, savedAt: hasRows ? state.lastUpdated : nil, now: clock.now)
    }

    /// Shows `loaded` (made at `date`: now, or when a saved copy was saved).
    private func apply(_ loaded: Loaded<FactsFeed>, at date: Date) {
        let feed = loaded.value
        state.title = feed.displayTitle
        state.rows = feed.rows
        state.droppedRowCount = feed.droppedRowCount
        state.phase = .loaded
        state.errorMessage = nil
        state.lastUpdated = date
        state.source = loaded.source
        diagnostics = loaded.diagnostics
        images.setRows(feed.rows.map(\.imageURL))
    }
}
