import SharedNetworking

/// Something that produces the decoded facts feed: the network, a file, a test double. The one
/// dependency ``FactsViewModel`` has on data: a ``/SharedNetworking/FeedLoading`` of
/// ``FactsFeed`` (its `load()` and `saved()`; `saved()` is `nil` unless the loader has a cache).
public protocol FactsFeedLoading: FeedLoading where Feed == FactsFeed {}
