import SharedNetworking

/// Something that produces the decoded schedule: the network, a file, a test double.
public protocol ScheduleFeedLoading: Sendable {
    /// Downloads and decodes the schedule, with what decoding repaired; a failure is a typed, printable error.
    func load() async throws(NetworkError) -> Loaded<ScheduleFeed>
}
