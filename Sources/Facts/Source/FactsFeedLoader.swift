import SharedNetworking

/// The real loader: ``/SharedNetworking/FeedLoader`` (text normalization, lenient dates, diagnostics) on a source.
public struct FactsFeedLoader: FactsFeedLoading {
    /// The shared loader; pass one made with ``FactsSource/decodingOptions``.
    public var loader: FeedLoader
    /// Where the feed comes from: ``FactsSource/remoteURL``, the bundled copy, or a file.
    public var source: FeedSource

    /// A loader for `source` through `loader`.
    public init(loader: FeedLoader, source: FeedSource) {
        self.loader = loader
        self.source = source
    }

    /// Loads ``source`` as a ``FactsFeed`` off the main actor.
    public func load() async throws(NetworkError) -> Loaded<FactsFeed> {
        try await loader.load(FactsFeed.self, from: source)
    }

    /// The copy the loader's ``/SharedNetworking/HTTPCache`` keeps for ``source``, decoded.
    public func saved() async -> Saved<Loaded<FactsFeed>>? {
        await loader.saved(FactsFeed.self, from: source)
    }
}
