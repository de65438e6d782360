import ArgumentParser
import Foundation
import Logging
import PostgresNIO
import TriviaCluster

/// `trivia-cluster`: the cluster's database by hand. `migrate` creates or upgrades the schema,
/// `status` shows nodes, leases and logs, `contend` runs one lease contender and prints every
/// change of its belief (how the fail-over tests watch a process they kill, and how a person
/// can watch a hand-over in three terminals).
@main
struct TriviaClusterCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "trivia-cluster",
        abstract: "Operates a Trivia cluster's PostgreSQL database.",
        subcommands: [Migrate.self, Status.self, Contend.self])
}

/// Options every subcommand takes.
struct ClusterOptions: ParsableArguments {
    @Option(name: .customLong("cluster"), help: "postgres://USER@HOST:PORT/DATABASE")
    var url: String

    @Option(help: "trace, debug, info, notice, warning, error or critical")
    var logLevel: String = "warning"

    func database() throws -> ClusterDatabase {
        do {
            return try ClusterDatabase(url: url)
        } catch {
            throw CommandFailure(error.description)
        }
    }

    var logger: Logger {
        var logger = Logger(label: "trivia-cluster")
        logger.logLevel = Logger.Level(rawValue: logLevel) ?? .warning
        return logger
    }
}

/// A failure printed as one line, exit status 1.
struct CommandFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

extension AsyncParsableCommand {
    /// Runs `body`, turning a ``ClusterError`` into one line on standard error and exit 1.
    func reporting(_ body: () async throws -> Void) async throws {
        do {
            try await body()
        } catch let error as ClusterError {
            FileHandle.standardError.write(Data("trivia-cluster: \(error)\n".utf8))
            throw ExitCode(1)
        } catch let error as CommandFailure {
            FileHandle.standardError.write(Data("trivia-cluster: \(error)\n".utf8))
            throw ExitCode(1)
        }
    }
}

/// Writes a line at once (stdout is a pipe in the tests: no buffering). A reader that went
/// away (`| head`) is not an error worth a crash: the line is dropped.
func emit(_ line: String) {
    try? FileHandle.standardOutput.write(contentsOf: Data((line + "\n").utf8))
}
