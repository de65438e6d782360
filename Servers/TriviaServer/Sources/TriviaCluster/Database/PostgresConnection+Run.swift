import Logging
import PostgresNIO

extension PostgresConnection {
    /// Runs `query` and reads its whole result. PostgresNIO hands back the rows as a sequence
    /// before the statement has finished, and an error raised while it executes (a fenced
    /// commit, a failed `NOTIFY`) only surfaces when the rows are read: a statement whose
    /// rows nobody reads can fail silently.
    func run(_ query: PostgresQuery, logger: Logger) async throws {
        for try await _ in try await self.query(query, logger: logger) {}
    }
}
