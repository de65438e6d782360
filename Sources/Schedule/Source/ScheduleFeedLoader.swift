import SharedNetworking

/// The real loader: ``/SharedNetworking/FeedLoader`` (text normalization, lenient dates, diagnostics) on a source.
public struct ScheduleFeedLoader: ScheduleFeedLoading {
    /// The shared loader (text repair, lenient dates, diagnostics).
    public var loader: FeedLoader
    /// Where the feed comes from: ``ScheduleSource/remoteURL``, the bundled copy, or a file.
    public var source: FeedSource

    /// A loader for `source` through `loader`.
    public init(loader: FeedLoader, source: FeedSource) {
        self.loader = loader
        self.source = source
    }

    /// Loads ``source`` as a ``ScheduleFeed`` off the main actor.
    public func load() async throws(NetworkError) -> Loaded<ScheduleFeed> {
        try await loader.load(ScheduleFeed.self, from: source)
    }

    /// The copy the loader's ``/SharedNetworking/HTTPCache`` keeps for ``source``, decoded.
    public func saved() async -> Saved<Loaded<ScheduleFeed>>? {
        await loader.saved(ScheduleFeed.self, from: source)
    }
}
