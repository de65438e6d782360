import ArgumentParser
import Foundation
import PostgresNIO
import SharedNetworking
import Trivia
import TriviaCluster
import TriviaHost

/// `trivia-cluster contend`: one lease contender for an existing competition, printing each
/// event as a line (`acquired EPOCH AT UNTIL`, `extended EPOCH UNTIL`, `lost EPOCH AT`,
/// `released EPOCH AT`; instants in nanoseconds of `CLOCK_MONOTONIC`) until SIGTERM or SIGKILL.
struct Contend: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Contend for a competition's lease and print its events.")

    @OptionGroup var options: ClusterOptions

    @Option(help: "The competition id (it must exist: a node created it).")
    var competition: String

    @Flag(help: "Create the competition if it does not exist, with the bundled question set (starting in 30 s).")
    var create = false

    @Option(help: "This contender's node name.")
    var node: String = "contender"

    @Option(help: "Lease time to live, milliseconds.")
    var ttlMs: Int = 2000

    @Option(help: "Renewal interval, milliseconds.")
    var renewMs: Int = 500

    @Option(help: "Safety margin, milliseconds.")
    var marginMs: Int = 250

    @Option(help: "Standby poll interval, milliseconds.")
    var pollMs: Int = 250

    func run() async throws {
        try await reporting {
            let logger = options.logger
            let database = try options.database()
            let connection = try await database.connect(purpose: "contend \(node)", logger: logger)
            if create {
                try await ClusterSchema.migrate(connection, logger: logger)
                let loaded = try await TriviaQuestionSet.load(
                    from: TriviaSource.bundled(), loader: FeedLoader(client: URLSessionHTTPClient(configuration: .ephemeral)))
                var configuration = TriviaHostConfiguration(questionSet: loaded.value, startsAt: Date().addingTimeInterval(30))
                configuration.competition = CompetitionID(competition)
                _ = try await ClusterRegistry.open(
                    connection, genesis: CompetitionGenesis(configuration: configuration, questions: loaded.value.questions, balances: [:]),
                    logger: logger)
            }
            var number: Int32?
            do {
                let rows = try await connection.query(
                    "SELECT number FROM trivia_competitions WHERE competition = \(competition)", logger: logger)
                for try await found in rows.decode(Int32.self) { number = found }
            } catch {
                throw ClusterError.database("\(error)")
            }
            guard let number else { throw CommandFailure("no competition \(competition) in the cluster") }
            let incarnation = try await ClusterRegistry.register(connection, node: node, logger: logger)
            try? await connection.close()
            let settings = LeaseSettings(
                ttl: .milliseconds(ttlMs), renewEvery: .milliseconds(renewMs), safetyMargin: .milliseconds(marginMs),
                pollEvery: .milliseconds(pollMs))
            // Printed synchronously, before the keeper acts on the event.
            let keeper = LeaseKeeper(
                database: database, competition: number, node: node, incarnation: incarnation, settings: settings, logger: logger
            ) { event in
                emit(event.line)
            }
            emit("ready \(incarnation)")
            let drain = Task { for await _ in keeper.events {} }
            let signals = DispatchSource.makeSignalSource(signal: SIGTERM)
            signal(SIGTERM, SIG_IGN)
            signals.setEventHandler { Task { await keeper.stop() } }
            signals.resume()
            await keeper.run()
            await drain.value
        }
    }
}
