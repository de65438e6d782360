import ArgumentParser
import Foundation
import Logging
import PostgresNIO
import TriviaCluster

/// `trivia-cluster status`: what the database says about the cluster now.
struct Status: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Show the schema, the nodes, the leases and the logs.")

    @OptionGroup var options: ClusterOptions

    func run() async throws {
        try await reporting {
            let logger = options.logger
            let connection = try await options.database().connect(purpose: "status", logger: logger)
            do {
                for try await version in try await connection.query("SELECT version FROM trivia_schema", logger: logger).decode(Int.self) {
                    emit("schema version \(version) (this build knows \(ClusterSchema.latestVersion))")
                }
                emit("nodes:")
                let nodes = try await connection.query(
                    """
                    SELECT incarnation, name, round(extract(epoch FROM clock_timestamp() - seen_at)::numeric, 1)::text, stopped_at IS NOT NULL
                      FROM trivia_nodes ORDER BY incarnation DESC LIMIT 20
                    """, logger: logger)
                for try await (incarnation, name, seen, stopped) in nodes.decode((Int64, String, String, Bool).self) {
                    emit("  #\(incarnation) \(name): \(stopped ? "stopped" : "seen \(seen) s ago")")
                }
                emit("competitions:")
                let competitions = try await connection.query(
                    """
                    SELECT c.competition, l.epoch, coalesce(l.holder, '-'),
                           CASE WHEN isfinite(l.expires_at)
                                THEN round(extract(epoch FROM l.expires_at - clock_timestamp())::numeric, 2)::text END,
                           (SELECT count(*) FROM trivia_log g WHERE g.competition_number = c.number),
                           (SELECT coalesce(sum(input_count), 0) FROM trivia_log g WHERE g.competition_number = c.number)
                      FROM trivia_competitions c JOIN trivia_leases l ON l.competition_number = c.number ORDER BY c.number
                    """, logger: logger)
                for try await (competition, epoch, holder, expires, entries, inputs) in competitions.decode(
                    (String, Int64, String, String?, Int64, Int64).self)
                {
                    let lease =
                        (expires.flatMap(Double.init) ?? -1) > 0
                        ? "held by \(holder), epoch \(epoch), \(expires ?? "") s left" : "free (epoch \(epoch))"
                    emit("  \(competition): \(lease); log \(entries) entries, \(inputs) inputs")
                }
            } catch {
                try? await connection.close()
                throw CommandFailure("status: \(error)")
            }
            try? await connection.close()
        }
    }
}
