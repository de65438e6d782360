import Foundation
import Logging
import PostgresNIO

/// The cluster's tables, created and upgraded by numbered migrations when a node starts.
///
/// Each migration runs once, in one transaction with every other pending one, under a
/// transaction-scoped advisory lock, so nodes starting at the same moment do not race and a
/// failure leaves the database as it was (nothing half-created). `trivia_schema` records the
/// version reached; a node that finds a **higher** version than it knows refuses to join
/// (``ClusterError/schemaTooNew(found:known:)``): an older build must not write to tables whose
/// meaning changed.
public enum ClusterSchema {
    /// One step of the schema: its version and its statements (one statement each, as the
    /// extended query protocol requires).
    public struct Migration: Sendable {
        /// The version the step brings the schema to.
        public let version: Int
        /// What the step adds, for `trivia-cluster status` and the logs.
        public let summary: String
        let statements: [String]
    }

    /// The highest version this build knows.
    public static var latestVersion: Int { migrations.last?.version ?? 0 }

    /// Advisory lock key that serializes migrations (any constant shared by every node).
    static let migrationLock: Int64 = 0x7472_6976_6961  // "trivia"

    /// Every migration in order. Never edit a shipped one: add the next.
    public static let migrations: [Migration] = [
        Migration(version: 1, summary: "nodes, competitions, leases, the input log, the bus", statements: version1)
    ]

    /// Tables every version since 1 has; checked after migrating.
    static let requiredTables = ["trivia_nodes", "trivia_competitions", "trivia_leases", "trivia_log", "trivia_bus"]

    /// Brings the database to ``latestVersion`` and returns the version it had before (0 for an
    /// empty database).
    @discardableResult
    public static func migrate(_ connection: PostgresConnection, logger: Logger) async throws(ClusterError) -> Int {
        let previous: Int
        do {
            previous = try await connection.withTransaction(logger: logger) { connection in
                try await connection.run("SELECT pg_advisory_xact_lock(\(migrationLock))", logger: logger)
                try await connection.run(
                    PostgresQuery(
                        unsafeSQL: """
                            CREATE TABLE IF NOT EXISTS trivia_schema (
                                singleton boolean PRIMARY KEY DEFAULT true CHECK (singleton),
                                version integer NOT NULL,
                                migrated_at timestamptz NOT NULL DEFAULT clock_timestamp())
                            """), logger: logger)
                var found = 0
                for try await version in try await connection.query("SELECT version FROM trivia_schema", logger: logger)
                    .decode(Int.self)
                {
                    found = version
                }
                guard found <= latestVersion else { throw ClusterError.schemaTooNew(found: found, known: latestVersion) }
                for migration in migrations where migration.version > found {
                    for statement in migration.statements {
                        try await connection.run(PostgresQuery(unsafeSQL: statement), logger: logger)
                    }
                }
                try await connection.run(
                    """
                    INSERT INTO trivia_schema (singleton, version) VALUES (true, \(latestVersion))
                    ON CONFLICT (singleton) DO UPDATE SET version = EXCLUDED.version, migrated_at = clock_timestamp()
                    """, logger: logger)
                return found
            }
        } catch let error as PostgresTransactionError {
            if let error = error.closureError as? ClusterError { throw error }
            throw .database(ClusterDatabase.reason(error.closureError ?? error.commitError ?? error.beginError ?? error))
        } catch {
            throw .database(ClusterDatabase.reason(error))
        }
        try await verify(connection, logger: logger)
        if previous < latestVersion {
            logger.notice("cluster schema migrated", metadata: ["from": "\(previous)", "to": "\(latestVersion)"])
        }
        return previous
    }

    /// Fails with ``ClusterError/schemaDamaged(_:)`` when a table of the schema is missing.
    static func verify(_ connection: PostgresConnection, logger: Logger) async throws(ClusterError) {
        try await ClusterError.wrapping {
            var missing: [String] = []
            for table in requiredTables {
                let rows = try await connection.query("SELECT to_regclass(\(table)) IS NOT NULL", logger: logger)
                for try await exists in rows.decode(Bool.self) where !exists { missing.append(table) }
            }
            guard missing.isEmpty else {
                throw ClusterError.schemaDamaged("version \(latestVersion) is recorded but \(missing.joined(separator: ", ")) is missing")
            }
        }
    }

