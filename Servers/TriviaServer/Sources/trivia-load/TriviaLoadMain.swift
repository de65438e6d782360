import TriviaLoad

/// `trivia-load`: the command is the TriviaLoad library's, so that the tests exercise the load
/// generator's parts without depending on an executable (as the root package's `exercises`).
@main
enum TriviaLoadMain {
    static func main() async {
        await TriviaLoadCommand.main(nil)
    }
}
