import Logging
import PostgresNIO
import SharedNetworking

/// The lease's SQL: take an expired lease, renew a held one, give it up. Every condition is
/// evaluated by PostgreSQL on its own clock (`clock_timestamp()`), so nodes never compare
/// their clocks with each other.
enum LeaseStore {
    /// Takes the lease of competition `competition` if it has expired (or was released), with
    /// the next epoch; returns that epoch, or `nil` when another node holds it.
    ///
    /// Two nodes racing for it both run the `UPDATE`; the second waits for the first's row
    /// lock, re-reads the row, finds it no longer expired and updates nothing.
    static func acquire(
        _ connection: PostgresConnection, competition: Int32, node: String, incarnation: Int64, ttl: Duration, logger: Logger
    ) async throws -> Int64? {
        let rows = try await connection.query(
            """
            UPDATE trivia_leases
               SET epoch = epoch + 1, holder = \(node), holder_incarnation = \(incarnation),
                   acquired_at = clock_timestamp(), renewed_at = clock_timestamp(),
                   expires_at = clock_timestamp() + make_interval(secs => \(ttl.timeInterval))
             WHERE competition_number = \(competition) AND expires_at < clock_timestamp()
            RETURNING epoch
            """, logger: logger)
        for try await epoch in rows.decode(Int64.self) { return epoch }
        return nil
    }

    /// Extends the lease `epoch` held by `incarnation` if it has not expired; `false` when it
    /// has (another node may have taken it, or may take it at any moment).
    static func renew(
        _ connection: PostgresConnection, competition: Int32, epoch: Int64, incarnation: Int64, ttl: Duration, logger: Logger
    ) async throws -> Bool {
        let rows = try await connection.query(
            """
            UPDATE trivia_leases
               SET renewed_at = clock_timestamp(), expires_at = clock_timestamp() + make_interval(secs => \(ttl.timeInterval))
             WHERE competition_number = \(competition) AND epoch = \(epoch) AND holder_incarnation = \(incarnation)
               AND expires_at > clock_timestamp()
            RETURNING epoch
            """, logger: logger)
        for try await _ in rows.decode(Int64.self) { return true }
        return false
    }

    /// Ends the lease `epoch` now, so a planned stop hands over within a standby's poll
    /// instead of after the lease's time.
    static func release(_ connection: PostgresConnection, competition: Int32, epoch: Int64, incarnation: Int64, logger: Logger)
        async throws
    {
        try await connection.run(
            """
            UPDATE trivia_leases SET expires_at = '-infinity'
             WHERE competition_number = \(competition) AND epoch = \(epoch) AND holder_incarnation = \(incarnation)
            """, logger: logger)
    }
}
