import Logging
import PostgresNIO

/// One PostgreSQL connection that a part of a node keeps for its queries: opened when first
/// needed, opened again after ``discard()``, closed for good by ``close()``.
///
/// Every part of a node (the bus's publisher, the lease, the owner's writer, the follower, the
/// heartbeat) used to keep a `PostgresConnection?` of its own. Those are actors, and an actor
/// runs other calls while it waits for a connection to open: a `stop()` that came meanwhile
/// closed nothing, the connection arrived after it, and nothing ever closed it (a leaked
/// connection in a release build; PostgresNIO's "deinitialized before being closed" assertion
/// stopped a debug test run, Docs/Reliability.md). Here a connection that arrives after
/// ``close()`` is closed at once, and concurrent callers share one connection attempt.
public actor KeptConnection {
    private let database: ClusterDatabase
    private let purpose: String
    private let logger: Logger
    private var current: PostgresConnection?
    private var opening: Task<PostgresConnection, any Error>?
    private var closed = false

    /// A connection to `database` named `purpose` in PostgreSQL's `application_name`, starting
    /// with `open` if given (a connection the caller opened already); otherwise nothing
    /// connects until ``connection()``.
    public init(database: ClusterDatabase, purpose: String, logger: Logger, open: PostgresConnection? = nil) {
        self.database = database
        self.purpose = purpose
        self.logger = logger
        self.current = open
    }

    /// The open connection, opening one when there is none (or the last one broke). Throws
    /// ``ClusterError/stopped(_:)`` after ``close()``.
    public func connection() async throws(ClusterError) -> PostgresConnection {
        guard !closed else { throw .stopped("the \(purpose) connection is closed") }
        if let current, !current.isClosed { return current }
        let task: Task<PostgresConnection, any Error>
        if let opening {
            task = opening
        } else {
            let (database, purpose, logger) = (database, purpose, logger)
            task = Task { try await database.connect(purpose: purpose, logger: logger) }
            opening = task
        }
        let connection: PostgresConnection
        do {
            connection = try await task.value
        } catch let error as ClusterError {
            if opening == task { opening = nil }
            throw error
        } catch {
            if opening == task { opening = nil }
            throw .database(ClusterDatabase.reason(error))
        }
        if opening == task { opening = nil }
        guard !closed else {
            // close() came while it was opening: nobody else will close it.
            try? await connection.close()
            throw .stopped("the \(purpose) connection is closed")
        }
        if current !== connection {
            let replaced = current
            current = connection
            try? await replaced?.close()
        }
        return connection
    }

    /// Closes the current connection (after a failure on it); the next ``connection()`` opens
    /// another.
    public func discard() async {
        let connection = current
        current = nil
        try? await connection?.close()
    }

    /// Closes the connection for good, including one still being opened.
    public func close() async {
        closed = true
        if let opening, let connection = try? await opening.value {
            try? await connection.close()
        }
        await discard()
    }
}
