import SharedNetworking

/// The real loader: ``/SharedNetworking/FeedLoader`` (text normalization, lenient dates,
/// diagnostics) on a source, with the feed's own decoding rules (``FactsSource/decodingOptions``:
/// Mac OS Roman for its one non-UTF-8 byte), which a caller cannot replace. Whoever builds one,
/// the bundled feed reads "Kittens... …are illegal.", never "Éare illegal".
public struct FactsFeedLoader: FactsFeedLoading {
    /// Where the feed comes from: ``FactsSource/remoteURL``, the bundled copy, or a file.
    public let source: FeedSource
    /// The network parts it was built from.
    public let network: FeedNetwork
    private let loader: FeedLoader

    /// A loader for `source` through `network` (its HTTP client, cache and deadline), reading
    /// with ``FactsSource/decodingOptions``.
    public init(source: FeedSource, network: FeedNetwork) {
        self.source = source
        self.network = network
        self.loader = network.loader(options: FactsSource.decodingOptions)
    }

    /// Loads ``source`` as a ``FactsFeed`` off the main actor.
    public func load() async throws(NetworkError) -> Loaded<FactsFeed> {
        try await loader.load(FactsFeed.self, from: source)
    }

    /// The copy the network's ``/SharedNetworking/HTTPCache`` keeps for ``source``, decoded.
    public func saved() async -> Saved<Loaded<FactsFeed>>? {
        await loader.saved(FactsFeed.self, from: source)
    }
}
