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
    private let connection: KeptConnection
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
        connection = KeptConnection(database: database, purpose: "follower \(competition)", logger: logger)
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

    /// Closes the follower's connection; it answers from what it has from then on.
    public func stop() async {
        await connection.close()
    }

    private func catchUp() async {
        do {
            let entries = try await InputLogStore.entries(
                try await connection.connection(), competition: competition, after: position, logger: logger)
            for entry in entries {
                for input in entry.inputs { _ = host.replay(input) }
                position = entry.position
            }
        } catch ClusterError.stopped {
            // The node is stopping: answer from what was read.
        } catch {
            logger.warning("follower: the log could not be read: \(error)")
            await connection.discard()
        }
    }
}
