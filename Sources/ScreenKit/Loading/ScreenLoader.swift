import Foundation
import Observation
import SharedNetworking

/// The one loading machine of every feed screen: it runs the screen's ``/SharedNetworking/FeedLoading`` and keeps
/// its ``ScreenState``, by the same rules on every screen, so a view-model supplies only "feed →
/// view state" (its ``ScreenPresenter``) and its own actions.
///
/// A view-model owns one, makes itself its ``presenter``, and forwards `load()` and `refresh()`;
/// a view reads the view-model's `state`. The rules, once:
///
/// - **One fetch at a time.** ``load()`` fetches only when there is no content (safe in every
///   `.task`); ``refresh()`` always fetches. Either, called while a fetch runs, joins it: no
///   second request starts, and every caller returns when it ends.
/// - **The last caller to leave cancels.** A caller whose task is cancelled (a view's `.task` or
///   `.refreshable` going away) returns at once; when no caller is left waiting, the fetch is
///   cancelled down to the request (the HTTP client's transfer and retry wait). A fetch being
///   cancelled is not joined: the next caller starts a new one once it has ended.
/// - **The saved copy.** On a cold start (no content), the loader's `saved()` copy is shown at
///   once. If the server's caching rules still call it fresh, that is the load: no request.
///   Otherwise it is marked (`Saved 2 hours ago`) and the network is asked over it.
/// - **The phase** follows ``LoadingPhase``'s rule: `idle` before anything, `loading` while a
///   fetch runs, `loaded` after a success (or a fresh saved copy), `failed` after a failure
///   (with whatever content there was kept on screen), and a cancelled fetch puts back the phase
///   it found.
/// - **The notice** (``NetworkNotice``, in the screen's language by ``NetworkNoticeText``): a retry
///   under way (`Retrying, 2 of 3`, heard through a ``/SharedNetworking/RetryObserver``), the
///   saved copy's mark, and after a failure with content on screen `Offline: saved 2 hours ago`
///   (or `Not updated: …` when the server answered something unusable); a success clears it.
/// - **The announcement**: a failure is said at high priority, as the module's words and the
///   reason (`Couldn't load the schedule. …`; `Couldn't refresh …` with content on screen),
///   followed by the notice when a saved copy has just stayed because of it
///   (``NetworkNotice/failureAnnouncement(_:notice:before:)``); a success that replaced content
///   says the presenter's "updated" words; a first load that succeeds says nothing.
/// - **The error** is the one ``/SharedNetworking/NetworkError``, kept until the next success;
///   with no content, ``ScreenState/placeholder`` says it in the module's words with a retry.
///
/// Like Nuke's `ImagePipeline` and Get's `APIClient`, one small type with the rules written once;
/// the screens differ only in what they draw.
@Observable
@MainActor
public final class ScreenLoader<Feed: Sendable, Content: Sendable & Equatable> {
    /// Everything the screen shows about its loading, and its content.
    public private(set) var state: ScreenState<Content>
    /// How many fetches have started (each asks the loader once, unless a saved copy the server
    /// still calls fresh answered it); for tests and logs.
    public private(set) var fetchCount = 0

    /// Supplies the content for a loaded feed and the "updated" words; held weakly (the view-model
    /// that owns this loader).
    @ObservationIgnored public weak var presenter: (any ScreenPresenter<Feed, Content>)?

    @ObservationIgnored private let loader: any FeedLoading<Feed>
    @ObservationIgnored private let text: any ScreenLoadingText
    @ObservationIgnored private let retryAction: String?
    @ObservationIgnored private let clock: any AppClock
    @ObservationIgnored private let noticeText: NetworkNoticeText
    @ObservationIgnored private var announcements = AnnouncementCounter()
    @ObservationIgnored private var flight: Task<Void, Never>?
    /// Callers waiting for ``flight``, by ticket.
    @ObservationIgnored private var waiters: [Int: CheckedContinuation<Void, Never>] = [:]
    @ObservationIgnored private var nextTicket = 0

    /// A loader of `loader`'s feed. `text` is the module's words in the screen's language,
    /// `retryAction` the module's refresh action (offered on a failed first load; `nil` for
    /// none), `clock` says when content was loaded and how old a saved copy is, `language` is the
    /// locale of the notice's words.
    public init(
        loader: some FeedLoading<Feed>, text: some ScreenLoadingText, retryAction: String?, clock: any AppClock, language: Locale
    ) {
        self.loader = loader
        self.text = text
        self.retryAction = retryAction
        self.clock = clock
        self.noticeText = NetworkNoticeText(locale: language)
        self.state = ScreenState(placeholder: .loading(text))
    }

    // MARK: Loading

    /// Loads unless there is content on screen (a fresh load, or a saved copy); joins a fetch
    /// that is running. Safe to call on every appearance.
    public func load() async {
        await join(onlyWithoutContent: true)
    }

    /// Fetches again (pull to refresh, a retry button), keeping the content on screen until the
    /// new one arrives; joins a fetch that is running.
    public func refresh() async {
        await join(onlyWithoutContent: false)
    }

    /// Whether a fetch is running.
    public var isFetching: Bool { flight != nil }

    // MARK: What the view-model adds

    /// Says `text` (`nil` or empty: nothing) as the screen's next announcement: what the
    /// view-model announces of its own (a Hoo opened), numbered with the loader's.
    public func announce(_ text: String?, priority: Announcement.Priority = .default) {
        if let announcement = announcements.announce(text, priority: priority) {
            state.announcement = announcement
        }
    }

