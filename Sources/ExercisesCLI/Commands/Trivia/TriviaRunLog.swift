import Foundation
import Trivia
import TriviaHost

/// What `exercises trivia --json` prints as `screen`: the settings, every screen the user saw
/// and every message on the user's connection, in order.
struct TriviaRunLog: Encodable, Sendable {
    struct Settings: Encodable, Sendable {
        let seed: UInt64
        let players: Int
        let questions: Int
        let wildcards: Int
        let declineWildcard: Bool
        let startsAt: Date
    }

    /// One screen as it appeared.
    struct Frame: Encodable, Sendable {
        let at: Date
        let screen: TriviaViewState
    }

    /// One message or connection change on the user's side.
    struct Event: Encodable, Sendable {
        enum Direction: String, Encodable, Sendable { case sent, received, connection }
        let at: Date
        let direction: Direction
        let type: String
        let sent: ClientEnvelope?
        let received: ServerEnvelope?
        let note: String?
    }

    let settings: Settings
    let screens: [Frame]
    let events: [Event]
    /// The host's standings at the end (every player, in join order).
    let standings: [HostUserSnapshot]
    let winners: [TriviaWinner]
}
