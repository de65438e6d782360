import Foundation
import Observation
import ScreenKit
import SharedNetworking

/// The CarFit home screen: the worker's visits on the days selected in the calendar, as cards,
/// with pull to refresh.
///
/// Dependencies are injected and abstract: a ``CarFitFeedLoading`` for data (API, sample file,
/// generator, or a test double), an `AppClock` for "now", and a `Calendar` and `TimeZone` for
/// days and times. It formats nothing itself: ``VisitSchedule`` arranges the visits,
/// ``VisitCardFormatter`` produces the cards, ``CalendarViewModel`` owns the selection, and
/// ``CleanerListViewStateBuilder`` builds the screen from them.
///
/// A SwiftUI view reads ``state`` (``/ScreenKit/ScreenState``: the phase, the
/// ``CleanerListViewState`` as its `content`, the notice, the error, the announcement) and
/// ``calendarViewModel``, and calls ``load()`` in `.task` and ``refresh()`` from `.refreshable`.
/// Loading follows ``/ScreenKit/ScreenLoader``'s rules, the same on every feed screen:
/// - ``load()`` fetches once (a no-op once visits are shown), ``refresh()`` always fetches; either
///   joins a fetch that runs, so there is one fetch at a time.
/// - Cancelling a caller (the view's `.task` or `.refreshable` going away) returns it at once;
///   when no caller is left waiting, the fetch itself is cancelled, down to the network request.
/// - A failure never clears what is shown: after a failed refresh the previous visits stay and
///   the state's `error` says why (the content's `errorBanner`); the next success clears it.
/// - On a cold start the visits the loader saved are shown at once (marked `Saved 2 hours ago`)
///   while the network is asked; if it fails they stay, marked `Offline: saved 2 hours ago`. A
///   saved copy the server's caching rules still call fresh is simply shown, with no request.
@Observable
@MainActor
public final class CleanerListViewModel {
    /// The calendar panel above the list; its selection decides which days the list shows.
    public let calendarViewModel: CalendarViewModel
    /// The visits' loading and the drawable ``CleanerListViewState`` (`content`) for the days
    /// selected now; follows the calendar's selection as well as every load.
    public var state: ScreenState<CleanerListViewState> {
        let builder = self.builder, calendar = calendarViewModel.state
        let loading = screen.state
        return loading.map { visits in builder.build(cardsByDay: visits.cardsByDay, calendar: calendar, loading: loading) }
    }
    /// The design's badge colours (`standard`) or darker ones (`increased`): set it from the
    /// environment's `colorSchemeContrast`; the cards are rebuilt with the new colours.
    public var contrast: ContrastPreference {
        didSet {
            guard contrast != oldValue else { return }
            cardFormatter = VisitCardFormatter(calendar: calendar, language: language, contrast: contrast, formatters: formatters)
            let formatter = cardFormatter
            screen.updateContent { $0.cardsByDay = formatter.cardsByDay($0.schedule) }
        }
    }

    @ObservationIgnored private let screen: ScreenLoader<[Visit], Visits>
    @ObservationIgnored private var cardFormatter: VisitCardFormatter
    @ObservationIgnored private let builder: CleanerListViewStateBuilder
    @ObservationIgnored private let calendar: Calendar
    @ObservationIgnored private let language: Locale?
    @ObservationIgnored private let formatters: DateFormatterCache

    /// What the screen keeps of a load, from which ``state`` is built for the selected days: the
    /// visits by day, and every day's cards (built once per load and contrast: distances depend
    /// only on the day's own order).
    public struct Visits: Sendable, Equatable {
        /// The visits by the day they start on, in the worker's time zone.
        public var schedule: VisitSchedule
        /// Every day's cards, in start order.
        public var cardsByDay: [CalendarDay: [VisitCard]]
    }

    /// - Parameters:
    ///   - loader: where visits come from (``CarFitFeedLoader``, ``GeneratedCarFitFeedLoader``, a test double).
    ///   - clock: "now", for today and the time of the last update.
    ///   - calendar: locale (names, number formats, first weekday) and week rules.
    ///   - timeZone: the worker's time zone; start times (UTC in the feed) are shown in it and
    ///     visits are grouped by the day they start on in it. It replaces `calendar.timeZone`.
    ///   - language: the locale whose language the screen's own words are in (`Today`, the
    ///     badges, VoiceOver's words, the placeholder); the calendar's locale when `nil`. Dates
    ///     and numbers follow the calendar.
    ///   - contrast: the badge colours (``contrast``).
    ///   - formatters: the app's Foundation date formatters (``/SharedNetworking/AppEnvironment/dateFormatters``):
    ///     screens given the same cache in the same locale and time zone share them.
    ///   - monthTexts: the words of the calendar's months (``CalendarMonthTexts``), shared the same way.
    public init(
        loader: any CarFitFeedLoading, clock: any AppClock, calendar: Calendar, timeZone: TimeZone, language: Locale? = nil,
        contrast: ContrastPreference = .standard, formatters: DateFormatterCache = DateFormatterCache(),
        monthTexts: CalendarMonthTexts = CalendarMonthTexts()
    ) {
        var local = CalendarViewModel.gregorian(like: calendar)
        local.timeZone = timeZone
        let cardFormatter = VisitCardFormatter(calendar: local, language: language, contrast: contrast, formatters: formatters)
        self.calendar = local
        self.language = language
        self.formatters = formatters
        self.contrast = contrast
        self.cardFormatter = cardFormatter
        self.builder = CleanerListViewStateBuilder(
            strings: cardFormatter.strings, dayText: DayTextFormatter(calendar: local, formatters: formatters))
        self.calendarViewModel = CalendarViewModel(
            calendar: local, clock: clock, language: language, formatters: formatters, monthTexts: monthTexts)
        self.screen = ScreenLoader(
            loader: loader, text: cardFormatter.strings, retryAction: CarFitAction.refresh.rawValue, clock: clock,
            language: language ?? calendar.locale ?? Locale(identifier: "en"))
        screen.presenter = self
    }

    // MARK: Loading

    /// Loads the visits if they have not been loaded yet.
    public func load() async {
        await screen.load()
    }

    /// Fetches the visits again (pull to refresh).
    public func refresh() async {
        await screen.refresh()
    }

    /// Hides the error banner.
    public func dismissError() {
        screen.dismissError()
    }

    /// What the screen keeps of `loaded`: the visits by day and their cards; the calendar marks
    /// the days that have visits.
    func present(_ loaded: Loaded<[Visit]>) -> Loaded<Visits> {
        let schedule = VisitSchedule(visits: loaded.value, calendar: calendar)
        calendarViewModel.markedDays = Set(schedule.days)
        return Loaded(
            value: Visits(schedule: schedule, cardsByDay: cardFormatter.cardsByDay(schedule)),
            diagnostics: loaded.diagnostics + schedule.diagnostics, source: loaded.source)
    }

    /// `Visits updated. 3 visits on the selected days.`
    func updatedText(_ visits: Visits) -> String {
        let count = calendarViewModel.selectedDays.reduce(0) { $0 + (visits.cardsByDay[$1]?.count ?? 0) }
        return cardFormatter.strings.visitsUpdated(count)
    }
}
