import ArgumentParser
import TriviaCluster

/// `trivia-cluster migrate`: brings the schema to this build's version.
struct Migrate: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Create or upgrade the cluster's tables.")

    @OptionGroup var options: ClusterOptions

    func run() async throws {
        try await reporting {
            let connection = try await options.database().connect(purpose: "migrate", logger: options.logger)
            defer { Task { try? await connection.close() } }
            let previous = try await ClusterSchema.migrate(connection, logger: options.logger)
            emit("schema version \(ClusterSchema.latestVersion) (was \(previous))")
        }
    }
}
