import Foundation
import Observation
import ScreenKit
import SharedNetworking

/// The CarFit home screen: the worker's visits on the days selected in the calendar, as cards,
/// with pull to refresh.
///
/// Dependencies are injected and abstract: a ``CarFitFeedLoading`` for data (API, sample file,
/// generator, or a test fake), an `AppClock` for "now", and a `Calendar` and `TimeZone` for
/// days and times. It formats nothing itself: ``VisitSchedule`` arranges the visits,
/// ``VisitCardFormatter`` produces the cards, ``CalendarViewModel`` owns the selection.
///
/// Loading rules:
/// - ``load()`` fetches once (a full-screen spinner, ``isLoading``); calling it again after a
///   success does nothing, so it can sit in `.task { }` of a view that appears repeatedly.
/// - ``refresh()`` always fetches (pull to refresh): ``isRefreshing`` is true from the call
///   until the new data or the error is applied, so the spinner stays visible while it runs.
/// - One fetch at a time: calling either while a fetch runs waits for that fetch instead of
///   starting another.
/// - Cancelling a caller (the view's `.task` or `.refreshable` going away) returns it at once;
///   when no caller is left waiting, the fetch itself is cancelled, down to the network request.
/// - A failure never clears what is shown: after a failed refresh the previous visits stay and
///   ``error`` explains what went wrong; the next success clears it.
/// - On a cold start the visits the loader saved are shown at once (as a refresh over them,
///   marked by ``notice``: `Saved 2 hours ago`) while the network is asked; if it fails they stay,
///   marked `Offline: saved 2 hours ago`. A saved copy the server's caching rules still call
///   fresh is simply shown, with no request. A retry under way says so (`Retrying, 2 of 3`).
@Observable
@MainActor
public final class CleanerListViewModel {
    /// The calendar panel above the list; its selection decides which days the list shows.
    public let calendarViewModel: CalendarViewModel
    /// Where loading stands: `loading` while a fetch runs (a first load or a refresh), then
    /// `loaded` or `failed`; a cancelled fetch leaves it as it was. A failed refresh keeps the
    /// visits on screen.
    public private(set) var phase: LoadingPhase = .idle
    /// A pull-to-refresh is running (``phase`` is `loading`).
    public private(set) var isRefreshing = false
    /// A load started by ``load()`` is running (a full-screen spinner): ``phase`` is `loading`
    /// and the fetch is not a refresh.
    public var isLoading: Bool { phase == .loading && !isRefreshing }
    /// The last load or refresh failure; `nil` after a success or ``dismissError()``.
    public private(set) var error: NetworkError?
    /// What the last successful load dropped or repaired (bad rows, repeated visits).
    public private(set) var diagnostics: [Diagnostic] = []
    /// When the visits on screen were fetched (for a saved copy: when it was saved); `nil`
    /// until the first success.
    public private(set) var lastUpdated: Date?
    /// What the visits on screen are when they are not a fresh answer: a saved copy (while the
    /// network is asked, or after it failed) or a retry under way; `nil` after a success.
    public private(set) var notice: NetworkNotice?
    /// Cards per day, built once per load (distances depend only on the day's own order).
    private var cardsByDay: [CalendarDay: [VisitCard]] = [:]
    /// What VoiceOver should say about the last load: a refresh finished (`Visits updated. 3
    /// visits on the selected days.`, also when it replaces a saved copy) or a load or refresh
    /// failed (high priority, followed by `Offline: saved 2 hours ago.` when the saved visits
    /// first stay because of it). A first load that succeeds says nothing: the list appearing
    /// says it.
    public private(set) var announcement: Announcement?
    /// The design's badge colours (`standard`) or darker ones (`increased`): set it from the
    /// environment's `colorSchemeContrast`; the cards are rebuilt with the new colours.
    public var contrast: ContrastPreference {
        didSet {
            guard contrast != oldValue else { return }
            cardFormatter = VisitCardFormatter(calendar: calendar, language: language, contrast: contrast)
            if let schedule { cardsByDay = cardFormatter.cardsByDay(schedule) }
        }
    }

