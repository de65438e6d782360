import SharedNetworking

/// `exercises facts`: not built yet; its exercise issue replaces this file.
struct FactsCommand: ExerciseCommand {
    let name = "facts"
    let summary = "The 'About Canada' facts feed"
    let discussion = "This screen is not built yet."
    let commonOptions = CommonOptions.feedScreen
    let options: [OptionSpec] = []
    let examples = ["exercises facts"]

    func run(_ context: CommandContext) async throws(CLIError) -> ScreenOutput {
        throw .input("the facts screen is not built yet")
    }
}
