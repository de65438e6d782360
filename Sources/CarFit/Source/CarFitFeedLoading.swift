import SharedNetworking

/// Where the visit list comes from: the one dependency the list view-model has on data.
///
/// The view-model does not know about URLs, files, JSON or generators; it asks a source for a
/// batch. The API (``CarFitFeedLoader``), the bundled sample and the seeded generator
/// (``GeneratedCarFitFeedLoader``) are interchangeable, and tests inject fakes that fail or suspend
/// on demand.
public protocol CarFitFeedLoading: Sendable {
    /// Every visit the worker may be shown. Called on first load and on each refresh.
    func load() async throws(CarFitError) -> VisitBatch
    /// The visits the last successful load saved, without touching the network (`nil`: none).
    /// ``CleanerListViewModel`` shows them at once on a cold start and keeps them when the
    /// network fails.
    func saved() async -> Saved<VisitBatch>?
}

extension CarFitFeedLoading {
    /// Nothing is saved: a source without a cache (a file, the generator, a test double).
    public func saved() async -> Saved<VisitBatch>? { nil }
}