    @ObservationIgnored private let loader: any CarFitFeedLoading
    @ObservationIgnored private let clock: any AppClock
    @ObservationIgnored private var cardFormatter: VisitCardFormatter
    @ObservationIgnored private let dayText: DayTextFormatter
    @ObservationIgnored private let calendar: Calendar
    @ObservationIgnored private let language: Locale?
    /// The last load's visits, kept so a change of ``contrast`` can redraw the cards.
    @ObservationIgnored private var schedule: VisitSchedule?
    @ObservationIgnored private var announcements = AnnouncementCounter()
    @ObservationIgnored private let noticeText: NetworkNoticeText
    @ObservationIgnored private var runningFetch: Task<Void, Never>?
    /// Callers waiting for ``runningFetch``, by ticket.
    @ObservationIgnored private var waiters: [Int: CheckedContinuation<Void, Never>] = [:]
    @ObservationIgnored private var nextTicket = 0

    /// - Parameters:
    ///   - loader: where visits come from (``CarFitFeedLoader``, ``GeneratedCarFitFeedLoader``, a test double).
    ///   - clock: "now", for today and the time of the last update.
    ///   - calendar: locale (names, number formats, first weekday) and week rules.
    ///   - timeZone: the worker's time zone; start times (UTC in the feed) are shown in it and
    ///     visits are grouped by the day they start on in it. It replaces `calendar.timeZone`.
    ///   - language: the locale whose language the screen's own words are in (`Today`, the
    ///     badges, VoiceOver's words); the calendar's locale when `nil`. Dates and numbers follow
    ///     the calendar.
    ///   - contrast: the badge colours (``contrast``).
    public init(
        loader: any CarFitFeedLoading, clock: any AppClock, calendar: Calendar, timeZone: TimeZone, language: Locale? = nil,
        contrast: ContrastPreference = .standard
    ) {
        var local = CalendarViewModel.gregorian(like: calendar)
        local.timeZone = timeZone
        self.loader = loader
        self.clock = clock
        self.calendar = local
        self.language = language
        self.contrast = contrast
        self.cardFormatter = VisitCardFormatter(calendar: local, language: language, contrast: contrast)
        self.dayText = DayTextFormatter(calendar: local)
        self.calendarViewModel = CalendarViewModel(calendar: local, clock: clock, language: language)
        self.noticeText = NetworkNoticeText(locale: language ?? calendar.locale ?? Locale(identifier: "en"))
    }

    /// Whether visits have been loaded at least once (so a list, possibly stale, is shown).
    public var hasContent: Bool { lastUpdated != nil }

    // MARK: Loading

    /// Loads the visits if they have not been loaded yet.
    public func load() async {
        guard !hasContent else { return }
        await fetch(.load)
    }

    /// Fetches the visits again (pull to refresh).
    public func refresh() async {
        await fetch(.refresh)
    }

    /// Hides the error banner.
    public func dismissError() {
        error = nil
    }

    private enum FetchKind { case load, refresh }

