import Foundation
import Observation
import ScreenKit
import SharedNetworking

/// The schedule screen's view-model: loads the feed, builds the view state, fetches logos.
///
/// A SwiftUI view reads ``state`` and calls ``load()`` in `.task`, ``refresh()`` from
/// `.refreshable`, and ``loadLogos(for:)`` in each row's `.task`. Guarantees:
/// - one download at a time: ``refresh()`` during a refresh waits for the running one;
/// - a failed refresh keeps the previous content and sets ``ScheduleViewModel/State/error``;
/// - on a cold start the copy the loader saved is shown at once, marked
///   (``ScheduleViewModel/State/notice``: `Saved 2 hours ago`), while the network is asked; if
///   the network fails it stays, marked `Offline: saved 2 hours ago`; a success clears the mark.
///   A saved copy the server's caching rules still call fresh is simply shown, with no request;
///   a retry under way says so (`Retrying, 2 of 3`);
/// - each distinct logo is requested once, however many rows show it or how often they appear;
///   a failed logo shows its tricode and is retried once per ``refresh()``, never in a loop.
@Observable
@MainActor
public final class ScheduleViewModel {
    /// Everything the screen draws, replaced as a whole value; SwiftUI observes it.
    public private(set) var state = ScheduleViewModel.State()

    @ObservationIgnored private let loader: any ScheduleFeedLoading
    @ObservationIgnored private let resources: any ResourceLoading
    @ObservationIgnored private let locale: Locale
    @ObservationIgnored private let timeZone: TimeZone
    @ObservationIgnored private let calendar: Calendar
    @ObservationIgnored private let clock: any AppClock
    @ObservationIgnored private let logoCatalog: TeamLogoCatalog
    @ObservationIgnored private let metrics: ScheduleMetrics
    @ObservationIgnored private let language: Locale?
    @ObservationIgnored private let spoken: ScheduleSpokenText
    @ObservationIgnored private let noticeText: NetworkNoticeText
    @ObservationIgnored private var announcements = AnnouncementCounter()
    /// Made on the first load and kept: its formatters cost more than formatting a feed.
    @ObservationIgnored private var builder: ScheduleViewStateBuilder?
    @ObservationIgnored private var feedTask: Task<Void, Never>?
    @ObservationIgnored private var logoTasks: [URL: Task<Void, Never>] = [:]

    /// A view-model with everything it depends on injected: the feed loader, the resource pipeline
    /// for logos, the user's locale, time zone and calendar, and the clock. An app passes
    /// `FeedSource.remote(ScheduleSource.remoteURL)` to ``ScheduleFeedLoader`` and declares the ATS
    /// exception in <doc:ScheduleGuide#App-Transport-Security-the-feed-is-plain-http>.
    /// `metrics` are the design's, or ``ScheduleMetrics/highContrast`` for Increase Contrast;
    /// `language` is the locale of the screen's own words (VoiceOver's, and the saved-copy and
    /// retry notices); `locale` when `nil`.
    public init(
        loader: any ScheduleFeedLoading,
        resources: any ResourceLoading,
        locale: Locale,
        timeZone: TimeZone,
        calendar: Calendar,
        clock: any AppClock,
        logos: TeamLogoCatalog = .yinzCam,
        metrics: ScheduleMetrics = .standard,
        language: Locale? = nil
    ) {
        self.loader = loader
        self.resources = resources
        self.locale = locale
        self.timeZone = timeZone
        self.calendar = calendar
        self.clock = clock
        self.logoCatalog = logos
        self.metrics = metrics
        self.language = language
        self.spoken = ScheduleSpokenText(locale: language ?? locale)
        self.noticeText = NetworkNoticeText(locale: language ?? locale)
    }

    /// Loads the schedule unless it is already shown (safe to call on every appearance).
    public func load() async {
        guard state.content == nil else { return }
        await downloadOnce()
    }

    /// Downloads the schedule again (pull to refresh), then retries logos that failed.
    /// Called while a download runs, it waits for that download instead of starting another.
    public func refresh() async {
        if let running = feedTask {
            await running.value
            return
        }
        await downloadOnce()
        await retryFailedLogos()
    }

    /// The logo slot of `side`.
    public func logo(for side: TeamSideState) -> LogoState {
        guard let url = side.logoURL else { return .placeholder(text: side.logoPlaceholder, failure: nil) }
        if let known = state.logos[url] { return known }
        // Already in the pipeline's memory (another screen showed it): draw it in this frame.
        if let cached = resources.cachedImage(for: url) { return .loaded(LogoImage(data: cached.data, info: cached.image)) }
        return .notRequested(placeholder: side.logoPlaceholder)
    }

