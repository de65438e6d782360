import SharedNetworking

/// Something that produces the decoded facts feed: the network, a file, a test double. The one
/// dependency ``FactsViewModel`` has on data.
public protocol FactsFeedLoading: Sendable {
    /// Downloads and decodes the feed, with what decoding repaired; a failure is a typed, printable error.
    func load() async throws(NetworkError) -> Loaded<FactsFeed>
}
