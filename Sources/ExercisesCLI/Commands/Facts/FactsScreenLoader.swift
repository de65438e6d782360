import Facts
import Foundation
import SharedNetworking

/// Runs the screen's view-model once, the way the app's first appearance does.
enum FactsScreenLoader {
    struct Result {
        var screen: FactsScreen
        var diagnostics: [Diagnostic]
    }

    @MainActor
    static func load(source: FeedSource, loader: FeedLoader, clock: any AppClock, width: Double) async throws(CLIError) -> Result {
        let model = FactsViewModel(
            source: source,
            loader: loader,
            images: FactsImageCoordinator(loader: OfflineImages()),
            clock: clock
        )
        await model.load()
        if model.state.status == .failed {
            throw .input(model.state.errorMessage ?? "\(source.description): could not be loaded")
        }
        return Result(screen: model.screen(width: width), diagnostics: model.diagnostics)
    }
}

/// The terminal shows image slots, not images: nothing is downloaded. (No rows are reported
/// visible, so this is never asked; it answers like a blocked URL if it ever is.)
struct OfflineImages: ResourceLoading {
    func image(for url: URL, priority: ResourcePriority) async throws(ResourceError) -> FetchedResource {
        throw .blocked(url: url, reason: "the terminal screen does not download images")
    }

    func prefetch(_ urls: [URL]) async {}
    func cancelPrefetch(_ urls: [URL]) async {}
    func clearFailures() async {}
}
