import SharedNetworking

/// Something that produces the decoded schedule: the network, a file, a test double.
public protocol ScheduleFeedLoading: Sendable {
    /// Downloads and decodes the schedule, with what decoding repaired; a failure is a typed, printable error.
    func load() async throws(NetworkError) -> Loaded<ScheduleFeed>
    /// The schedule the last successful load saved, without touching the network (`nil`: none).
    /// ``ScheduleViewModel`` shows it at once on a cold start and keeps it when the network fails.
    func saved() async -> Saved<Loaded<ScheduleFeed>>?
}

extension ScheduleFeedLoading {
    /// Nothing is saved: a loader without a cache (a file, a test double).
    public func saved() async -> Saved<Loaded<ScheduleFeed>>? { nil }
}
