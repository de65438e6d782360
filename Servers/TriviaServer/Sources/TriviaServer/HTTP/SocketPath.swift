import Foundation
import SharedNetworking
import Trivia
import TriviaHost

/// `/v1/competitions/{competition}/socket` (``TriviaRoutes/socket``), the WebSocket endpoint of
/// `Docs/Trivia/Protocol.md`, as a client builds it.
public enum SocketPath {
    /// The path for `competition`, percent-encoded so any id is one segment.
    public static func path(for competition: CompetitionID) -> String {
        "/v1/competitions/\(PathSegment.encode(competition.rawValue))/socket"
    }
}