    private func fetch(_ kind: FetchKind) async {
        if runningFetch == nil {
            let before = phase
            setActivity(kind, true)
            // An unstructured task so a second caller can join the same fetch; it is on the main
            // actor, and nothing suspends between creating it and storing it, so no caller can
            // slip in between and start a second one.
            let noticeBefore = notice?.kind
            runningFetch = Task {
                var after = LoadingPhase.loaded
                if kind == .load, !self.hasContent, let saved = await self.loader.saved() {
                    self.apply(saved.value, at: saved.savedAt)
                    if saved.isFresh {
                        self.finish(kind, then: .loaded)
                        return
                    }
                    self.notice = self.noticeText.saved(at: saved.savedAt, now: self.clock.now)
                    // The list is on screen: what follows is a refresh over it, not a blank spinner.
                    self.isRefreshing = true
                }
                // A saved copy on screen counts as content: the fresh one replacing it is announced.
                let hadContent = self.hasContent
                let loader = self.loader
                let observer = RetryObserver { [weak self] notice in await self?.showRetry(notice) }
                let result: Result<VisitBatch, NetworkError> = await observer.observing { () async throws(NetworkError) in
                    try await loader.load()
                }
                switch result {
                case .success(let batch):
                    self.apply(batch, at: self.clock.now)
                    self.notice = nil
                    if hadContent {
                        let count = self.sections.reduce(0) { $0 + $1.cards.count }
                        self.announcement = self.announcements.announce(self.cardFormatter.strings.visitsUpdated(count))
                    }
                case .failure(let error) where error == .cancelled:
                    // Cancelled is not a failure: everything stays as it was.
                    after = before
                    if let savedAt = self.lastUpdated, self.notice?.savedAt != nil {
                        self.notice = self.noticeText.saved(at: savedAt, now: self.clock.now)
                    }
                case .failure(let error):
                    self.error = error
                    after = .failed
                    self.notice = self.lastUpdated.map {
                        self.noticeText.failed(offline: error.isConnectivityFailure, savedAt: $0, now: self.clock.now)
                    }
                    let strings = self.cardFormatter.strings
                    let title = hadContent ? strings.refreshFailedTitle : strings.loadFailedTitle
                    let text = NetworkNotice.failureAnnouncement(
                        "\(title). \(error.description)", notice: self.notice, before: noticeBefore)
                    self.announcement = self.announcements.announce(text, priority: .high)
                }
                self.finish(kind, then: after)
            }
        }
        // Each caller waits on its own continuation, so a cancelled one can leave at once while
        // the others keep waiting. The fetch task cannot finish before the continuation is
        // stored: it runs on this actor, which is not given up until this caller suspends.
        let ticket = nextTicket
        nextTicket += 1
        await withTaskCancellationHandler {
            await withCheckedContinuation { waiters[ticket] = $0 }
        } onCancel: {
            Task { @MainActor in self.withdraw(ticket) }
        }
    }

    /// A cancelled caller stops waiting; the last one to leave cancels the fetch (the source's
    /// request, the HTTP client's retry sleep, the transfer).
    private func withdraw(_ ticket: Int) {
        guard let waiter = waiters.removeValue(forKey: ticket) else { return }
        waiter.resume()
        if waiters.isEmpty { runningFetch?.cancel() }
    }

    /// The fetch ends: ``phase`` is `after`, every waiting caller returns.
    private func finish(_ kind: FetchKind, then after: LoadingPhase) {
        setActivity(kind, false, then: after)
        isRefreshing = false
        runningFetch = nil
        let finished = waiters
        waiters = [:]
        for waiter in finished.values { waiter.resume() }
    }

    /// A retry is about to wait: say so over whatever is on screen.
    private func showRetry(_ notice: RetryNotice) {
        guard phase == .loading else { return }
        self.notice = noticeText.retrying(notice, savedAt: lastUpdated, now: clock.now)
    }

    /// A fetch of `kind` starts (`active`) or ends, leaving ``phase`` at `after`.
    private func setActivity(_ kind: FetchKind, _ active: Bool, then after: LoadingPhase = .loading) {
        phase = active ? .loading : after
        if kind == .refresh { isRefreshing = active }
    }

    private func apply(_ batch: VisitBatch, at date: Date) {
        let schedule = VisitSchedule(visits: batch.visits, calendar: calendar)
        self.schedule = schedule
        cardsByDay = cardFormatter.cardsByDay(schedule)
        diagnostics = batch.diagnostics + schedule.diagnostics
        calendarViewModel.markedDays = Set(schedule.days)
        lastUpdated = date
        error = nil
    }

    // MARK: What the list shows

