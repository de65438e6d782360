import Foundation
import PostgresNIO
import SharedNetworking
import Testing
import Trivia
import TriviaHost

@testable import TriviaCluster

@Suite("Cluster schema and joining", .timeLimit(.minutes(3)))
struct SchemaTests {
    @Test("migrations create the schema once; running them again changes nothing")
    func idempotentMigrations() async throws {
        try await withPostgres { server in
            let (first, second) = try await server.withConnection { connection in
                (
                    try await ClusterSchema.migrate(connection, logger: quietLogger),
                    try await ClusterSchema.migrate(connection, logger: quietLogger)
                )
            }
            #expect(first == 0)
            #expect(second == ClusterSchema.latestVersion)
            let tables = try await server.psql(
                "SELECT string_agg(tablename, ',' ORDER BY tablename) FROM pg_tables WHERE tablename LIKE 'trivia%'")
            #expect(
                tables.trimmingCharacters(in: .whitespacesAndNewlines)
                    == "trivia_bus,trivia_competitions,trivia_leases,trivia_log,trivia_nodes,trivia_schema")
            // Two nodes migrating at the same moment: the advisory lock orders them.
            try await withThrowingTaskGroup(of: Int.self) { group in
                for _ in 0..<3 {
                    group.addTask { try await server.withConnection { try await ClusterSchema.migrate($0, logger: quietLogger) } }
                }
                for try await previous in group { #expect(previous == ClusterSchema.latestVersion) }
            }
        }
    }

    @Test("a database with a newer schema refuses this node, with a message saying what to do")
    func newerSchema() async throws {
        try await withPostgres { server in
            _ = try await server.prepareCompetition()
            try await server.psql("UPDATE trivia_schema SET version = 99")
            let error = await #expect(throws: ClusterError.self) {
                try await ClusterNode.join(
                    ClusterNode.Configuration(name: "old", database: server.database), genesis: testGenesis,
                    authenticator: testAuthenticator,
                    clock: SystemClock(), logger: quietLogger)
            }
            #expect(error == .schemaTooNew(found: 99, known: ClusterSchema.latestVersion))
            #expect(error?.description.contains("upgrade this node") == true)
            let nodes = try await server.psql("SELECT count(*) FROM trivia_nodes")
            #expect(nodes.trimmingCharacters(in: .whitespacesAndNewlines) == "0", "nothing registered")
        }
    }

    @Test("a node given another question set for the same competition refuses to join")
    func mismatchedGenesis() async throws {
        try await withPostgres { server in
            _ = try await server.prepareCompetition()
            var other = testGenesis
            other.questions.removeLast()
            let error = await #expect(throws: ClusterError.self) {
                try await ClusterNode.join(
                    ClusterNode.Configuration(name: "n", database: server.database), genesis: other, authenticator: testAuthenticator,
                    clock: SystemClock(), logger: quietLogger)
            }
            guard case .competitionMismatch(let competition, let reason) = error else {
                Issue.record("expected a mismatch, got \(String(describing: error))")
                return
            }
            #expect(competition == "cluster-cup")
            #expect(reason == "this node's question set differs from question 3 on (2 questions; the competition has 3)")
        }
    }

    @Test("PostgreSQL unreachable at start: a typed error naming the endpoint, quickly")
    func unreachable() async throws {
        let port = try PostgresServer.freePort()
        let database = try ClusterDatabase(url: "postgres://trivia@127.0.0.1:\(port)/postgres", connectTimeout: .seconds(2))
        let started = ContinuousClock.now
        let error = await #expect(throws: ClusterError.self) {
            try await ClusterNode.join(
                ClusterNode.Configuration(name: "n", database: database), genesis: testGenesis, authenticator: testAuthenticator,
                clock: SystemClock(), logger: quietLogger)
        }
        guard case .unreachable(let endpoint, let reason) = error else {
            Issue.record("expected unreachable, got \(String(describing: error))")
            return
        }
        #expect(endpoint == "postgres://trivia@127.0.0.1:\(port)/postgres")
        #expect(reason.lowercased().contains("refused"), "\(reason)")
        #expect(ContinuousClock.now - started < .seconds(10))
    }

    @Test("cluster URLs: what is accepted, and why the rest is not")
    func urls() throws {
        let database = try ClusterDatabase(url: "postgres://trivia:secret@db.example:6543/games")
        #expect(database.endpoint == "postgres://trivia@db.example:6543/games", "no password in messages")
        #expect(try ClusterDatabase(url: "postgresql://u@h/d").endpoint == "postgres://u@h:5432/d")
        for (url, reason) in [
            ("mysql://u@h/d", "the scheme is mysql, not postgres"), ("postgres://h/d", "no user"),
            ("postgres://u@h", "no database name after the host"),
            ("postgres://u@h:0/d", "port 0 is out of range"), ("not a url at all", "not a URL"),
        ] {
            #expect(throws: ClusterError.invalidURL(url, reason: reason)) { try ClusterDatabase(url: url) }
        }
    }
}
