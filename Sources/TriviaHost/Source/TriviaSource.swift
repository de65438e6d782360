import SharedNetworking
import Trivia

/// Where the questions come from: the set bundled with the module, the Trivia server's default.
/// The client itself reads no feed (it plays over a ``/Trivia/TriviaTransport``); a host reads this one.
public enum TriviaSource {
    /// The bundled default set (`Resources/questions.json`).
    public static func bundled() throws(NetworkError) -> FeedSource {
        try FeedSource.resource("questions", withExtension: "json", in: .module)
    }
}
