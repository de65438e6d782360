import SharedNetworking

/// Something that produces the decoded schedule: the network, a file, a test double. The one
/// dependency ``ScheduleViewModel`` has on data: a ``/SharedNetworking/FeedLoading`` of
/// ``ScheduleFeed`` (its `load()` and `saved()`; `saved()` is `nil` unless the loader has a cache).
public protocol ScheduleFeedLoading: FeedLoading where Feed == ScheduleFeed {}
