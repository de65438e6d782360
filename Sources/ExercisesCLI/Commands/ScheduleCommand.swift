import Foundation
import Schedule
import ScreenKit
import SharedNetworking
import TerminalScreens

/// `exercises schedule`: the YinzCam schedule screen as text, or its view state as JSON.
struct ScheduleCommand: RemoteFeedCommand {
    let name = "schedule"
    let summary = "The YinzCam NFL team schedule"
    let discussion = """
        Shows the Green Bay Packers' 2020 schedule as the app draws it: sections, away team on \
        the left and home team on the right, scores of final games, records and kick-off time of \
        scheduled ones, dates in the chosen locale and time zone. Reads the bundled feed unless \
        --file or --url is given (--url default is the exercise's own address). With --logos the \
        teams' logos are fetched, each once, and cached on disk: a second run reads them from there.
        """
    let commonOptions = CommonOptions.feedScreen
    let options: [OptionSpec] = [ScheduleOptions.logos, ScheduleOptions.logoBase]
    let examples = [
        "exercises schedule",
        "exercises schedule --locale de_DE --time-zone Europe/Berlin",
        "exercises schedule --time-zone Asia/Tokyo --json",
        "exercises schedule --url default",
        "exercises schedule --logos",
    ]
    let defaultURL = ScheduleSource.remoteURL

    func run(_ context: CommandContext) async throws(CLIError) -> ScreenOutput {
        let catalog = try ScheduleOptions.catalog(context.options)
        let source = try context.source(orBundled: ScheduleSource.bundled)
        let environment = context.environment
        let loaded = try await ScheduleScreenLoader.load(
            feed: ScheduleFeedLoader(source: source, network: context.feedNetwork),
            logos: context.options.has("--logos") ? ScheduleScreenLoader.pipeline(environment) : nil,
            catalog: catalog,
            environment: environment,
            contrast: try context.contrast
        )
        var text = ScheduleScreenText.render(loaded.screen, notice: loaded.notice, width: context.width)
        if let logos = loaded.logos {
            text += ScheduleLogoReport.text(logos, language: loaded.screen.language, width: context.width)
        }
        return ScreenOutput(
            text: text,
            state: ScheduleScreenJSON(screen: loaded.screen, logos: loaded.logos, notice: loaded.notice, announcement: loaded.announcement),
            diagnostics: loaded.diagnostics
        )
    }
}

/// The view state, plus `logos` when they were fetched (`--logos`), `notice` when the screen
/// is a saved copy or was retried (the view-model's ``/ScreenKit/ScreenState/notice``)
/// and the view-model's `announcement` when it has one: one object, so the JSON schema without
/// them is exactly ``ScheduleViewState``.
struct ScheduleScreenJSON: Encodable, Sendable {
    var screen: ScheduleViewState
    var logos: [ScheduleLogoLine]?
    var notice: NetworkNotice?
    var announcement: Announcement?

    private enum Key: String, CodingKey { case logos, notice, announcement }

    func encode(to encoder: any Encoder) throws {
        try screen.encode(to: encoder)
        var container = encoder.container(keyedBy: Key.self)
        try container.encodeIfPresent(logos, forKey: .logos)
        try container.encodeIfPresent(notice, forKey: .notice)
        try container.encodeIfPresent(announcement, forKey: .announcement)
    }
}
