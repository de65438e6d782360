import Foundation
import Logging
import PostgresNIO
import Trivia
import TriviaHost

@testable import TriviaCluster

/// Logging for tests: only what would explain a failure.
let quietLogger: Logger = {
    var logger = Logger(label: "trivia-cluster-test")
    logger.logLevel = ProcessInfo.processInfo.environment["TRIVIA_CLUSTER_LOG"].flatMap(Logger.Level.init(rawValue:)) ?? .critical
    return logger
}()

/// Short lease timings so fail-over tests take seconds: a 1 s lease renewed every 250 ms.
let testLease = LeaseSettings(
    ttl: .seconds(1), renewEvery: .milliseconds(250), safetyMargin: .milliseconds(150), pollEvery: .milliseconds(100))

extension PostgresServer {
    var database: ClusterDatabase {
        get throws { try ClusterDatabase(url: url) }
    }

    /// A migrated database with the test competition in it; returns its number.
    func prepareCompetition(_ genesis: CompetitionGenesis = testGenesis) async throws -> Int32 {
        let connection = try await database.connect(purpose: "test", logger: quietLogger)
        defer { Task { try? await connection.close() } }
        try await ClusterSchema.migrate(connection, logger: quietLogger)
        return try await ClusterRegistry.open(connection, genesis: genesis, logger: quietLogger).number
    }

    /// Runs `body` on a fresh connection and closes it.
    func withConnection<T: Sendable>(
        isolation: isolated (any Actor)? = #isolation, _ body: (PostgresConnection) async throws -> T
    ) async throws -> T {
        let connection = try await database.connect(purpose: "test", logger: quietLogger)
        do {
            let result = try await body(connection)
            try? await connection.close()
            return result
        } catch {
            try? await connection.close()
            throw error
        }
    }
}

extension HostOutput {
    /// The frames this output puts on the wire, per connection, as the server renders them
    /// (a broadcast through its template); none for a close.
    var renderedFrames: [(connection: ConnectionID, bytes: [UInt8])] {
        switch self {
        case .send(let envelope, let connection): [(connection, TriviaCodec().encodeBytes(envelope))]
        case .broadcast(let broadcast): broadcast.recipients.map { ($0.connection, broadcast.message.frame(for: $0.copy)) }
        case .close: []
        }
    }
}
