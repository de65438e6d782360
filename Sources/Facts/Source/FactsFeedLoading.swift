import SharedNetworking

/// Something that produces the decoded facts feed: the network, a file, a test double. The one
/// dependency ``FactsViewModel`` has on data.
public protocol FactsFeedLoading: Sendable {
    /// Downloads and decodes the feed, with what decoding repaired; a failure is a typed, printable error.
    func load() async throws(NetworkError) -> Loaded<FactsFeed>
    /// The feed the last successful load saved, without touching the network (`nil`: none).
    /// ``FactsViewModel`` shows it at once on a cold start and keeps it when the network fails.
    func saved() async -> Saved<Loaded<FactsFeed>>?
}

extension FactsFeedLoading {
    /// Nothing is saved: a loader without a cache (a file, a test double).
    public func saved() async -> Saved<Loaded<FactsFeed>>? { nil }
}
