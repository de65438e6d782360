import SharedNetworking

/// `exercises trivia`: not built yet; its exercise issue replaces this file.
struct TriviaCommand: ExerciseCommand {
    let name = "trivia"
    let summary = "A live trivia competition, played in-process"
    let discussion = "This screen is not built yet."
    let commonOptions = CommonOptions.feedScreen
    let options: [OptionSpec] = []
    let examples = ["exercises trivia"]

    func run(_ context: CommandContext) async throws(CLIError) -> ScreenOutput {
        throw .input("the trivia screen is not built yet")
    }
}
