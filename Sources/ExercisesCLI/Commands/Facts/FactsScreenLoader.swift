import Facts
import Foundation
import SharedNetworking

/// Runs the screen's view-model once, the way the app's first appearance does.
enum FactsScreenLoader {
    struct Result {
        var screen: FactsViewState
        var diagnostics: [Diagnostic]
    }

    /// Loads the feed; with `images`, also every row's image, as if the whole list were on screen
    /// (the terminal prints every row), through the coordinator's concurrency limit.
    @MainActor
    static func load(
        source: FeedSource,
        network: FeedNetwork,
        images: (any ResourceLoading)?,
        clock: any AppClock,
        width: Double,
        metrics: FactsLayoutMetrics = FactsLayoutMetrics(),
        language: Locale? = nil
    ) async throws(CLIError) -> Result {
        let model = FactsViewModel(
            loader: FactsFeedLoader(source: source, network: network),
            images: FactsImageCoordinator(loader: images ?? OfflineImages(), policy: imagePolicy),
            clock: clock,
            layoutEngine: FactRowLayoutEngine(metrics: metrics),
            width: width,
            language: language
        )
        await model.load()
        guard let rows = model.state.content?.rows else {
            throw .input(model.state.error?.description ?? "\(source.description): could not be loaded")
        }
        var diagnostics = model.state.diagnostics
        if let notice = model.state.notice, let error = model.state.error {
            diagnostics.append(SavedScreenNote.diagnostic(error: error.description, notice: notice))
        }
        if images != nil {
            model.images.visibleRowsChanged(rows.indices)
            await model.images.waitUntilIdle()
        }
        guard let screen = model.state.content else { throw .input("\(source.description): could not be loaded") }
        return Result(screen: screen, diagnostics: diagnostics)
    }

    /// The app's policy, decoding images at most at the largest slot of a 3× (Pro Max) screen.
    static let imagePolicy = ImageLoadingPolicy(decodeTarget: FactsLayoutMetrics().largestImageSlot(scale: 3))

    /// The shared pipeline with its disk cache in `<cache-dir>/images`, and the same request
    /// limit as the coordinator.
    static func pipeline(_ environment: AppEnvironment) -> ResourcePipeline {
        ImageCacheFolder.images.pipeline(environment, maxConcurrentRequests: imagePolicy.maxConcurrentLoads)
    }
}

/// Without `--images` the terminal shows image slots, not images: nothing is downloaded. (No
/// rows are reported visible then, so this is never asked; it answers like a blocked URL if it is.)
struct OfflineImages: ResourceLoading {
    func image(for url: URL, priority: ResourcePriority, fitting target: PixelSize?) async throws(ResourceError) -> FetchedResource {
        throw .blocked(url: url, reason: "the terminal screen does not download images")
    }

    func prefetch(_ urls: [URL]) async {}
    func cancelPrefetch(_ urls: [URL]) async {}
    func clearFailures() async {}
}
