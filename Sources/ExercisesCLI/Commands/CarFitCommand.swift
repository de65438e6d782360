import SharedNetworking

/// `exercises carfit`: not built yet; its exercise issue replaces this file.
struct CarFitCommand: ExerciseCommand {
    let name = "carfit"
    let summary = "A CarFit car-wash worker's visits and calendar"
    let discussion = "This screen is not built yet."
    let commonOptions = CommonOptions.feedScreen
    let options: [OptionSpec] = []
    let examples = ["exercises carfit"]

    func run(_ context: CommandContext) async throws(CLIError) -> ScreenOutput {
        throw .input("the carfit screen is not built yet")
    }
}
