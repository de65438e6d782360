import ChildProcesses
import Foundation
import Testing
import Trivia
import TriviaHost
import TriviaServerTestSupport

@testable import TriviaCluster

@Suite("The owner's lease", .timeLimit(.minutes(3)))
struct LeaseTests {
    @Test("never held by two nodes: a SIGKILLed holder, PostgreSQL restarted, a release; checked from every claim")
    func neverTwoHolders() async throws {
        try await withPostgres { server in
            let competition = try await server.prepareCompetition()
            let command = try #require(builtExecutable("trivia-cluster"), "trivia-cluster is built with the tests")
            let recorder = LeaseRecorder()

            // A child process takes the lease first.
            let child = try ChildProcess.spawn(
                command.path,
                [
                    "contend", "--cluster", server.url, "--competition", "cluster-cup", "--node", "child", "--ttl-ms", "1000",
                    "--renew-ms", "250", "--margin-ms", "150", "--poll-ms", "100",
                ],
                options: ChildProcess.Options { line in recorder.record(line: line, node: "child") })
            defer { child.kill() }
            #expect(
                await eventually(within: .seconds(30)) { recorder.acquisitions.contains { $0.node == "child" } },
                "the child acquires: \(child.output) \(child.errorOutput)")

            // Two contenders in this process.
            let database = try server.database
            let keepers = (1...2).map { index in
                LeaseKeeper(
                    database: database, competition: competition, node: "node\(index)", incarnation: Int64(100 + index),
                    settings: testLease,
                    logger: quietLogger
                ) { event in recorder.record(event, node: "node\(index)") }
            }
            let running = keepers.map { keeper in Task { await keeper.run() } }
            try await Task.sleep(for: .milliseconds(600))
            #expect(recorder.acquisitions.first?.node == "child", "the standbys wait while the child renews")

            // SIGKILL the holder: another takes over once its lease expires (1 s after its last
            // renewal, then within a poll; the bound allows for a loaded machine).
            let killed = SystemMonotonicClock().now
            child.kill()
            #expect(await eventually(within: .seconds(30)) { recorder.acquisitions.contains { $0.node != "child" && $0.at > killed } })
            let takeover = try #require(recorder.acquisitions.first { $0.node != "child" && $0.at > killed })
            let gap = killed.duration(to: takeover.at)
            #expect(gap < .seconds(5), "taken over \(gap) after the kill")

            // PostgreSQL down longer than the lease: the holder's belief runs out; after the
            // restart someone holds a newer epoch.
            let beforeRestart = recorder.acquisitions.count
            try await server.restart(downFor: 1.5)
            #expect(await eventually(within: .seconds(30)) { recorder.acquisitions.count > beforeRestart })
            // A quick restart: renewals may simply resume.
            try await server.restart()
            try await Task.sleep(for: .milliseconds(800))

            // The holder stops: it releases, and the other node takes over at once.
            let holder = try #require(recorder.acquisitions.last)
            let holderIndex = holder.node == "node1" ? 0 : 1
            let before = recorder.acquisitions.count
            await keepers[holderIndex].stop()
            #expect(await eventually(within: .seconds(30)) { recorder.acquisitions.count == before + 1 })
            for keeper in keepers { await keeper.stop() }
            for task in running { await task.value }

            let intervals = recorder.intervals
            #expect(intervals.count >= 4, "\(intervals)")
            for (earlier, later) in zip(intervals, intervals.dropFirst()) {
                #expect(earlier.end <= later.start, "overlap: \(earlier) and \(later)")
                #expect(earlier.epoch < later.epoch, "epochs only grow: \(earlier) then \(later)")
            }
            let finalEpoch = try await server.psql("SELECT epoch FROM trivia_leases")
            #expect(Int64(finalEpoch.trimmingCharacters(in: .whitespacesAndNewlines)) == intervals.last?.epoch)
        }
    }

    @Test("a commit under an old epoch is refused by PostgreSQL (fencing), and nothing of it is written")
    func fencedCommit() async throws {
        try await withPostgres { server in
            let competition = try await server.prepareCompetition()
            try await server.psql(
                "UPDATE trivia_leases SET epoch = 5, holder_incarnation = 9, expires_at = clock_timestamp() + interval '1 hour'")
            try await server.withConnection { connection in
                let input = [LoggedInput(input: .advance, at: epoch)]
                await #expect(throws: ClusterError.fenced(competition: "#\(competition)", epoch: 4)) {
                    try await InputLogStore.commit(
                        connection, competition: competition, epoch: 4, incarnation: 9, position: 1, inputs: input, messages: [],
                        logger: quietLogger)
                }
                try await InputLogStore.commit(
                    connection, competition: competition, epoch: 5, incarnation: 9, position: 1, inputs: input, messages: [],
                    logger: quietLogger)
                await #expect(throws: ClusterError.self, "a position already taken") {
                    try await InputLogStore.commit(
                        connection, competition: competition, epoch: 5, incarnation: 9, position: 1, inputs: input, messages: [],
                        logger: quietLogger)
                }
                let entries = try await InputLogStore.entries(connection, competition: competition, logger: quietLogger)
                #expect(entries == [LogEntry(position: 1, epoch: 5, inputs: input)])
            }
        }
    }
}
