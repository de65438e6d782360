import Facts
import Foundation
import SharedNetworking
import TerminalScreens

/// `exercises facts`: the "About Canada" feed as the app's table shows it, laid out for a device
/// width with the same row layout and deterministic text measurer the tests use.
struct FactsCommand: RemoteFeedCommand {
    let name = "facts"
    let summary = "The 'About Canada' facts feed"
    let discussion = """
        Shows the feed's title and each fact with its text wrapped exactly as a row of the given \
        width lays it out, the row's height in points and its image slot. With --images the images \
        are downloaded (4 at a time, cached on disk) and each slot takes its image's real size. The bundled feed is the original file, which is not UTF-8; it is \
        read as Mac OS Roman and the repair is reported on standard error.
        """
    let commonOptions = [
        CommonOptions.file, CommonOptions.url, CommonOptions.locale, CommonOptions.timeZone, CommonOptions.now, CommonOptions.json,
        CommonOptions.cacheDirectory, CommonOptions.timeout,
    ]
    let options: [OptionSpec] = [FactsOptions.width, FactsOptions.images]
    let examples = [
        "exercises facts",
        "exercises facts --width 1024",
        "exercises facts --images",
        "exercises facts --url default",
        "exercises facts --file facts.json --json",
    ]
    let defaultURL = FactsSource.remoteURL

    func run(_ context: CommandContext) async throws(CLIError) -> ScreenOutput {
        let width = try FactsOptions.width(context.options)
        let source = try context.source(orBundled: FactsSource.bundled)
        let loaded = try await FactsScreenLoader.load(
            source: source,
            network: context.feedNetwork,
            images: context.options.has("--images") ? FactsScreenLoader.pipeline(context.environment) : nil,
            clock: context.environment.clock,
            width: width,
            metrics: .resolved(for: try context.contrast),
            language: context.environment.messagesLocale
        )
        let text = FactsScreenText.render(
            loaded.screen, terminalWidth: context.width, locale: context.environment.locale, timeZone: context.environment.timeZone)
        return ScreenOutput(text: text, state: loaded.screen, diagnostics: loaded.diagnostics)
    }
}