    /// The selected days in calendar order, each with its cards (or an empty message). Empty
    /// until the first load has succeeded.
    public var sections: [VisitDaySection] {
        guard hasContent else { return [] }
        let currentYear = calendarViewModel.today.year
        let strings = cardFormatter.strings
        return calendarViewModel.selectedDays.sorted().map { day in
            let cards = cardsByDay[day] ?? []
            let nearest = cards.isEmpty ? nearestVisitDay(to: day) : nil
            let nearestText = nearest.map { strings.nearestDayWithVisits(dayText.title(of: $0, includeYear: $0.year != currentYear)) }
            return VisitDaySection(
                day: day,
                title: dayText.title(of: day, includeYear: day.year != currentYear),
                summary: strings.visitCount(cards.count),
                cards: cards,
                emptyMessage: cards.isEmpty ? ([strings.noVisitsOnDay] + (nearestText.map { [$0] } ?? [])).joined(separator: " ") : nil,
                nearestVisitDay: nearest
            )
        }
    }

    /// The day with visits closest to `day` (the later one on a tie), if any day has visits.
    private func nearestVisitDay(to day: CalendarDay) -> CalendarDay? {
        let target = day.daysSince1970
        return cardsByDay.keys.min { lhs, rhs in
            let (left, right) = (abs(lhs.daysSince1970 - target), abs(rhs.daysSince1970 - target))
            return left != right ? left < right : lhs > rhs
        }
    }

    /// The header: `Today`, the selected day, or `3 days selected`.
    public var title: String {
        let strings = cardFormatter.strings
        let selected = calendarViewModel.selectedDays
        let today = calendarViewModel.today
        switch selected.count {
        case 0: return strings.noDaySelectedTitle
        case 1:
            let day = selected.first ?? today
            return day == today ? strings.today : dayText.title(of: day, includeYear: day.year != today.year)
        default: return strings.daysSelected(selected.count)
        }
    }

    /// What to show instead of the list, if anything.
    public var emptyState: EmptyState? {
        let strings = cardFormatter.strings
        if !hasContent {
            if let error {
                return EmptyState(kind: .loadFailed, title: strings.loadFailedTitle, message: error.description)
            }
            return EmptyState(kind: .loading, title: strings.loading, message: "")
        }
        if calendarViewModel.selectedDays.isEmpty {
            return EmptyState(kind: .noDaySelected, title: strings.noDaySelectedTitle, message: strings.noDaySelectedMessage)
        }
        return nil
    }

    /// A failed refresh over a list that stays on screen.
    public var errorBanner: EmptyState? {
        guard hasContent, let error else { return nil }
        return EmptyState(kind: .refreshFailed, title: cardFormatter.strings.refreshFailedTitle, message: error.description)
    }

    /// The whole screen as one value (terminal, HTML previews, snapshot tests).
    public var state: CleanerListViewState {
        let strings = cardFormatter.strings
        let updated = lastUpdated.map { strings.updated(at: dayText.time(of: $0)) }
        let calendar = calendarViewModel.state
        return CleanerListViewState(
            title: title,
            lastUpdatedText: updated,
            isLoading: isLoading,
            isRefreshing: isRefreshing,
            sections: sections,
            emptyState: emptyState,
            errorBanner: errorBanner,
            calendar: calendar,
            titleAccessibility: AccessibilityElement(
                label: titleHeading, value: updated, traits: .header, headingLevel: .h1, identifier: "title"),
            calendarButtonAccessibility: AccessibilityElement(
                label: strings.calendarButton, hint: strings.calendarButtonHint,
                traits: calendar.isPresented ? [.button, .toggle, .selected] : [.button, .toggle],
                actions: [AccessibilityAction(action: CarFitAction.toggleCalendar.rawValue)], identifier: "calendar-button"),
            listAccessibility: AccessibilityElement(
                label: strings.visitList, actions: [AccessibilityAction(named: strings.refresh, action: CarFitAction.refresh.rawValue)],
                children: .contain, identifier: "visits"),
            announcement: announcement,
            notice: notice
        )
    }

    /// The title as spoken: `Today` is followed by the date it is.
    private var titleHeading: String {
        let today = calendarViewModel.today
        guard calendarViewModel.selectedDays == [today] else { return title }
        return cardFormatter.strings.todayHeading(dayText.title(of: today, includeYear: true))
    }
}
