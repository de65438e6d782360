import SharedNetworking

/// Something that produces the decoded schedule: the network, a file, a test double.
public protocol ScheduleFeedLoading: Sendable {
    /// Downloads and decodes the schedule, with what decoding repaired; a failure is a typed, printable error.
    func loadSchedule() async throws(NetworkError) -> Loaded<ScheduleFeed>
}

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
    public func loadSchedule() async throws(NetworkError) -> Loaded<ScheduleFeed> {
        try await loader.load(ScheduleFeed.self, from: source)
    }
}
