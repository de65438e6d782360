import Foundation
import ScreenKit
import SharedNetworking
import TestSupport
import Testing

/// The rules of the one loading machine, on a feed of words: what every feed screen does.
@MainActor
@Suite("ScreenLoader: one fetch at a time, the saved copy, the notice, the announcement, one phase rule")
struct ScreenLoaderTests {
    static let now = Date(timeIntervalSince1970: 1_599_724_800)
    static let offline = NetworkError.transport(url: ScriptedFeedLoader<String>.url, code: -1009, message: "offline")
    static let broken = NetworkError.httpStatus(code: 503, url: ScriptedFeedLoader<String>.url, bodyExcerpt: "maintenance")

    /// The words a module would give.
    struct Words: ScreenLoadingText {
        let loading = "Loading the words…"
        let loadFailedTitle = "Couldn't load the words"
        let refreshFailedTitle = "Couldn't refresh the words"
        let retry = "Try again"
        let screenName = "Words"
    }

    /// A view-model's part: the words in capitals, and how many there are.
    final class Presenter: ScreenPresenter {
        func content(for loaded: Loaded<String>) -> Loaded<String> { loaded.map { $0.uppercased() } }
        func updatedAnnouncement(for content: String) -> String? { "Words updated: \(content)." }
    }

    /// A loader and its presenter (kept alive by the caller: the loader holds it weakly).
    static func machine(_ feed: ScriptedFeedLoader<String>) -> (ScreenLoader<String, String>, Presenter) {
        let presenter = Presenter()
        let screen = ScreenLoader<String, String>(
            loader: feed, text: Words(), retryAction: "refresh", clock: ManualClock(now: now), language: Locale(identifier: "en_US"))
        screen.presenter = presenter
        return (screen, presenter)
    }

    static func words(_ text: String) -> Loaded<String> { Loaded(value: text, diagnostics: [], source: "words.json") }

    @Test("idle with the loading placeholder; a load shows the content silently; load() again does nothing; refresh() is announced")
    func loadAndRefresh() async {
        let feed = ScriptedFeedLoader<String>([.success(Self.words("one")), .success(Self.words("two"))])
        let (screen, presenter) = Self.machine(feed)
        #expect(screen.state.phase == .idle)
        #expect(screen.state.placeholder == ScreenPlaceholder(kind: .loading, title: "Loading the words…", screenName: "Words"))
        await screen.load()
        #expect(screen.state.phase == .loaded)
        #expect(screen.state.content == "ONE")
        #expect(screen.state.placeholder == nil)
        #expect(screen.state.announcement == nil, "a first load says nothing")
        #expect(screen.state.lastUpdated == Self.now)
        await screen.load()
        #expect(feed.callCount == 1, "load() with content on screen fetches nothing")
        await screen.refresh()
        #expect(feed.callCount == 2)
        #expect(screen.state.content == "TWO")
        #expect(screen.state.announcement == Announcement(id: 1, text: "Words updated: TWO."))
        _ = presenter
    }

    @Test("a load and a refresh during a fetch join it: one request, every caller returns when it ends")
    func singleFlight() async throws {
        let feed = ScriptedFeedLoader<String>.holding([.success(Self.words("one"))])
        let (screen, presenter) = Self.machine(feed)
        let first = Task { await screen.refresh() }
        try #require(await feed.waitUntilHeld())
        #expect(screen.state.isLoading && !screen.state.isRefreshing)
        let second = Task { await screen.load() }
        let third = Task { await screen.refresh() }
        for _ in 0..<200 { await Task.yield() }
        #expect(feed.callCount == 1)
        feed.release()
        await first.value
        await second.value
        await third.value
        #expect(feed.callCount == 1 && screen.fetchCount == 1)
        #expect(screen.state.content == "ONE")
        #expect(!screen.isFetching)
        _ = presenter
    }

    @Test("a cancelled caller returns at once and the fetch goes on; when the last leaves it is cancelled, the phase put back")
    func lastCallerCancels() async throws {
        let feed = ScriptedFeedLoader<String>.holding([.success(Self.words("one"))])
        let (screen, presenter) = Self.machine(feed)
        let first = Task { await screen.load() }
        try #require(await feed.waitUntilHeld())
        let second = Task { await screen.refresh() }
        for _ in 0..<200 { await Task.yield() }
        first.cancel()
        await first.value
        #expect(feed.cancelledCount == 0, "one caller is still waiting")
        #expect(screen.state.phase == .loading)
        second.cancel()
        await second.value
        #expect(await eventually { feed.cancelledCount == 1 && !screen.isFetching })
        #expect(screen.state.phase == .idle, "the phase the fetch found")
        #expect(screen.state.error == nil && screen.state.announcement == nil, "a cancellation is not a failure")
        // The next load fetches again.
        feed.release()
        let again = Task { await screen.load() }
        #expect(await eventually { feed.heldCount == 1 || screen.state.content != nil })
        feed.release()
        await again.value
        #expect(screen.state.content == "ONE")
        _ = presenter
    }

