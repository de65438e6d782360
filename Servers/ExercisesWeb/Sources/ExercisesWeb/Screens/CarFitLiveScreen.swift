import CarFit
import ExercisesCLI
import Foundation
import ScreenKit
import ScreenPreviews
import SharedNetworking

/// CarFit in a tab: `CleanerListViewModel` and its `CalendarViewModel`. The bar's calendar
/// button opens and closes the month; the arrows change it; a day toggles its selection (any
/// number of days), and the cards and distances of the selected days follow; refresh (the
/// button, or pulling the list down) keeps the old cards on screen until the new ones come.
///
/// On the bundled sample, "today" is 10 September 2020 at 08:00, as in `exercises carfit`: the
/// sample's visits are on 10, 11 and 30 September 2020.
@MainActor
final class CarFitLiveScreen: LiveScreen {
    let model: CleanerListViewModel
    private let context: ScreenContext
    private let tasks = ScreenTasks()

    init(context: ScreenContext) {
        self.context = context
        let environment = context.environment
        let usesSample = context.configuration.feeds[.carfit] == nil
        // The bundled sample is the server's one decoded copy; a feed named with `--feed` is the
        // session's own, fetched and refreshed as in the app.
        let loader: any CarFitFeedLoading =
            usesSample
            ? context.carFitSample.loader
            : CarFitFeedLoader(
                source: context.feed(.carfit) { () throws(NetworkError) in try CarFitSource.bundled() }, network: context.feedNetwork)
        var clock: any AppClock = environment.clock
        // The sample's morning, as `exercises carfit` has it: one definition for both front-ends.
        if usesSample, let morning = CarFitSampleDay.clock(in: environment) { clock = morning }
        model = CleanerListViewModel(
            loader: loader, clock: clock, calendar: environment.calendar,
            timeZone: environment.timeZone,
            language: environment.messagesLocale, contrast: context.configuration.contrast, formatters: environment.dateFormatters,
            monthTexts: context.carFitMonthTexts)
    }

    var surface: LiveSurface { .list }

    func start() {
        tasks.run { [model] in await model.load() }
    }

    func stop() { tasks.cancelAll() }

    /// The module's page of `model.state` (its placeholder until the visits are there), with the
    /// list's refresh action as a visible bar button.
    func render() -> PreviewScreen {
        screen(for: model.state)
    }

    /// The page of `state`, kept for every session that reaches an equal state (the screen is
    /// a function of the state and the server's contrast, nothing else).
    func snapshot() -> LiveSnapshot {
        let state = model.state
        guard let memo = context.sharedScreens?.carFit else { return LiveSnapshot(screen(for: state)) }
        return memo.snapshot(for: LiveScreenMemos.CarFitKey(state: state, contrast: context.configuration.contrast)) { screen(for: state) }
    }

    private func screen(for state: ScreenState<CleanerListViewState>) -> PreviewScreen {
        var screen = CarFitPreview.screen(state, theme: .resolved(for: context.configuration.contrast))
        if let refresh = state.content?.listAccessibility.namedActions.first(where: { $0.action == CarFitAction.refresh.rawValue }) {
            screen.navigationBar?.leadingItem = LiveMarkup.refreshButton(refresh)
        }
        return screen
    }

    /// The view state's actions (`CarFitAction`, the `data-action` of its buttons).
    func handle(_ event: LiveEvent) throws(LiveEventError) {
        let calendar = model.calendarViewModel
        switch event {
        case .action(let name, let value):
            guard let action = CarFitAction(rawValue: name) else { throw .unsupported("CarFit has no control \(name)") }
            switch action {
            case .toggleCalendar: calendar.togglePresentation()
            case .dismissCalendar: calendar.dismiss()
            case .showPreviousMonth: calendar.showPreviousMonth()
            case .showNextMonth: calendar.showNextMonth()
            case .toggleDay:
                guard let value, let day = CalendarDay(parsing: value) else {
                    throw .unsupported("\(name) needs a day like 2020-09-13")
                }
                calendar.toggle(day)
            case .refresh:
                tasks.run { [model] in await model.refresh() }
            }
        case .scroll, .viewport:
            break
        case .pointer:
            throw .unsupported("CarFit scrolls in the browser")
        }
    }
}
