import Foundation
import Observation
import ScreenKit
import SharedNetworking

/// The schedule screen's view-model: loads the feed, builds the view state, fetches logos.
///
/// A SwiftUI view reads ``state`` (``/ScreenKit/ScreenState``: the phase, the
/// ``ScheduleViewState`` as its `content`, the notice, the error, the announcement) and
/// ``logos``, and calls ``load()`` in `.task`, ``refresh()`` from `.refreshable`, and
/// ``loadLogos(for:)`` in each row's `.task`. Loading follows ``/ScreenKit/ScreenLoader``'s rules,
/// the same on every feed screen: one fetch at a time (a refresh during a refresh joins it), the
/// last caller to leave cancels it, the saved copy shown at once on a cold start (and not asked
/// again while the server calls it fresh), a failed refresh keeps the schedule beside the error,
/// marked `Offline: saved 2 hours ago`. What is the schedule's own:
/// - it builds the ``ScheduleViewState`` from the feed (``ScheduleViewStateBuilder``, made on the
///   first load and kept: its formatters cost more than formatting a feed), and says `Schedule
///   updated.` when a refresh replaced it;
/// - each distinct logo is requested once, however many rows show it or how often they appear;
///   a failed logo shows its tricode and is retried once per ``refresh()``, never in a loop.
@Observable
@MainActor
public final class ScheduleViewModel {
    /// The schedule's loading and its drawable ``ScheduleViewState`` (`content`), by the rules of
    /// ``/ScreenKit/ScreenLoader``; replaced as a whole value.
    public var state: ScreenState<ScheduleViewState> { screen.state }
    /// Logos by URL: each distinct logo is requested once. Not part of loading the feed: a logo
    /// arrives after the schedule, row by row.
    public private(set) var logos: [URL: LogoState] = [:]

    @ObservationIgnored private let screen: ScreenLoader<ScheduleFeed, ScheduleViewState>
    @ObservationIgnored private let resources: any ResourceLoading
    @ObservationIgnored private let locale: Locale
    @ObservationIgnored private let timeZone: TimeZone
    @ObservationIgnored private let calendar: Calendar
    @ObservationIgnored let clock: any AppClock
    @ObservationIgnored private let logoCatalog: TeamLogoCatalog
    @ObservationIgnored private let metrics: ScheduleMetrics
    @ObservationIgnored private let language: Locale?
    @ObservationIgnored let spoken: ScheduleSpokenText
    /// Made on the first load and kept: its formatters cost more than formatting a feed.
    @ObservationIgnored private var builder: ScheduleViewStateBuilder?
    @ObservationIgnored private var logoTasks: [URL: Task<Void, Never>] = [:]

    /// A view-model with everything it depends on injected: the feed loader, the resource pipeline
    /// for logos, the user's locale, time zone and calendar, and the clock. An app passes
    /// ``ScheduleFeedLoader`` on `FeedSource.remote(ScheduleSource.remoteURL)` and declares the ATS
    /// exception in <doc:ScheduleGuide#App-Transport-Security-the-feed-is-plain-http>.
    /// `metrics` are the design's, or ``ScheduleMetrics/highContrast`` for Increase Contrast;
    /// `language` is the locale of the screen's own words (VoiceOver's, the placeholder's, and the
    /// saved-copy and retry notices); `locale` when `nil`.
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
        let spoken = ScheduleSpokenText(locale: language ?? locale)
        self.resources = resources
        self.locale = locale
        self.timeZone = timeZone
        self.calendar = calendar
        self.clock = clock
        self.logoCatalog = logos
        self.metrics = metrics
        self.language = language
        self.spoken = spoken
        self.screen = ScreenLoader(
            loader: loader, text: spoken, retryAction: ScheduleAction.refresh.rawValue, clock: clock, language: language ?? locale)
        screen.presenter = self
    }

    /// Loads the schedule unless it is already shown (safe to call on every appearance).
    public func load() async {
        await screen.load()
    }

    /// Downloads the schedule again (pull to refresh), then retries logos that failed.
    /// Called while a download runs, it joins that download instead of starting another.
    public func refresh() async {
        await screen.refresh()
        await retryFailedLogos()
    }

    /// The logo slot of `side`.
    public func logo(for side: TeamSideState) -> LogoState {
        guard let url = side.logoURL else { return .placeholder(text: side.logoPlaceholder, failure: nil) }
        if let known = logos[url] { return known }
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
        if logos[url] != nil { return }
        if let cached = resources.cachedImage(for: url) {
            logos[url] = .loaded(LogoImage(data: cached.data, info: cached.image))
            return
        }
        await startLogo(url, placeholder: side.logoPlaceholder).value
    }

    private func startLogo(_ url: URL, placeholder: String) -> Task<Void, Never> {
        logos[url] = .loading(placeholder: placeholder)
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
            self?.logos[url] = outcome
            self?.logoTasks[url] = nil
        }
        logoTasks[url] = task
        return task
    }

    private func retryFailedLogos() async {
        await resources.clearFailures()
        let failed = logos.compactMap { url, logo -> (URL, String)? in
            if case .placeholder(let text, .some) = logo, logoTasks[url] == nil { return (url, text) }
            return nil
        }
        let tasks = failed.map { startLogo($0.0, placeholder: $0.1) }
        for task in tasks { await task.value }
    }

    /// The screen's builder, made on the first load and kept: its formatters cost more than
    /// formatting a feed.
    func viewStateBuilder() -> ScheduleViewStateBuilder {
        if let builder { return builder }
        let made = ScheduleViewStateBuilder(
            context: ScheduleDisplayContext(
                locale: locale, timeZone: timeZone, calendar: calendar, now: clock.now, logos: logoCatalog, metrics: metrics,
                language: language))
        builder = made
        return made
    }
}
