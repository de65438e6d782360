import SharedNetworking

/// Where the visit list comes from: the one dependency the list view-model has on data, a
/// ``/SharedNetworking/FeedLoading`` of visits (a ``VisitBatch``).
///
/// The view-model does not know about URLs, files, JSON or generators; it asks a source for a
/// batch. The API (``CarFitFeedLoader``), the bundled sample and the seeded generator
/// (``GeneratedCarFitFeedLoader``) are interchangeable, and tests script one. A failure is a
/// ``/SharedNetworking/NetworkError``: the server's own refusal is
/// ``/SharedNetworking/NetworkError/refused(source:message:code:)``.
public protocol CarFitFeedLoading: FeedLoading where Feed == [Visit] {}
