import SharedNetworking

/// Something that produces the decoded schedule: the network, a file, a test double.
public protocol ScheduleFeedLoading: Sendable {
    func loadSchedule() async throws(NetworkError) -> Loaded<ScheduleFeed>
}

/// The real loader: ``/SharedNetworking/FeedLoader`` (text normalization, lenient dates, diagnostics) on a source.
public struct ScheduleFeedLoader: ScheduleFeedLoading {
    public var loader: FeedLoader
    public var source: FeedSource

    public init(loader: FeedLoader, source: FeedSource) {
        self.loader = loader
        self.source = source
    }

    public func loadSchedule() async throws(NetworkError) -> Loaded<ScheduleFeed> {
        try await loader.load(ScheduleFeed.self, from: source)
    }
}
