import Foundation
import Logging
import PostgresNIO
import Trivia
import TriviaHost

/// A read-only copy of the competition's host on a node that is not the owner, kept by
/// replaying the log from PostgreSQL: what `GET /health` and the wild-card balance endpoint
/// answer from on every node.
///
/// It catches up on demand, at most once per ``refreshEvery`` (a burst of balance requests
/// costs one query), reading only the entries after the last one it applied. When PostgreSQL
/// cannot be reached it answers from what it has, which is never ahead of the log.
public actor LogFollower {
    /// The shortest time between two reads of the log.
    public nonisolated let refreshEvery: Duration
    private let database: ClusterDatabase
    private let competition: Int32
    private let monotonic: any MonotonicClock
    private let logger: Logger
    private var host: ReplayableHost
    private var position: Int64 = 0
    private var connection: PostgresConnection?
    private var lastRead: MonotonicInstant?

    /// A follower of competition number `competition`, starting from `genesis`.
    public init(
        database: ClusterDatabase, competition: Int32, genesis: CompetitionGenesis, refreshEvery: Duration = .milliseconds(250),
        monotonic: any MonotonicClock = SystemMonotonicClock(), logger: Logger
    ) {
        self.database = database
        self.competition = competition
        self.monotonic = monotonic
        self.logger = logger
        self.refreshEvery = refreshEvery
        // Replay answers token checks from the log only: no live authenticator is consulted.
        host = ReplayableHost(genesis: genesis, authenticator: StaticTokenAuthenticator([:]))
    }

    /// The host's state as of the latest entry read (reading new entries first unless the last
    /// read was less than ``refreshEvery`` ago).
    public func core() async -> TriviaHostCore {
        await read { $0 }
    }

    /// `body`'s answer from the host as of the latest entry read (catching up as ``core()``
    /// does), without copying the host out of the follower.
    public func read<T: Sendable>(_ body: @Sendable (TriviaHostCore) -> T) async -> T {
        let now = monotonic.now
        if lastRead.map({ $0.duration(to: now) >= refreshEvery }) ?? true {
            lastRead = now
            await catchUp()
        }
        return body(host.core)
    }

    /// The last log position applied.
    public var appliedPosition: Int64 { position }

    /// Closes the follower's connection.
    public func stop() async {
        try? await connection?.close()
        connection = nil
    }

    private func catchUp() async {
        do {
            let connection: PostgresConnection
            if let current = self.connection, !current.isClosed {
                connection = current
            } else {
                connection = try await database.connect(purpose: "follower \(competition)", logger: logger)
                self.connection = connection
            }
            let entries = try await InputLogStore.entries(connection, competition: competition, after: position, logger: logger)
            for entry in entries {
                for input in entry.inputs { _ = host.replay(input) }
                position = entry.position
            }
        } catch {
            logger.warning("follower: the log could not be read: \(error)")
            try? await connection?.close()
            connection = nil
        }
    }
}
