import SharedNetworking
import Synchronization

/// A feed that is the same for every session while the server runs (the copy bundled with a
/// module), loaded and decoded once and handed to every session that shows it.
///
/// Each session's view-model loads its feed as it would anywhere (``load()`` through
/// ``Loader``, a ``/SharedNetworking/FeedLoading``), but the first successful load is kept and
/// every later one, of any session, answers it: the sessions' view-models hold one decoded copy
/// (copy-on-write values), not one each, and a new tab does not read and decode the file again.
/// A failed load is not kept (the next one tries again), so a session still shows why it failed.
final class SharedFeed<Feed: Sendable>: Sendable {
    private struct State {
        var kept: Loaded<Feed>?
        var loads = 0
    }

    private let base: any FeedLoading<Feed>
    private let state = Mutex(State())

    /// The feed `base` loads, loaded once.
    init(_ base: some FeedLoading<Feed>) {
        self.base = base
    }

    /// The kept feed, or `base`'s first successful load (kept; loads that ran at the same time
    /// answer the one kept first, so every session holds the same copy).
    func load() async throws(NetworkError) -> Loaded<Feed> {
        if let kept = state.withLock({ $0.kept }) { return kept }
        let loaded = try await base.load()
        return state.withLock { state in
            state.loads += 1
            if let kept = state.kept { return kept }
            state.kept = loaded
            return loaded
        }
    }

    /// How many loads of `base` succeeded (one, unless sessions started at the same instant).
    var loads: Int { state.withLock { $0.loads } }

    /// A session's loader of the shared feed.
    var loader: Loader { Loader(feed: self) }

    /// What a view-model is given: its loads are the shared feed's.
    struct Loader: FeedLoading {
        let feed: SharedFeed<Feed>

        func load() async throws(NetworkError) -> Loaded<Feed> {
            try await feed.load()
        }
    }
}
