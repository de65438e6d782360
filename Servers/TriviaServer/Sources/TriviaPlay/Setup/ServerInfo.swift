import Foundation
import SharedNetworking
import Trivia
import TriviaHost

/// What `trivia-play` asks the server before playing: which competition it runs
/// (`GET /health`, whose `competition` field `trivia-server` fills). Also the first sign that
/// the URL is wrong or the server is not running, said plainly before the screen changes.
public enum ServerInfo {
    /// The competition the server at `server` runs.
    public static func competition(at server: URL, client: any HTTPClient) async throws(PlaySetupError) -> CompetitionID {
        let text = server.absoluteString
        guard let url = URL(string: (text.hasSuffix("/") ? text : text + "/") + "health") else {
            throw .badServerURL(text)
        }
        let response: HTTPResponse
        do {
            response = try await client.send(HTTPRequest(url: url, headers: ["Accept": "application/json"], timeout: .seconds(5)))
        } catch {
            throw .unreachable(server: text, reason: error.description)
        }
        guard let health = try? JSONDecoder().decode(Health.self, from: response.body) else {
            throw .notATriviaServer(server: text)
        }
        return health.competition
    }

    /// The part of the server's `/health` reply this client reads.
    struct Health: Decodable {
        let competition: CompetitionID
    }
}

/// Why `trivia-play` could not start a game; printed as one line, before the screen changes.
public enum PlaySetupError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The `--server` value is not an http(s) URL.
    case badServerURL(String)
    /// Nothing answered at the URL.
    case unreachable(server: String, reason: String)
    /// Something answered, but not a trivia server.
    case notATriviaServer(server: String)

    /// The message, with what to do about it.
    public var description: String {
        switch self {
        case .badServerURL(let text):
            "\(text) is not a server URL; pass one like --server http://127.0.0.1:8080"
        case .unreachable(let server, let reason):
            "cannot reach the trivia server at \(server) (\(reason)). Is trivia-server running there?"
        case .notATriviaServer(let server):
            "\(server)/health did not answer like trivia-server; pass --competition ID to join a competition on another server"
        }
    }
}
