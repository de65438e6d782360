import Foundation
import Logging
import NIOCore
import PostgresNIO
import SharedNetworking

#if canImport(Glibc)
    import Glibc
#endif

/// Where the cluster's PostgreSQL is, parsed from the `--cluster` URL
/// (`postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE`), and how a node connects to it.
///
/// Every node keeps a few dedicated connections (the owner's log writer, the lease keeper,
/// the bus listener) rather than a pool: each of them has a failure that means something (a
/// broken listener may have lost notifications; a broken writer may or may not have
/// committed), so each is reconnected by the code that knows what to do about it.
public struct ClusterDatabase: Sendable {
    /// The endpoint without the password, for messages and logs.
    public let endpoint: String
    /// How long a connection attempt may take before the node reports the database unreachable.
    public let connectTimeout: Duration
    let host: String
    let port: Int
    let username: String
    let password: String?
    let database: String

    /// Parses `url`; a URL that is not `postgres://` or `postgresql://` with a user, a host and
    /// a database is an ``ClusterError/invalidURL(_:reason:)``.
    public init(url: String, connectTimeout: Duration = .seconds(5)) throws(ClusterError) {
        guard let components = URLComponents(string: url), let scheme = components.scheme else {
            throw .invalidURL(url, reason: "not a URL")
        }
        guard scheme == "postgres" || scheme == "postgresql" else {
            throw .invalidURL(url, reason: "the scheme is \(scheme), not postgres")
        }
        guard let host = components.host, !host.isEmpty else { throw .invalidURL(url, reason: "no host") }
        guard let user = components.user, !user.isEmpty else { throw .invalidURL(url, reason: "no user") }
        let database = String(components.path.drop { $0 == "/" })
        guard !database.isEmpty, !database.contains("/") else { throw .invalidURL(url, reason: "no database name after the host") }
        let port = components.port ?? 5432
        guard (1...65535).contains(port) else { throw .invalidURL(url, reason: "port \(port) is out of range") }
        self.host = host
        self.port = port
        self.username = user
        self.password = components.password
        self.database = database
        self.connectTimeout = connectTimeout
        self.endpoint = "postgres://\(user)@\(host):\(port)/\(database)"
    }

    /// A URL for `database` on a server at `host`:`port`, as tests and the Docs build them.
    public static func url(user: String, host: String = "127.0.0.1", port: Int, database: String) -> String {
        "postgres://\(user)@\(host):\(port)/\(database)"
    }

    /// Opens one connection, named `purpose` in `pg_stat_activity` (`application_name`), or
    /// throws ``ClusterError/unreachable(endpoint:reason:)``.
    public func connect(purpose: String, logger: Logger) async throws(ClusterError) -> PostgresConnection {
        var configuration = PostgresConnection.Configuration(
            host: host, port: port, username: username, password: password, database: database, tls: .disable)
        configuration.options.connectTimeout = .nanoseconds(Int64(connectTimeout.timeInterval * 1e9))
        configuration.options.additionalStartupParameters = [("application_name", String("trivia \(purpose)".prefix(63)))]
        do {
            return try await PostgresConnection.connect(configuration: configuration, id: Self.nextID(), logger: logger)
        } catch {
            throw .unreachable(endpoint: endpoint, reason: Self.reason(error))
        }
    }

    private static let ids = Counter()

    private static func nextID() -> Int { ids.next() }

    /// A short reason for a PostgresNIO error: the server's message when there is one (a
    /// missing role, a full server), else the network's (connection refused).
    static func reason(_ error: any Error) -> String {
        guard let error = error as? PSQLError else { return String(describing: error) }
        if let message = error.serverInfo?[.message] {
            let state = error.serverInfo?[.sqlState].map { " (SQLSTATE \($0))" } ?? ""
            return message + state
        }
        if let underlying = error.underlying { return plain(String(describing: underlying)) }
        return String(describing: error.code)
    }

    /// The system's words for a network failure buried in NIO's description (`... (errno:
    /// 111)` becomes `connection refused`), or the description itself.
    static func plain(_ description: String) -> String {
        if description.contains("connectTimeout") { return "no answer before the connect timeout" }
        guard let range = description.range(of: "errno: "),
            let code = Int32(description[range.upperBound...].prefix { $0.isNumber })
        else { return description }
        return String(cString: strerror(code)).lowercased()
    }

    /// The SQLSTATE of a server error, if `error` is one.
    static func sqlState(_ error: any Error) -> String? {
        (error as? PSQLError)?.serverInfo?[.sqlState]
    }
}

/// A thread-safe counter for connection ids (PostgresNIO's logging metadata).
private final class Counter: Sendable {
    private let value = LockedValue(0)

    func next() -> Int {
        value.withLock { count in
            count += 1
            return count
        }
    }
}
