import Foundation
import Logging
import NIOCore
import PostgresNIO

/// A node's rows: its incarnation (one per process start) and the competitions it serves.
public enum ClusterRegistry {
    /// Registers a new incarnation of the node `name` and returns its number (the high half
    /// of its connection ids, and its bus channel).
    public static func register(_ connection: PostgresConnection, node name: String, logger: Logger) async throws(ClusterError)
        -> Int64
    {
        try await ClusterError.wrapping {
            let rows = try await connection.query("INSERT INTO trivia_nodes (name) VALUES (\(name)) RETURNING incarnation", logger: logger)
            for try await incarnation in rows.decode(Int64.self) {
                guard incarnation < Int64(UInt32.max) else {
                    throw ClusterError.database("node incarnations are used up (\(incarnation)): reset trivia_nodes' sequence")
                }
                return incarnation
            }
            throw ClusterError.database("registering node \(name) returned no incarnation")
        }
    }

    /// Marks `incarnation` alive now (`trivia_nodes.seen_at`), or stopped.
    public static func heartbeat(_ connection: PostgresConnection, incarnation: Int64, stopping: Bool = false, logger: Logger)
        async throws(ClusterError)
    {
        do {
            if stopping {
                try await connection.run(
                    "UPDATE trivia_nodes SET seen_at = clock_timestamp(), stopped_at = clock_timestamp() WHERE incarnation = \(incarnation)",
                    logger: logger)
            } else {
                try await connection.run(
                    "UPDATE trivia_nodes SET seen_at = clock_timestamp() WHERE incarnation = \(incarnation)", logger: logger)
            }
        } catch {
            throw .database(ClusterDatabase.reason(error))
        }
    }

    /// Which of `incarnations` are gone: stopped, or silent (no heartbeat) for `silence` while
    /// the freshest node was seen. Measured against the freshest heartbeat rather than the
    /// clock, so that PostgreSQL being down for a while does not make every node look dead.
    public static func gone(_ connection: PostgresConnection, among incarnations: [Int64], silence: Duration, logger: Logger)
        async throws(ClusterError) -> Set<Int64>
    {
        let components = silence.components
        let seconds = Double(components.seconds) + Double(components.attoseconds) / 1e18
        return try await ClusterError.wrapping {
            let rows = try await connection.query(
                """
                SELECT incarnation FROM trivia_nodes
                 WHERE incarnation = ANY(\(incarnations))
                   AND (stopped_at IS NOT NULL
                        OR seen_at < (SELECT max(seen_at) FROM trivia_nodes) - make_interval(secs => \(seconds)))
                """, logger: logger)
            var gone: Set<Int64> = []
            for try await incarnation in rows.decode(Int64.self) { gone.insert(incarnation) }
            return gone
        }
    }

    /// The competition's number, creating it (and its lease row) with `genesis` the first
    /// time; a competition that exists with another genesis is
    /// ``ClusterError/competitionMismatch(competition:reason:)``. Returns the stored genesis,
    /// which is the one every owner plays.
    public static func open(_ connection: PostgresConnection, genesis: CompetitionGenesis, logger: Logger) async throws(ClusterError)
        -> (number: Int32, genesis: CompetitionGenesis)
    {
        let encoded = ByteBuffer(data: try genesis.encoded())
        let competition = genesis.competition.rawValue
        return try await ClusterError.wrapping {
            try await connection.run(
                """
                INSERT INTO trivia_competitions (competition, genesis) VALUES (\(competition), \(encoded))
                ON CONFLICT (competition) DO NOTHING
                """, logger: logger)
            var found: (Int32, ByteBuffer)?
            let rows = try await connection.query(
                "SELECT number, genesis FROM trivia_competitions WHERE competition = \(competition)", logger: logger)
            for try await row in rows.decode((Int32, ByteBuffer).self) { found = row }
            guard let (number, stored) = found else { throw ClusterError.database("competition \(competition) was not stored") }
            try await connection.run(
                "INSERT INTO trivia_leases (competition_number) VALUES (\(number)) ON CONFLICT DO NOTHING", logger: logger)
            let storedGenesis = try CompetitionGenesis.decode(Data(buffer: stored))
            if let reason = storedGenesis.mismatch(with: genesis) {
                throw ClusterError.competitionMismatch(competition: competition, reason: reason)
            }
            return (number, storedGenesis)
        }
    }
}
