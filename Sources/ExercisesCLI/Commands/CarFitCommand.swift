import CarFit
import Foundation
import ScreenKit
import SharedNetworking
import TerminalScreens

/// `exercises carfit`: the CarFit worker's screen, the month calendar over the visit cards of
/// the selected days, driven by the real `CleanerListViewModel`.
struct CarFitCommand: ExerciseCommand {
    let name = "carfit"
    let summary = "A CarFit car-wash worker's visits and calendar"
    let discussion = """
        Shows the month calendar ([10] selected, (10) today, • a day with visits) and the visit \
        cards of the selected days: client, state, tasks, start time in the chosen time zone with \
        the expected window, total duration, address and distance from the previous visit. \
        The bundled sample has visits on 10, 11 and 30 September 2020 only, so when it is shown \
        without --now, today is 10 September 2020 (08:00 local time). --generated shows a seeded, \
        realistic set of visits around today instead.
        """
    let commonOptions = CommonOptions.feedScreen
    let options: [OptionSpec] = [
        .repeated(
            "--date", "YYYY-MM-DD", help: "Select this day in the calendar (repeat for several days, in any months). Default: today."),
        .flag("--generated", help: "Show generated sample visits around today instead of a feed."),
        .value("--seed", "N", help: "Seed of the generated visits (with --generated; default 2020)."),
    ]
    let examples = [
        "exercises carfit",
        "exercises carfit --date 2020-09-10 --date 2020-09-30 --locale da_DK --time-zone Europe/Copenhagen",
        "exercises carfit --generated --now 2024-05-15T10:00:00Z",
        "exercises carfit --file visits.json --now 2020-09-11 --json",
    ]

    func run(_ context: CommandContext) async throws(CLIError) -> ScreenOutput {
        let request = try CarFitRequest(context)
        let environment = context.environment
        let source: any CarFitFeedLoading
        switch (request.generatorSeed, context.source) {
        case (let seed?, _):
            source = GeneratedCarFitFeedLoader(generator: VisitGenerator(seed: seed), clock: request.clock, calendar: environment.calendar)
        case (nil, let feed?):
            source = CarFitFeedLoader(source: feed, network: context.feedNetwork)
        case (nil, nil):
            source = CarFitFeedLoader(source: try Self.bundledSample(), network: context.feedNetwork)
        }
        let (state, visitDays) = await Self.loadScreen(
            source: source, request: request, environment: environment, contrast: try context.contrast)
        var diagnostics = state.diagnostics
        if let error = state.error {
            // A saved copy on screen is a screen shown: the failure is a note, not an exit status.
            guard let notice = state.notice else { throw .input(error.description) }
            diagnostics.append(SavedScreenNote.diagnostic(error: error.description, notice: notice))
        }
        guard let content = state.content else { throw .input("the visits could not be loaded") }
        var text = CarFitScreenText(width: min(context.width, 80)).render(content)
        let strings = CarFitStrings(language: content.language)
        if request.usesSampleDay {
            let days = visitDays.compactMap { Self.dateText($0, environment) }
            let today = Self.dateText(CarFitSource.referenceDay, environment) ?? CarFitSource.referenceDay.description
            text +=
                "\n" + strings.sampleDayNote(visitDays: days.formatted(.list(type: .and).locale(environment.locale)), today: today) + "\n"
        } else if let hint = Self.whereTheVisitsAre(content, visitDays: visitDays, strings: strings) {
            text += "\n" + hint + "\n"
        }
        return ScreenOutput(text: text, state: content, diagnostics: diagnostics)
    }

    /// When a selected day is empty but the feed has visits elsewhere (a feed from another
    /// month or year, such as the exercise's own carfit.json today): which days, and the option
    /// that shows them. Today stays today (see the CarFit guide, "A feed whose visits are on
    /// other days").
    static func whereTheVisitsAre(_ state: CleanerListViewState, visitDays: [CalendarDay], strings: CarFitStrings) -> String? {
        guard let nearest = state.sections.lazy.compactMap(\.nearestVisitDay).first, let first = visitDays.first,
            let last = visitDays.last
        else { return nil }
        return strings.visitsElsewhere(
            count: first == last ? 1 : visitDays.count, first: first.description, last: last.description, nearest: nearest.description)
    }

    /// `day` in full in the formats locale: `10 September 2020`, `10. September 2020`.
    static func dateText(_ day: CalendarDay, _ environment: AppEnvironment) -> String? {
        guard let noon = environment.calendar.date(from: DateComponents(year: day.year, month: day.month, day: day.day, hour: 12))
        else { return nil }
        var style = Date.FormatStyle(date: .long, time: .omitted, locale: environment.locale, calendar: environment.calendar)
        style.timeZone = environment.calendar.timeZone
        return noon.formatted(style)
    }

    /// The bundled sample; a missing resource is an input error, not a crash.
    private static func bundledSample() throws(CLIError) -> FeedSource {
        do throws(NetworkError) {
            return try CarFitSource.bundled()
        } catch {
            throw .input(error.description)
        }
    }

    /// Runs the view-model as an app would: load, then apply the selection and open the calendar.
    @MainActor
    private static func loadScreen(
        source: any CarFitFeedLoading, request: CarFitRequest, environment: AppEnvironment, contrast: ContrastPreference
    ) async -> (state: ScreenState<CleanerListViewState>, visitDays: [CalendarDay]) {
        let viewModel = CleanerListViewModel(
            loader: source, clock: request.clock, calendar: environment.calendar, timeZone: environment.timeZone,
            language: environment.messagesLocale, contrast: contrast)
        await viewModel.load()
        if !request.days.isEmpty {
            viewModel.calendarViewModel.select(request.days)
        }
        viewModel.calendarViewModel.present()
        return (viewModel.state, viewModel.calendarViewModel.markedDays.sorted())
    }
}
