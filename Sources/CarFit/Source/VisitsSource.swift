import SharedNetworking

/// Where the visit list comes from: the one dependency the list view-model has on data.
///
/// The view-model does not know about URLs, files, JSON or generators; it asks a source for a
/// batch. The API (``FeedVisitsSource``), the bundled sample and the seeded generator
/// (``GeneratedVisitsSource``) are interchangeable, and tests inject fakes that fail or suspend
/// on demand.
public protocol VisitsSource: Sendable {
    /// Every visit the worker may be shown. Called on first load and on each refresh.
    func fetchVisits() async throws(CarFitError) -> VisitBatch
}

/// Visits as a source delivers them, with what was dropped or repaired to get them.
public struct VisitBatch: Sendable, Equatable {
    /// The visits that could be shown, in document order.
    public var visits: [Visit]
    /// What was dropped or repaired on the way.
    public var diagnostics: [Diagnostic]

    /// A batch of `visits` with its `diagnostics`.
    public init(visits: [Visit], diagnostics: [Diagnostic] = []) {
        self.visits = visits
        self.diagnostics = diagnostics
    }
}
