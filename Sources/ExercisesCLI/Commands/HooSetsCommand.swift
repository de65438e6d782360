import SharedNetworking

/// `exercises hoosets`: not built yet; its exercise issue replaces this file.
struct HooSetsCommand: ExerciseCommand {
    let name = "hoosets"
    let summary = "Yahoo's Hoo sets: a grid of images and poems"
    let discussion = "This screen is not built yet."
    let commonOptions = CommonOptions.feedScreen
    let options: [OptionSpec] = []
    let examples = ["exercises hoosets"]

    func run(_ context: CommandContext) async throws(CLIError) -> ScreenOutput {
        throw .input("the hoosets screen is not built yet")
    }
}
