import ExercisesWebLoad

/// `exercises-web-load`: the command is the ExercisesWebLoad library's, so that the tests use
/// the load tool's parts without depending on an executable (as `trivia-load`).
@main
enum LoadMain {
    static func main() async {
        await LoadCommand.main(nil)
    }
}
