import SharedNetworking

/// Something that produces the Hoo sets: the bundled or downloaded directory
/// (``HooSetsSource``), a test double. The one dependency ``HooSetsViewModel`` has on data.
public protocol HooSetsFeedLoading: Sendable {
    /// Reads every set, with what was skipped or repaired; fails only when nothing can be shown.
    func load() async throws(HooSetsError) -> Loaded<HooSetsFeed>
}
