import Foundation
import Observation
import Schedule
import ScreenKit
import ScreenPreviews
import SharedNetworking

/// The schedule in a tab: `ScheduleViewModel` loads the feed; the browser scrolls the list (the
/// section headers are sticky) and reports the rows in view, whose logos the view-model then
/// requests (each distinct logo once, through the shared pipeline's caches); the bar's refresh
/// button calls `refresh()`. The page opens at the feed's default game (`#initial-row`).
@MainActor
final class ScheduleLiveScreen: LiveScreen {
    let model: ScheduleViewModel
    private let context: ScreenContext
    private let tasks = ScreenTasks()
    private var requested: Set<Int> = []

    init(context: ScreenContext) {
        self.context = context
        let environment = context.environment
        let source = context.feed(.schedule) { () throws(NetworkError) in try ScheduleSource.bundled() }
        model = ScheduleViewModel(
            loader: ScheduleFeedLoader(source: source, network: context.feedNetwork), resources: context.logos,
            locale: environment.locale, timeZone: environment.timeZone, calendar: environment.calendar, clock: environment.clock,
            logos: context.configuration.logoBase.map(TeamLogoCatalog.init(baseURL:)) ?? .yinzCam,
            metrics: .resolved(for: context.configuration.contrast), language: environment.messagesLocale)
    }

    var surface: LiveSurface { .list }

    func start() {
        tasks.run { [model] in await model.load() }
    }

    func stop() { tasks.cancelAll() }

    /// The module's page of `model.state` (its placeholder until the schedule is there), with the
    /// logos the view-model has, and the list's refresh action as a visible bar button.
    func render() -> PreviewScreen {
        let state = model.state
        var images = PreviewImages()
        let logos = model.logos, media = context.media
        images.linked = { url in
            guard case .loaded(let image) = logos[url] else { return nil }
            return media.link(url) { image.data }
        }
        var screen = SchedulePreview.screen(state, images: images, contrast: context.configuration.contrast)
        if let refresh = state.content?.accessibility.namedActions.first(where: { $0.action == ScheduleAction.refresh.rawValue }) {
            screen.navigationBar?.trailingItem = LiveMarkup.refreshButton(refresh)
        }
        return screen
    }

    func handle(_ event: LiveEvent) throws(LiveEventError) {
        switch event {
        case .action(let name, _):
            guard ScheduleAction(rawValue: name) == .refresh else { throw .unsupported("the schedule has no control \(name)") }
            requested = []
            tasks.run { [model] in await model.refresh() }
        case .scroll(_, let visible):
            guard let visible, let rows = model.state.content?.allRows, !rows.isEmpty else { return }
            // The rows in view and a few around them, as a table view's prefetching would.
            let lower = min(max(0, visible.lowerBound - 4), rows.count - 1), upper = min(rows.count - 1, visible.upperBound + 4)
            guard lower <= upper else { return }
            let wanted = (lower...upper).filter { requested.insert($0).inserted }.map { rows[$0] }
            guard !wanted.isEmpty else { return }
            // One task for the rows this scroll brought into view, beside the earlier ones: each
            // logo's request is the view-model's, so a task cut short by the limit leaves it running.
            tasks.run { [model] in
                await withTaskGroup(of: Void.self) { group in
                    for row in wanted { group.addTask { await model.loadLogos(for: row) } }
                }
            }
        case .viewport:
            break
        case .pointer:
            throw .unsupported("the schedule scrolls in the browser")
        }
    }
}
