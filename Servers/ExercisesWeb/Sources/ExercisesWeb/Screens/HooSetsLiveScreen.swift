import Foundation
import HooSets
import ScreenKit
import ScreenPreviews
import SharedNetworking

/// The Hoo sets in a tab: `HooSetsViewModel` with the grid laid out for the tab's width.
///
/// The browser scrolls the grid (natively, with momentum: the page's `touch-action: pan-y`); the
/// page reports where it came to rest (`scroll`, its `top`), which becomes the view-model's
/// visible region. Every other pointer sample (mouse, pen or finger) goes to the view-model with
/// its time and content position, and its `GestureArbiter` decides what the touch is: a tap
/// selects (or dismisses) a Hoo, a mostly horizontal drag or a press and hold scrubs (the
/// selection follows the finger, and the grid's `data-gesture="scrubbing"` tells the page to stop
/// its native scroll), a mostly vertical drag is the browser's. From the keyboard, every Hoo is a
/// button (`select-hoo`, `data-value` `01/03`) and the selection offers `select-next-hoo`,
/// `select-previous-hoo` and `dismiss-selection`.
@MainActor
final class HooSetsLiveScreen: LiveScreen {
    let model: HooSetsViewModel
    private let context: ScreenContext
    private let tasks = ScreenTasks()
    /// The content's size as the page last reported it (the visible region's size); until then
    /// an iPhone 14's, under its bars.
    private var viewport = HooSetsLiveScreen.initialViewport
    private static let initialViewport = LayoutSize(width: 390, height: 753)

    init(context: ScreenContext) {
        self.context = context
        let caches = context.configuration.cacheDirectory
        let source: HooSetsSource
        if let directory = context.configuration.feeds[.hoosets], directory.isFileURL {
            source = HooSetsSource(directory: directory, cacheDirectory: caches.appendingPathComponent("HooSets/dir", isDirectory: true))
        } else {
            do throws(HooSetsError) {
                source = try HooSetsSource.bundled(caches: caches)
            } catch {
                // The bundled sets are not there: a directory that is not there either, so the
                // load fails naming it and the screen says so in its own words.
                source = HooSetsSource(directory: caches.appendingPathComponent("HooSets (bundle resource)"), cacheDirectory: caches)
            }
        }
        model = HooSetsViewModel(
            loader: source, clock: context.environment.clock, metrics: .resolved(for: context.configuration.contrast), displayScale: .x2,
            viewport: Self.initialViewport, language: context.environment.messagesLocale)
    }

    var surface: LiveSurface { .pointer }

    func start() {
        tasks.run { [model] in await model.load() }
    }

    func stop() { tasks.cancelAll() }

    /// The module's page of `model.state`: its placeholder until the sets are read (the first
    /// render comes before the load's task runs), then the grid, with the bundled files linked.
    func render() -> PreviewScreen {
        var images = PreviewImages()
        let media = context.media
        images.linked = { url in media.linkFile(url) }
        return HooSetsPreview.screen(model.state, images: images, contrast: context.configuration.contrast)
    }

    /// The view state's actions (`HooSetsAction`, the `data-action` of the Hoos and of the
    /// selection's named actions).
    private func perform(_ name: String, value: String?) throws(LiveEventError) {
        guard let action = HooSetsAction(rawValue: name) else { throw .unsupported("HooSets has no control \(name)") }
        switch action {
        case .selectHoo:
            guard let value, let id = HooID(parsing: value) else { throw .unsupported("\(name) needs a Hoo like 01/03") }
            // A toggle: the selected Hoo's own action dismisses it, as a tap on it does.
            model.select(id == model.state.content?.selection?.id ? nil : id)
        case .selectNextHoo: model.selectNext()
        case .selectPreviousHoo: model.selectPrevious()
        case .dismissSelection: model.dismissSelection()
        case .refresh: tasks.run { [model] in await model.refresh() }
        }
    }

    func handle(_ event: LiveEvent) throws(LiveEventError) {
        switch event {
        case .viewport(let width, let height):
            viewport = LayoutSize(width: width, height: height)
            model.setViewport(viewport)
        case .pointer(let phase, let time, let x, let y):
            let samplePhase: TouchSample.Phase =
                switch phase {
                case .began: .began
                case .moved: .moved
                case .stationary: .stationary
                case .ended: .ended
                case .cancelled: .cancelled
                }
            model.handle(TouchSample(samplePhase, at: time, x: x, y: y))
        case .scroll(let top, _):
            model.setVisibleRegion(LayoutRect(x: 0, y: top, width: viewport.width, height: viewport.height))
        case .action(let name, let value):
            try perform(name, value: value)
        }
    }
}
