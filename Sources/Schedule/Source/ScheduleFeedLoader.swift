import SharedNetworking

/// The real loader: ``/SharedNetworking/FeedLoader`` (text normalization, lenient dates,
/// diagnostics) on a source, with the schedule's own decoding rules
/// (``ScheduleSource/decodingOptions``), which a caller cannot replace.
public struct ScheduleFeedLoader: ScheduleFeedLoading {
    /// Where the feed comes from: ``ScheduleSource/remoteURL``, the bundled copy, or a file.
    public let source: FeedSource
    /// The network parts it was built from.
    public let network: FeedNetwork
    private let loader: FeedLoader

    /// A loader for `source` through `network` (its HTTP client, cache and deadline), reading
    /// with ``ScheduleSource/decodingOptions``.
    public init(source: FeedSource, network: FeedNetwork) {
        self.source = source
        self.network = network
        self.loader = network.loader(options: ScheduleSource.decodingOptions)
    }

    /// Loads ``source`` as a ``ScheduleFeed`` off the main actor.
    public func load() async throws(NetworkError) -> Loaded<ScheduleFeed> {
        try await loader.load(ScheduleFeed.self, from: source)
    }

    /// The copy the network's ``/SharedNetworking/HTTPCache`` keeps for ``source``, decoded.
    public func saved() async -> Saved<Loaded<ScheduleFeed>>? {
        await loader.saved(ScheduleFeed.self, from: source)
    }
}
