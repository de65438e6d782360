import Foundation
import Schedule
import SharedNetworking

/// `exercises schedule`: the YinzCam schedule screen as text, or its view state as JSON.
struct ScheduleCommand: RemoteFeedCommand {
    let name = "schedule"
    let summary = "The YinzCam NFL team schedule"
    let discussion = """
        Shows the Green Bay Packers' 2020 schedule as the app draws it: sections, away team on \
        the left and home team on the right, scores of final games, records and kick-off time of \
        scheduled ones, dates in the chosen locale and time zone. Reads the bundled feed unless \
        --file or --url is given (--url default is the exercise's own address).
        """
    let commonOptions = CommonOptions.feedScreen
    let options: [OptionSpec] = []
    let examples = [
        "exercises schedule",
        "exercises schedule --locale de_DE --time-zone Europe/Berlin",
        "exercises schedule --time-zone Asia/Tokyo --json",
        "exercises schedule --url default",
    ]
    let defaultURL = ScheduleSource.remoteURL

    func run(_ context: CommandContext) async throws(CLIError) -> ScreenOutput {
        let loaded: Loaded<ScheduleFeed>
        do throws(NetworkError) {
            let source: FeedSource
            if let chosen = context.source { source = chosen } else { source = try ScheduleSource.bundled() }
            loaded = try await ScheduleFeedLoader(loader: context.feedLoader(), source: source).loadSchedule()
        } catch {
            throw .loading(error)
        }
        let environment = context.environment
        let display = ScheduleDisplayContext(
            locale: environment.locale,
            timeZone: environment.timeZone,
            calendar: environment.calendar,
            now: environment.clock.now
        )
        let state = ScheduleScreenBuilder(context: display).build(loaded.value)
        return ScreenOutput(
            text: ScheduleScreenText.render(state, width: context.width),
            state: state,
            diagnostics: loaded.diagnostics
        )
    }
}