    /// Hides the error (a dismissed banner); the next failure shows one again.
    public func dismissError() {
        state.error = nil
        settlePlaceholder()
    }

    /// The content made again from what the view-model keeps (after a change of its inputs:
    /// the contrast, the width); nothing when there is no content.
    public func updateContent(_ transform: (inout Content) -> Void) {
        guard var content = state.content else { return }
        transform(&content)
        state.content = content
    }

    // MARK: The fetch

    private func join(onlyWithoutContent: Bool) async {
        // A fetch being cancelled is not joined: it ends soon, and a new one starts after it.
        while let running = flight, running.isCancelled {
            await running.value
        }
        if onlyWithoutContent, state.content != nil { return }
        if flight == nil { start() }
        // Each caller waits on its own continuation, so a cancelled one can leave at once while
        // the others keep waiting. The fetch cannot finish before the continuation is stored: it
        // runs on this actor, which is not given up until this caller suspends.
        let ticket = nextTicket
        nextTicket += 1
        await withTaskCancellationHandler {
            await withCheckedContinuation { waiters[ticket] = $0 }
        } onCancel: {
            Task { @MainActor in self.withdraw(ticket) }
        }
    }

    private func start() {
        let before = state.phase
        let noticeBefore = state.notice?.kind
        fetchCount += 1
        state.phase = .loading
        settlePlaceholder()
        // An unstructured task so later callers can join it; on the main actor, and stored before
        // anything suspends, so no caller can slip in and start a second one.
        flight = Task {
            await self.fetch(before: before, noticeBefore: noticeBefore)
            self.finish()
        }
    }

    private func fetch(before: LoadingPhase, noticeBefore: NetworkNotice.Kind?) async {
        if state.content == nil, let saved = await loader.saved() {
            apply(saved.value, at: saved.savedAt)
            if saved.isFresh {
                state.phase = .loaded
                return
            }
            state.notice = noticeText.saved(at: saved.savedAt, now: clock.now)
        }
        // A saved copy on screen counts as content: the answer replacing it is announced.
        let hadContent = state.content != nil
        let observer = RetryObserver { [weak self] notice in await self?.showRetry(notice) }
        let loader = self.loader
        let result = await observer.observing { () async throws(NetworkError) in try await loader.load() }
        switch result {
        case .success(let loaded):
            apply(loaded, at: clock.now)
            state.notice = nil
            state.phase = .loaded
            let updated = state.content.flatMap { presenter?.updatedAnnouncement(for: $0) }
            state.announcement = hadContent ? announcements.announce(updated) : nil
        case .failure(.cancelled):
            // Not a failure: what was on screen stays, as it was.
            state.phase = before
            state.notice = notice(after: .cancelled)
        case .failure(let error):
            state.error = error
            state.phase = .failed
            state.notice = notice(after: error)
            let failure = "\(hadContent ? text.refreshFailedTitle : text.loadFailedTitle). \(error.description)"
            state.announcement = announcements.announce(
                NetworkNotice.failureAnnouncement(failure, notice: state.notice, before: noticeBefore), priority: .high)
        }
    }

    /// Shows `loaded` (made at `date`: now, or when a saved copy was saved).
    private func apply(_ loaded: Loaded<Feed>, at date: Date) {
        guard let presenter else { return }
        let presented = presenter.content(for: loaded)
        state.content = presented.value
        state.diagnostics = presented.diagnostics
        state.error = nil
        state.lastUpdated = date
        settlePlaceholder()
    }

    /// What marks the content after a load ended with `error`: nothing without content; the saved
    /// copy's age after a cancellation (if one was marked); otherwise offline, or not updated.
    private func notice(after error: NetworkError) -> NetworkNotice? {
        guard state.content != nil, let savedAt = state.lastUpdated else { return nil }
        return noticeText.afterFailure(error, savedAt: savedAt, current: state.notice, now: clock.now)
    }

    /// A retry is about to wait: say so over whatever is on screen.
    private func showRetry(_ notice: RetryNotice) {
        guard state.phase == .loading else { return }
        state.notice = noticeText.retrying(notice, savedAt: state.content == nil ? nil : state.lastUpdated, now: clock.now)
    }

    /// The fetch ends: every waiting caller returns.
    private func finish() {
        flight = nil
        settlePlaceholder()
        let finished = waiters
        waiters = [:]
        for waiter in finished.values { waiter.resume() }
    }

    /// A cancelled caller stops waiting; the last one to leave cancels the fetch (the source's
    /// request, the HTTP client's retry sleep, the transfer).
    private func withdraw(_ ticket: Int) {
        guard let waiter = waiters.removeValue(forKey: ticket) else { return }
        waiter.resume()
        if waiters.isEmpty { flight?.cancel() }
    }

    /// The placeholder for the state as it is: none with content; the failure (with its reason,
    /// unless dismissed) after a failed first load; loading otherwise.
    private func settlePlaceholder() {
        let placeholder: ScreenPlaceholder?
        if state.content != nil {
            placeholder = nil
        } else if state.phase == .failed {
            placeholder = .failed(state.error, text: text, retryAction: retryAction)
        } else {
            placeholder = .loading(text)
        }
        if state.placeholder != placeholder { state.placeholder = placeholder }
    }
}
