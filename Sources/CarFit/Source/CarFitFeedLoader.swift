import Foundation
import SharedNetworking

/// Visits from a JSON document through the shared generic ``/SharedNetworking/FeedLoader``: the API over HTTP,
/// a file, the bundled sample or bytes in memory.
public struct CarFitFeedLoader: CarFitFeedLoading {
    /// The shared loader (text repair, lenient dates, diagnostics).
    public var loader: FeedLoader
    /// Where the document comes from: the bundled copy (``CarFitSource/bundled()``), a file, the API.
    public var source: FeedSource

    /// A loader for `source` through `loader`.
    public init(loader: FeedLoader, source: FeedSource) {
        self.loader = loader
        self.source = source
    }

    /// Loads and decodes the document; a failed response or a missing visit list is a ``CarFitError``.
    public func load() async throws(CarFitError) -> VisitBatch {
        let loaded: Loaded<CarFitFeed>
        do {
            loaded = try await loader.load(CarFitFeed.self, from: source)
        } catch {
            throw .loading(error)
        }
        return try Self.batch(loaded)
    }

    /// The copy the loader's ``/SharedNetworking/HTTPCache`` keeps for ``source``, as visits.
    public func saved() async -> Saved<VisitBatch>? {
        guard let saved = await loader.saved(CarFitFeed.self, from: source), let batch = try? Self.batch(saved.value) else { return nil }
        return Saved(value: batch, savedAt: saved.savedAt, isFresh: saved.isFresh)
    }

    /// The visits of a decoded document, with a note for each that could not be read.
    private static func batch(_ loaded: Loaded<CarFitFeed>) throws(CarFitError) -> VisitBatch {
        var diagnostics = loaded.diagnostics
        let response = loaded.value
        if response.droppedVisitCount > 0 {
            let count = response.droppedVisitCount
            let message = count == 1 ? "1 visit could not be read and is not shown" : "\(count) visits could not be read and are not shown"
            diagnostics.append(Diagnostic(.note, path: "data", message: message))
        }
        return VisitBatch(visits: try response.visits(), diagnostics: diagnostics)
    }
}