    /// Requests both logos of `row` (a bye row has none); returns when they are settled.
    public func loadLogos(for row: ScheduleRow) async {
        guard let game = row.game else { return }
        async let left: Void = loadLogo(for: game.left)
        async let right: Void = loadLogo(for: game.right)
        _ = await (left, right)
    }

    /// Requests `side`'s logo unless it is loaded, loading or has failed since the last refresh.
    public func loadLogo(for side: TeamSideState) async {
        guard let url = side.logoURL else { return }
        if let running = logoTasks[url] {
            await running.value
            return
        }
        if state.logos[url] != nil { return }
        if let cached = resources.cachedImage(for: url) {
            state.logos[url] = .loaded(LogoImage(data: cached.data, info: cached.image))
            return
        }
        await startLogo(url, placeholder: side.logoPlaceholder).value
    }

    private func startLogo(_ url: URL, placeholder: String) -> Task<Void, Never> {
        state.logos[url] = .loading(placeholder: placeholder)
        let resources = self.resources
        // Owned by the view-model, not the row: a row scrolling away does not cancel a fetch
        // that other rows showing the same team are waiting for.
        let task = Task { [weak self] in
            let outcome: LogoState
            do throws(ResourceError) {
                let fetched = try await resources.image(for: url, priority: .normal)
                outcome = .loaded(LogoImage(data: fetched.data, info: fetched.image))
            } catch {
                outcome = .placeholder(text: placeholder, failure: error)
            }
            self?.state.logos[url] = outcome
            self?.logoTasks[url] = nil
        }
        logoTasks[url] = task
        return task
    }

    private func retryFailedLogos() async {
        await resources.clearFailures()
        let failed = state.logos.compactMap { url, logo -> (URL, String)? in
            if case .placeholder(let text, .some) = logo, logoTasks[url] == nil { return (url, text) }
            return nil
        }
        let tasks = failed.map { startLogo($0.0, placeholder: $0.1) }
        for task in tasks { await task.value }
    }

    private func downloadOnce() async {
        if let running = feedTask {
            await running.value
            return
        }
        let task = Task { await self.download() }
        feedTask = task
        await task.value
        feedTask = nil
    }

    private func download() async {
        state.phase = .loading
        let noticeBefore = state.notice?.kind
        if state.content == nil, let saved = await loader.saved() {
            apply(saved.value, at: saved.savedAt)
            if saved.isFresh {
                state.phase = .loaded
                return
            }
            state.notice = noticeText.saved(at: saved.savedAt, now: clock.now)
        }
        // A saved copy on screen counts as content: the fresh one replacing it is announced.
        let hadContent = state.content != nil
        let observer = RetryObserver { [weak self] notice in await self?.showRetry(notice) }
        let loader = self.loader
        let result: Result<Loaded<ScheduleFeed>, NetworkError> = await observer.observing { () async throws(NetworkError) in
            try await loader.load()
        }
        switch result {
        case .success(let loaded):
            apply(loaded, at: clock.now)
            state.notice = nil
            state.phase = .loaded
            state.announcement = hadContent ? announcements.announce(spoken.updated) : nil
        case .failure(let error):
            state.error = error
            state.phase = .failed
            state.notice = failureNotice(error)
            let text = NetworkNotice.failureAnnouncement(spoken.loadFailed(error.description), notice: state.notice, before: noticeBefore)
            state.announcement = announcements.announce(text, priority: .high)
        }
    }

    /// What marks the content after a failed load: nothing without content; the saved copy's
    /// age after a cancellation; otherwise offline (or not updated) since it was saved.
    private func failureNotice(_ error: NetworkError) -> NetworkNotice? {
        guard state.content != nil, let savedAt = state.lastUpdated else { return nil }
        return noticeText.afterFailure(error, savedAt: savedAt, current: state.notice, now: clock.now)
    }

    /// Draws `loaded` (made at `date`: now, or when a saved copy was saved).
    private func apply(_ loaded: Loaded<ScheduleFeed>, at date: Date) {
        let builder =
            self.builder
            ?? ScheduleViewStateBuilder(
                context: ScheduleDisplayContext(
                    locale: locale, timeZone: timeZone, calendar: calendar, now: clock.now, logos: logoCatalog, metrics: metrics,
                    language: language))
        self.builder = builder
        state.content = builder.build(loaded.value, now: clock.now)
        state.diagnostics = loaded.diagnostics
        state.error = nil
        state.lastUpdated = date
    }

    /// A retry is about to wait: say so over whatever is on screen.
    private func showRetry(_ notice: RetryNotice) {
        guard state.phase == .loading else { return }
        state.notice = noticeText.retrying(notice, savedAt: state.content == nil ? nil : state.lastUpdated, now: clock.now)
    }
}
