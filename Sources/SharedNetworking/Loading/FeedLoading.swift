/// Something that produces one screen's decoded feed: the network, a file, a directory, a
/// generator, a test double. The one dependency a feed screen has on data.
///
/// Each exercise names its own seam by refining this one (`ScheduleFeedLoading` is a
/// `FeedLoading` whose `Feed` is `ScheduleFeed`), so a view-model says which feed it takes while
/// the machinery that runs loads (ScreenKit's `ScreenLoader`) and the test double that scripts
/// them are written once, for every feed. Like Nuke's `DataLoading` and Get's `APIClient.send`:
/// one method, and the caller does not care where the bytes were.
///
/// Every failure is a ``NetworkError`` whose `description` names the culprit (the URL, the
/// file, the source that refused), so a screen has one error type to show.
public protocol FeedLoading<Feed>: Sendable {
    /// What a load produces.
    associatedtype Feed: Sendable

    /// Loads and decodes the feed, with what decoding repaired or dropped.
    func load() async throws(NetworkError) -> Loaded<Feed>

    /// The feed the last successful load saved, without touching the network (`nil`: none). A
    /// screen shows it at once on a cold start and keeps it when the network fails.
    func saved() async -> Saved<Loaded<Feed>>?
}

extension FeedLoading {
    /// Nothing is saved: a loader without a cache (a file, a directory, a generator, a test double).
    public func saved() async -> Saved<Loaded<Feed>>? { nil }
}
