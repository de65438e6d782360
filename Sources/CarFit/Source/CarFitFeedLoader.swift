import Foundation
import SharedNetworking

/// Visits from a JSON document through the shared generic ``/SharedNetworking/FeedLoader``: the
/// API over HTTP, a file, the bundled sample or bytes in memory, with the feed's own decoding
/// rules (``CarFitSource/decodingOptions``), which a caller cannot replace.
public struct CarFitFeedLoader: CarFitFeedLoading {
    /// Where the document comes from: the bundled copy (``CarFitSource/bundled()``), a file, the API.
    public let source: FeedSource
    /// The network parts it was built from.
    public let network: FeedNetwork
    private let loader: FeedLoader

    /// A loader for `source` through `network` (its HTTP client, cache and deadline), reading
    /// with ``CarFitSource/decodingOptions``.
    public init(source: FeedSource, network: FeedNetwork) {
        self.source = source
        self.network = network
        self.loader = network.loader(options: CarFitSource.decodingOptions)
    }

    /// Loads and decodes the document. The server's `success: false` is
    /// ``/SharedNetworking/NetworkError/refused(source:message:code:)`` with its own message; a
    /// reply without a visit list is ``/SharedNetworking/NetworkError/invalidContent(source:reason:)``.
    public func load() async throws(NetworkError) -> VisitBatch {
        try Self.batch(try await loader.load(CarFitFeed.self, from: source))
    }

    /// The copy the network's ``/SharedNetworking/HTTPCache`` keeps for ``source``, as visits.
    public func saved() async -> Saved<VisitBatch>? {
        guard let saved = await loader.saved(CarFitFeed.self, from: source), let batch = try? Self.batch(saved.value) else { return nil }
        return Saved(value: batch, savedAt: saved.savedAt, isFresh: saved.isFresh)
    }

    /// The visits of a decoded document, with a note for each that could not be read.
    private static func batch(_ loaded: Loaded<CarFitFeed>) throws(NetworkError) -> VisitBatch {
        var diagnostics = loaded.diagnostics
        let response = loaded.value
        if response.droppedVisitCount > 0 {
            let count = response.droppedVisitCount
            let message = count == 1 ? "1 visit could not be read and is not shown" : "\(count) visits could not be read and are not shown"
            diagnostics.append(Diagnostic(.note, path: "data", message: message))
        }
        return VisitBatch(visits: try response.visits(source: loaded.source), diagnostics: diagnostics, source: loaded.source)
    }
}