    /// Version 1. Why each table is shaped so: Docs/TriviaServer/Design.md, "Schema".
    static let version1 = [
        // One row per node process: its incarnation is the high half of every connection id it
        // hands out, so ids never repeat across restarts, and the bus channel it listens on.
        """
        CREATE TABLE trivia_nodes (
            incarnation bigserial PRIMARY KEY,
            name text NOT NULL,
            started_at timestamptz NOT NULL DEFAULT clock_timestamp(),
            seen_at timestamptz NOT NULL DEFAULT clock_timestamp(),
            stopped_at timestamptz)
        """,
        // A competition's configuration, questions and starting ledger, fixed at its first
        // start: every owner replays the log against this, never against its own flags.
        """
        CREATE TABLE trivia_competitions (
            number serial PRIMARY KEY,
            competition text NOT NULL UNIQUE,
            genesis bytea NOT NULL,
            created_at timestamptz NOT NULL DEFAULT clock_timestamp())
        """,
        // One lease per competition: epoch is the fencing token, expires_at is PostgreSQL's clock.
        """
        CREATE TABLE trivia_leases (
            competition_number integer PRIMARY KEY REFERENCES trivia_competitions (number),
            epoch bigint NOT NULL DEFAULT 0,
            holder text,
            holder_incarnation bigint,
            acquired_at timestamptz,
            renewed_at timestamptz,
            expires_at timestamptz NOT NULL DEFAULT '-infinity')
        """,
        // The input log: one row per batch of inputs the owner accepted, in order.
        """
        CREATE TABLE trivia_log (
            competition_number integer NOT NULL REFERENCES trivia_competitions (number),
            position bigint NOT NULL,
            epoch bigint NOT NULL,
            incarnation bigint NOT NULL,
            input_count integer NOT NULL,
            inputs bytea NOT NULL,
            written_at timestamptz NOT NULL DEFAULT clock_timestamp(),
            PRIMARY KEY (competition_number, position))
        """,
        // Bus payloads too big for NOTIFY. Unlogged: they live for seconds, and a crash that
        // loses them loses the notifications that named them too.
        """
        CREATE UNLOGGED TABLE trivia_bus (
            key bigserial PRIMARY KEY,
            channel text NOT NULL,
            payload bytea NOT NULL,
            created_at timestamptz NOT NULL DEFAULT clock_timestamp())
        """,
        "CREATE INDEX trivia_bus_created_at ON trivia_bus (created_at)",
        // Publishes bus messages: small ones inline in the notification (base64, prefix i),
        // big ones into trivia_bus with the key in the notification (prefix k).
        """
        CREATE FUNCTION trivia_publish(p_channels text[], p_messages bytea[], p_inline_limit integer)
        RETURNS void LANGUAGE plpgsql AS $$
        DECLARE
            i integer;
            k bigint;
        BEGIN
            FOR i IN 1 .. coalesce(array_length(p_channels, 1), 0) LOOP
                IF octet_length(p_messages[i]) <= p_inline_limit THEN
                    PERFORM pg_notify(p_channels[i], 'i' || translate(encode(p_messages[i], 'base64'), E'\\n', ''));
                ELSE
                    INSERT INTO trivia_bus (channel, payload) VALUES (p_channels[i], p_messages[i]) RETURNING key INTO k;
                    PERFORM pg_notify(p_channels[i], 'k' || k);
                END IF;
            END LOOP;
        END $$
        """,
        // The owner's only write: checks the lease (row-locked until commit, so a take-over
        // waits for it), appends the entry at the next position, publishes its outputs. One
        // transaction: an entry is in the log if and only if its outputs were published.
        """
        CREATE FUNCTION trivia_commit(
            p_competition integer, p_epoch bigint, p_incarnation bigint, p_position bigint,
            p_input_count integer, p_inputs bytea, p_channels text[], p_messages bytea[], p_inline_limit integer)
        RETURNS void LANGUAGE plpgsql AS $$
        DECLARE
            last bigint;
        BEGIN
            PERFORM 1 FROM trivia_leases
                WHERE competition_number = p_competition AND epoch = p_epoch AND holder_incarnation = p_incarnation
                  AND expires_at > clock_timestamp()
                FOR SHARE;
            IF NOT FOUND THEN
                RAISE EXCEPTION 'lease epoch % of competition % is not current', p_epoch, p_competition USING ERRCODE = '\(ClusterSQLState.fenced)';
            END IF;
            IF p_input_count > 0 THEN
                SELECT max(position) INTO last FROM trivia_log WHERE competition_number = p_competition;
                IF coalesce(last, 0) <> p_position - 1 THEN
                    RAISE EXCEPTION 'log position % does not follow %', p_position, coalesce(last, 0) USING ERRCODE = '\(ClusterSQLState.positionTaken)';
                END IF;
                INSERT INTO trivia_log (competition_number, position, epoch, incarnation, input_count, inputs)
                    VALUES (p_competition, p_position, p_epoch, p_incarnation, p_input_count, p_inputs);
            END IF;
            PERFORM trivia_publish(p_channels, p_messages, p_inline_limit);
        END $$
        """,
    ]
}
