import Foundation
import Trivia
import TriviaHost

/// Who plays, where, and how the screens are formatted: everything `trivia-play`'s options
/// decide, passed in whole so that nothing below reads the environment.
public struct PlaySettings: Sendable {
    /// The server's base URL (`http://127.0.0.1:8080`): the balance API and, with `ws://`, the
    /// socket.
    public var server: URL
    /// The account (`ada`).
    public var user: UserID
    /// The account's bearer token (`t-ada` for the demo accounts).
    public var token: String
    /// The competition to join; `nil` asks the server (`GET /health`).
    public var competition: CompetitionID?
    /// Numbers and times on the screens.
    public var locale: Locale
    /// The start time's zone.
    public var timeZone: TimeZone
    /// Prefix of this launch's message and request ids, unique per launch.
    public var clientInstance: String
    /// Seeds the reconnect jitter.
    public var jitterSeed: UInt64
    /// A full-screen game (on a terminal) or a plain log.
    public var fullScreen: Bool

    /// Settings for `user` with `token` on `server`.
    public init(
        server: URL, user: UserID, token: String, competition: CompetitionID?, locale: Locale, timeZone: TimeZone,
        clientInstance: String, jitterSeed: UInt64, fullScreen: Bool
    ) {
        self.server = server
        self.user = user
        self.token = token
        self.competition = competition
        self.locale = locale
        self.timeZone = timeZone
        self.clientInstance = clientInstance
        self.jitterSeed = jitterSeed
        self.fullScreen = fullScreen
    }

    /// The client's configuration: the view-model's defaults (reconnecting, heartbeat,
    /// acknowledgement timeouts), as the app uses them.
    public func clientConfiguration(competition: CompetitionID) -> TriviaClientConfiguration {
        TriviaClientConfiguration(
            user: user, token: token, competition: competition, clientInstance: clientInstance, jitterSeed: jitterSeed)
    }
}
