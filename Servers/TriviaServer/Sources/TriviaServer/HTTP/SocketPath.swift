import Foundation
import SharedNetworking
import Trivia
import TriviaHost

/// `/v1/competitions/{competition}/socket`, the WebSocket endpoint of `Docs/Trivia/Protocol.md`.
public enum SocketPath {
    /// The path for `competition`, percent-encoded so any id is one segment.
    public static func path(for competition: CompetitionID) -> String {
        "/v1/competitions/\(PathSegment.encode(competition.rawValue))/socket"
    }

    /// The competition named by a request target (path and optional query), or `nil` when the
    /// target is not a socket path.
    public static func competition(inTarget target: String) -> CompetitionID? {
        let path = target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? ""
        let parts = path.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
        guard parts.count == 4, parts[0] == "v1", parts[1] == "competitions", parts[3] == "socket",
            let competition = PathSegment.decode(parts[2])
        else { return nil }
        return CompetitionID(competition)
    }
}
