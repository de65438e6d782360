import Foundation
import HooSets
import ScreenKit
import SharedNetworking
import TerminalScreens

/// `exercises hoosets`: the Hoo sets as a text grid, and the selection disc with `--select`.
struct HooSetsCommand: ExerciseCommand {
    let name = "hoosets"
    let summary = "Yahoo's Hoo sets: a grid of images and poems"
    let discussion = """
        Reads the Hoo sets (NN.zip archives and/or unzipped NN/ folders; the bundled nine by default), \
        extracts archives safely into the cache directory (reused while unchanged), and shows every set \
        with its colour and its Hoos as a grid. --select shows the selection disc with the Hoo's title \
        and poem line. --json prints the view state laid out for a 320 × 480 pt screen.
        """
    let commonOptions = [CommonOptions.locale, CommonOptions.json, CommonOptions.cacheDirectory]
    let options: [OptionSpec] = [
        .value("--dir", "PATH", help: "Read the sets from this directory of NN.zip files and/or NN/ folders."),
        .value("--select", "SET/HOO", help: "Select a Hoo and show the disc, e.g. 1/1 (set 1, Hoo 1)."),
        .value("--scale", "1|2|3", help: "Display scale for the header and artwork images (default 2)."),
    ]
    let examples = [
        "exercises hoosets",
        "exercises hoosets --select 1/1",
        "exercises hoosets --dir ~/Downloads/HooSets --json",
    ]

    func run(_ context: CommandContext) async throws(CLIError) -> ScreenOutput {
        let selection = try context.options.value("--select", as: "SET/HOO (e.g. 1/1)") { HooID(parsing: $0) }
        let scale = try context.options.value("--scale", as: "1, 2 or 3") { Int($0).flatMap(DisplayScale.init(rawValue:)) } ?? .x2
        let caches = context.environment.directories.caches
        let source: HooSetsSource
        let sourceLabel: String?
        do throws(HooSetsError) {
            if let path = context.options.value("--dir") {
                let directory = URL(fileURLWithPath: (path as NSString).expandingTildeInPath, isDirectory: true).standardizedFileURL
                // Each directory gets its own extraction folder, so two sets named 01.zip never
                // evict each other.
                let key = ZipError.hex(CRC32.checksum(Array(directory.path.utf8)))
                source = HooSetsSource(
                    directory: directory, cacheDirectory: caches.appendingPathComponent("HooSets/dirs/\(key)", isDirectory: true))
                sourceLabel = directory.path
            } else {
                source = try HooSetsSource.bundled(caches: caches)
                sourceLabel = nil
            }
        } catch {
            throw .input(error.description)
        }
        let loaded: Loaded<HooSetsFeed>
        do {
            loaded = try await source.load()
        } catch {
            throw .input(error.description)
        }
        if let selection, loaded.value.hoo(selection) == nil {
            throw .input("--select: there is no Hoo \(selection.set)/\(selection.hoo); \(Self.available(loaded.value))")
        }
        let screen = HooSetsViewStateBuilder(
            feed: loaded.value, metrics: .resolved(for: try context.contrast), displayScale: scale,
            viewport: LayoutSize(width: 320, height: 480), artwork: .bundled(scale: scale), diagnostics: loaded.diagnostics,
            spoken: HooSetsSpokenText(locale: context.environment.messagesLocale))
        let state = screen.state(layout: screen.layout, selection: selection, contentOffsetY: 0)
        let text = HooSetsScreenText(width: context.width, source: sourceLabel).render(state)
        return ScreenOutput(text: text, state: state, diagnostics: loaded.diagnostics)
    }

    /// "sets are 1–9" with each set's Hoo count, for a --select that matches nothing.
    static func available(_ library: HooSetsFeed) -> String {
        "choose one of " + library.sets.map { "\($0.id)/1–\($0.id)/\($0.hoos.count)" }.joined(separator: ", ")
    }
}
