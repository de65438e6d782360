import SharedNetworking

/// `exercises schedule`: not built yet; its exercise issue replaces this file.
struct ScheduleCommand: ExerciseCommand {
    let name = "schedule"
    let summary = "The YinzCam NFL team schedule"
    let discussion = "This screen is not built yet."
    let commonOptions = CommonOptions.feedScreen
    let options: [OptionSpec] = []
    let examples = ["exercises schedule"]

    func run(_ context: CommandContext) async throws(CLIError) -> ScreenOutput {
        throw .input("the schedule screen is not built yet")
    }
}
