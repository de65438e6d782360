import Facts
import Foundation
import ScreenPreviews
import SharedNetworking

/// The facts feed in a tab: `FactsViewModel` lays the rows out for the tab's width (each row as
/// tall as its own text and image), the browser scrolls them, and the rows the page reports in
/// view go to the image coordinator, which loads those and its prefetch window and nothing
/// else. Loading runs off the main actor and never blocks a render; refresh keeps the rows on
/// screen until the new ones arrive.
@MainActor
final class FactsLiveScreen: LiveScreen {
    let model: FactsViewModel
    private let context: ScreenContext
    private let tasks = ScreenTasks()
    private var visible: ClosedRange<Int>?

    init(context: ScreenContext) {
        self.context = context
        let source = context.feed(.facts) { () throws(NetworkError) in try FactsSource.bundled() }
        model = FactsViewModel(
            loader: FactsFeedLoader(source: source, network: context.feedNetwork),
            images: FactsImageCoordinator(
                loader: context.factImages, policy: ImageLoadingPolicy(decodeTarget: FactsLayoutMetrics().largestImageSlot(scale: 3))),
            clock: context.environment.clock, layoutEngine: FactRowLayoutEngine(metrics: .resolved(for: context.configuration.contrast)),
            width: 390, language: context.environment.messagesLocale)
    }

    var surface: LiveSurface { .list }

    func start() {
        tasks.run { [weak self] in
            guard let self else { return }
            await self.model.load()
            self.reportVisible()
        }
    }

    func stop() {
        tasks.cancelAll()
        model.images.cancelAll()
    }

    /// The module's page of `model.state` (its placeholder until the rows are there), with the
    /// images the coordinator holds.
    func render() -> PreviewScreen {
        let state = model.state
        var loaded: [URL: Data] = [:]
        for (index, row) in (state.content?.rows ?? []).enumerated() {
            if case .loaded = row.image, let url = row.imageURL, let data = model.images.imageData(forRow: index) { loaded[url] = data }
        }
        var images = PreviewImages()
        let media = context.media, found = loaded
        images.linked = { url in found[url].flatMap { data in media.link(url) { data } } }
        return FactsPreview.screen(state, images: images, contrast: context.configuration.contrast)
    }

    func handle(_ event: LiveEvent) throws(LiveEventError) {
        switch event {
        case .viewport(let width, _):
            model.setWidth(width)
        case .scroll(_, let visible):
            self.visible = visible
            reportVisible()
        case .action(let name, _):
            guard FactsAction(rawValue: name) == .refresh else { throw .unsupported("Facts has no control \(name)") }
            tasks.run { [weak self] in
                guard let self else { return }
                await self.model.refresh()
                self.reportVisible()
            }
        case .pointer:
            throw .unsupported("the facts list scrolls in the browser")
        }
    }

    /// Tells the coordinator which rows are in view (it adds its prefetch window).
    private func reportVisible() {
        guard let visible, let rows = model.state.content?.rows, !rows.isEmpty else { return }
        let last = rows.count - 1
        let lower = min(visible.lowerBound, last), upper = min(visible.upperBound, last)
        model.images.visibleRowsChanged(lower..<(upper + 1))
    }
}