    @Test("a saved copy the server calls fresh is the load: no request")
    func freshSavedCopy() async {
        let feed = ScriptedFeedLoader<String>(
            [.failure(Self.offline)], saved: Saved(value: Self.words("saved"), savedAt: Self.now.addingTimeInterval(-60), isFresh: true))
        let (screen, presenter) = Self.machine(feed)
        await screen.load()
        #expect(feed.callCount == 0)
        #expect(screen.state.phase == .loaded)
        #expect(screen.state.content == "SAVED")
        #expect(screen.state.notice == nil)
        #expect(screen.state.lastUpdated == Self.now.addingTimeInterval(-60))
        _ = presenter
    }

    @Test("a stale saved copy is shown at once, marked, while the network is asked; offline, it stays, marked and announced")
    func staleSavedCopyOffline() async throws {
        let feed = ScriptedFeedLoader<String>(
            [.retry(2, of: 3), .failure(Self.offline)],
            saved: Saved(value: Self.words("saved"), savedAt: Self.now.addingTimeInterval(-7200), isFresh: false))
        feed.holdNextCall()
        let (screen, presenter) = Self.machine(feed)
        let load = Task { await screen.load() }
        try #require(await feed.waitUntilHeld())
        #expect(screen.state.content == "SAVED")
        #expect(screen.state.isRefreshing)
        #expect(screen.state.notice?.kind == .retrying)
        #expect(screen.state.notice?.text == "Saved 2 hours ago · Retrying, 2 of 3")
        feed.release()
        await load.value
        #expect(screen.state.phase == .failed)
        #expect(screen.state.content == "SAVED", "the saved copy stays")
        #expect(screen.state.error == Self.offline)
        #expect(screen.state.notice?.kind == .offline)
        #expect(screen.state.notice?.text == "Offline: saved 2 hours ago")
        #expect(
            screen.state.announcement
                == Announcement(
                    id: 1, text: "Couldn't refresh the words. \(Self.offline.description). Offline: saved 2 hours ago.", priority: .high))
        _ = presenter
    }

    @Test("a failed first load: failed, the placeholder says why in the module's words with a retry; a retry recovers")
    func failedFirstLoad() async {
        let feed = ScriptedFeedLoader<String>([.failure(Self.broken), .success(Self.words("one"))])
        let (screen, presenter) = Self.machine(feed)
        await screen.load()
        #expect(screen.state.phase == .failed)
        #expect(screen.state.content == nil && screen.state.notice == nil)
        #expect(
            screen.state.placeholder
                == ScreenPlaceholder(
                    kind: .failed, title: "Couldn't load the words", message: Self.broken.description,
                    retry: AccessibilityAction(named: "Try again", action: "refresh"), screenName: "Words"))
        #expect(screen.state.placeholder?.accessibility.label == "Couldn't load the words. \(Self.broken.description)")
        #expect(
            screen.state.announcement == Announcement(id: 1, text: "Couldn't load the words. \(Self.broken.description)", priority: .high))
        await screen.refresh()
        #expect(screen.state.phase == .loaded)
        #expect(screen.state.error == nil && screen.state.placeholder == nil)
        #expect(screen.state.announcement == nil, "the first content appearing is not announced")
        _ = presenter
    }

    @Test("a failed refresh is failed with the content kept, not updated; a cancelled one puts back loaded")
    func failedAndCancelledRefresh() async throws {
        let feed = ScriptedFeedLoader<String>([.success(Self.words("one")), .failure(Self.broken)])
        let (screen, presenter) = Self.machine(feed)
        await screen.load()
        await screen.refresh()
        #expect(screen.state.phase == .failed)
        #expect(screen.state.content == "ONE")
        #expect(screen.state.notice?.kind == .notUpdated)
        #expect(screen.state.announcement?.priority == .high)
        // A second failure does not announce the notice again: the banner is there to be read.
        await screen.refresh()
        #expect(screen.state.announcement?.text == "Couldn't refresh the words. \(Self.broken.description)")

        feed.holdNextCall()
        let refresh = Task { await screen.refresh() }
        try #require(await feed.waitUntilHeld())
        #expect(screen.state.isRefreshing)
        refresh.cancel()
        await refresh.value
        #expect(await eventually { !screen.isFetching })
        #expect(screen.state.phase == .failed, "the phase the refresh found")
        #expect(screen.state.content == "ONE")
        _ = presenter
    }

    @Test("the view-model's own announcements are numbered with the loader's; a dismissed error comes back with the next failure")
    func announceAndDismiss() async {
        let feed = ScriptedFeedLoader<String>([.failure(Self.broken)])
        let (screen, presenter) = Self.machine(feed)
        await screen.load()
        screen.announce("A Hoo opened.")
        #expect(screen.state.announcement == Announcement(id: 2, text: "A Hoo opened."))
        screen.announce(nil)
        #expect(screen.state.announcement?.id == 2, "nothing to say changes nothing")
        screen.dismissError()
        #expect(screen.state.error == nil)
        #expect(screen.state.placeholder?.kind == .failed && screen.state.placeholder?.message == nil, "still failed, the reason hidden")
        _ = presenter
    }
}
