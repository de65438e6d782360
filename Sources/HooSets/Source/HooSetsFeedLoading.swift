import SharedNetworking

/// Something that produces the Hoo sets: the bundled or downloaded directory
/// (``HooSetsSource``), a test double. The one dependency ``HooSetsViewModel`` has on data: a
/// ``/SharedNetworking/FeedLoading`` of ``HooSetsFeed``, failing with a
/// ``/SharedNetworking/NetworkError`` like every feed (``HooSetsError/networkError``).
public protocol HooSetsFeedLoading: FeedLoading where Feed == HooSetsFeed {}
