import Foundation
import SharedNetworking
import Testing
import Trivia
import TriviaHost
import TriviaServer
import TriviaServerTestSupport

@testable import TriviaCluster

/// `trivia-server --cluster` nodes as child processes, in real time: the owner killed with
/// SIGKILL in the middle of a question, and the refusals at start.
@Suite("Cluster nodes as processes", .timeLimit(.minutes(3)))
@MainActor
struct FailoverTests {
    /// The bundled question set's first three questions (what the child nodes play).
    static func bundledQuestions() async throws -> TriviaQuestionSet {
        let loaded = try await TriviaQuestionSet.load(
            from: TriviaSource.bundled(), loader: FeedLoader(client: URLSessionHTTPClient(configuration: .ephemeral)))
        return loaded.value.prefix(3)
    }

    /// Nodes `a` and `b` as `trivia-server --cluster` child processes given `arguments`; if
    /// the second cannot start, the first is killed.
    static func startNodes(_ postgres: PostgresServer, arguments: [String], recorder: LeaseRecorder) async throws -> [ServerNodeProcess] {
        var nodes: [ServerNodeProcess] = []
        do {
            for name in ["a", "b"] {
                nodes.append(try await ServerNodeProcess(name: name, cluster: postgres.url, arguments: arguments, recorder: recorder))
            }
        } catch {
            for node in nodes { node.kill() }
            throw error
        }
        return nodes
    }

    @Test("the owner killed mid-question: another node takes over within 3 s, the game ends, nothing counted twice or lost")
    func ownerKilledMidQuestion() async throws {
        let set = try await Self.bundledQuestions()
        var configuration = TriviaHostConfiguration(questionSet: set, startsAt: epoch)
        configuration.answerWindow = .seconds(7)
        configuration.reviewWindow = .seconds(2)
        let (competition, questions) = (configuration.competition, set.questions)
        try await withPostgres { postgres in
            let recorder = LeaseRecorder()
            let arguments = ["--start-delay", "10", "--question-seconds", "7", "--review-seconds", "2", "--question-count", "3"]
            let nodes = try await Self.startNodes(postgres, arguments: arguments, recorder: recorder)
            defer { for node in nodes { node.kill() } }
            #expect(await eventually(within: .seconds(30)) { !recorder.acquisitions.isEmpty }, "a node takes the lease")
            let urls = try nodes.map { try $0.socketURL(competition) }
            let bases = try nodes.map { try $0.baseURL() }

            // ada and alan on node a, grace and linus on node b.
            let players: [(user: UserID, node: Int)] = [("ada", 0), ("grace", 1), ("alan", 0), ("linus", 1)]
            let transports = players.map { FailoverTransport(urls: urls, first: $0.node) }
            let models = zip(players, transports).enumerated().map { index, pair in
                makeViewModel(
                    user: pair.0.user, competition: competition, transport: pair.1, base: bases[pair.0.node], clock: SystemClock(),
                    seed: UInt64(index + 1))
            }
            let (ada, grace, alan, linus) = (models[0], models[1], models[2], models[3])
            for model in models { model.start() }
            progress("players started")
            #expect(
                await eventually(within: .seconds(10)) { models.allSatisfy { $0.client.link == .online && $0.client.knownBalance != nil } })
            #expect(models.map(\.client.knownBalance) == [2, 1, 0, 1], "the balance endpoint answers on both nodes")

            /// Every answer a client saw acknowledged, by user and question.
            var acknowledged: [UserID: [QuestionID: Int]] = [:]
            @MainActor func answer(_ model: TriviaViewModel, _ user: UserID, right: Bool) {
                guard let round = model.questionRound, let question = questions.first(where: { $0.id == round.question.questionId }) else {
                    Issue.record("\(user) is not on a question: \(model.client.phase)")
                    return
                }
                let choice = right ? question.answer : (question.answer + 1) % question.choices.count
                model.select(choice)
                acknowledged[user, default: [:]][question.id] = choice
            }
            @MainActor func confirmed(_ chosen: [TriviaViewModel]) async -> Bool {
                await eventually(within: .seconds(20)) { chosen.allSatisfy { $0.isConfirmed } }
            }

            // Question 1: everyone right.

            progress("Question 1")
            let q1 = questions[0].id
            #expect(await eventually(within: .seconds(30)) { models.allSatisfy { $0.isShowing(question: q1) } })
            for (model, player) in zip(models, players) { answer(model, player.user, right: true) }
            #expect(await confirmed(models))

            // Question 2: ada and grace answer; the owner is killed; alan and linus answer.

            progress("Question 2")
            let q2 = questions[1].id
            #expect(await eventually(within: .seconds(20)) { models.allSatisfy { $0.isShowing(question: q2) } })
            answer(ada, "ada", right: true)
            answer(grace, "grace", right: false)
            #expect(await confirmed([ada, grace]))
            let views = try await bases.asyncMap { try await health($0) }
            #expect(views.map(\.phase) == ["open", "open"], "/health on every node")
            let ownerName = try #require(recorder.acquisitions.last?.node)
            #expect(views.compactMap(\.cluster).filter(\.owner).map(\.node) == [ownerName], "\(views)")
            let killedIndex = ownerName == "a" ? 0 : 1
            let killed = SystemMonotonicClock().now
            nodes[killedIndex].kill()
            answer(alan, "alan", right: true)
            answer(linus, "linus", right: true)
            #expect(await confirmed([ada, grace, alan, linus]), "answers after the kill are acknowledged by the new owner")
            let takeover = try #require(recorder.acquisitions.first { $0.node != ownerName && $0.at > killed })
            #expect(killed.duration(to: takeover.at) < .seconds(3), "taken over \(killed.duration(to: takeover.at)) after the kill")

            // Question 3: ada and linus right, alan wrong (grace watches).

            progress("Question 3")
            let q3 = questions[2].id
            let remaining = [ada, alan, linus]
            #expect(await eventually(within: .seconds(20)) { remaining.allSatisfy { $0.isShowing(question: q3) } })
            answer(ada, "ada", right: true)
            answer(alan, "alan", right: false)
            answer(linus, "linus", right: true)
            #expect(await confirmed(remaining))
            #expect(
                await eventually(within: .seconds(30)) { models.allSatisfy { $0.finish != nil && $0.client.link == .closed(.finished) } })

            // The same winners and counts as the acknowledged answers give: none lost, none twice.
            #expect(ada.finish?.winners.map(\.user).sorted() == ["ada", "linus"])
            #expect(models.map { $0.finish?.you.correctAnswers } == [3, 1, 2, 3])
            // Clients of the killed node resumed on the other one.
            for (player, transport) in zip(players, transports) where player.node == killedIndex {
                #expect(transport.connections.withLock { $0 }.contains(1 - killedIndex), "\(player.user) reconnected to the survivor")
            }

            // The log, replayed, holds exactly the acknowledged answers.
            let stored = try await postgres.withConnection { connection in
                let genesis = CompetitionGenesis(configuration: configuration, questions: questions, balances: try demoAccounts.balances)
                let opened = try await ClusterRegistry.open(connection, genesis: genesis, logger: quietLogger)
                let entries = try await InputLogStore.entries(connection, competition: opened.number, logger: quietLogger)
                var host = ReplayableHost(genesis: opened.genesis, authenticator: StaticTokenAuthenticator([:]))
                for entry in entries { for input in entry.inputs { _ = host.replay(input) } }
                return host.core
            }
            #expect(stored.isFinished)
            for standing in stored.standings { #expect(standing.answers == acknowledged[standing.user], "\(standing.user)") }

            // Never two owners at once, checked from every claim both processes printed.
            let intervals = recorder.intervals
            #expect(intervals.count >= 2, "\(intervals)")
            for (earlier, later) in zip(intervals, intervals.dropFirst()) {
                #expect(earlier.end <= later.start, "overlap: \(earlier) and \(later)")
                #expect(earlier.epoch < later.epoch, "epochs only grow: \(earlier) then \(later)")
            }
            for node in nodes { await node.stop() }
            for model in models { model.stop() }
        }
    }

    @Test("PostgreSQL restarted under two live nodes mid-question: the game goes on, the answer sent meanwhile is acknowledged once")
    func postgresRestartedUnderLiveNodes() async throws {
        let set = try await Self.bundledQuestions()
        var configuration = TriviaHostConfiguration(questionSet: set, startsAt: epoch)
        configuration.answerWindow = .seconds(12)
        let (competition, questions) = (configuration.competition, set.questions)
        try await withPostgres { postgres in
            let recorder = LeaseRecorder()
            let arguments = ["--start-delay", "8", "--question-seconds", "12", "--review-seconds", "2", "--question-count", "3"]
            let nodes = try await Self.startNodes(postgres, arguments: arguments, recorder: recorder)
            defer { for node in nodes { node.kill() } }
            #expect(await eventually(within: .seconds(30)) { !recorder.acquisitions.isEmpty }, "a node takes the lease")
            let urls = try nodes.map { try $0.socketURL(competition) }
            let bases = try nodes.map { try $0.baseURL() }
            let players: [(user: UserID, node: Int)] = [("ada", 0), ("grace", 1)]
            let models = players.enumerated().map { index, player in
                makeViewModel(
                    user: player.user, competition: competition, transport: FailoverTransport(urls: urls, first: player.node),
                    base: bases[player.node], clock: SystemClock(), seed: UInt64(index + 1))
            }
            let (ada, grace) = (models[0], models[1])
            for model in models { model.start() }
            progress("players started")
            #expect(await eventually(within: .seconds(10)) { models.allSatisfy { $0.client.link == .online } })

            @MainActor func answerRight(_ model: TriviaViewModel) {
                guard let round = model.questionRound, let question = questions.first(where: { $0.id == round.question.questionId }) else {
                    Issue.record("not on a question: \(model.client.phase)")
                    return
                }
                model.select(question.answer)
            }
            // Question 1: both right.
            progress("Question 1")
            #expect(await eventually(within: .seconds(30)) { models.allSatisfy { $0.isShowing(question: questions[0].id) } })
            for model in models { answerRight(model) }
            #expect(await eventually(within: .seconds(20)) { models.allSatisfy(\.isConfirmed) })

            // Question 2: PostgreSQL stops; ada answers while it is down.

            progress("Question 2")
            #expect(await eventually(within: .seconds(20)) { models.allSatisfy { $0.isShowing(question: questions[1].id) } })
            let claimsBefore = recorder.acquisitions.count
            try await postgres.stopServer()
            answerRight(ada)
            try await Task.sleep(for: .seconds(1.5))
            #expect(!ada.isConfirmed, "no acknowledgement while nothing can be logged")
            try await postgres.startServer()
            #expect(await eventually(within: .seconds(20)) { ada.isConfirmed }, "acknowledged once PostgreSQL is back")
            answerRight(grace)
            #expect(await eventually(within: .seconds(20)) { grace.isConfirmed })

            // Question 3: both right; the competition ends normally (no competitionReset).

            progress("Question 3")
            #expect(await eventually(within: .seconds(30)) { models.allSatisfy { $0.isShowing(question: questions[2].id) } })
            for model in models { answerRight(model) }
            #expect(await eventually(within: .seconds(20)) { models.allSatisfy(\.isConfirmed) })
            #expect(
                await eventually(within: .seconds(30)) { models.allSatisfy { $0.finish != nil && $0.client.link == .closed(.finished) } })
            #expect(models.map { $0.finish?.you.correctAnswers } == [3, 3], "every answer counted once")
            #expect(ada.finish?.winners.map(\.user).sorted() == ["ada", "grace"])
            #expect(recorder.acquisitions.count > claimsBefore, "the lease was claimed again after the restart")
            let intervals = recorder.intervals
            for (earlier, later) in zip(intervals, intervals.dropFirst()) {
                #expect(earlier.end <= later.start, "overlap: \(earlier) and \(later)")
            }
            for node in nodes { await node.stop() }
            for model in models { model.stop() }
        }
    }

    @Test("the whole cluster stopped and started again: the competition continues from the log, clients resume, nothing lost")
    func wholeClusterRestart() async throws {
        let set = try await Self.bundledQuestions()
        let competition = CompetitionID("restart-cup")
        try await withPostgres { postgres in
            let recorder = LeaseRecorder()
            let arguments = [
                "--competition", competition.rawValue, "--start-delay", "8", "--question-seconds", "10", "--review-seconds", "2",
                "--question-count", "3",
            ]
            var nodes = try await Self.startNodes(postgres, arguments: arguments, recorder: recorder)
            defer { for node in nodes { node.kill() } }
            let ports = nodes.map(\.listeningPort)
            let urls = try nodes.map { try $0.socketURL(competition) }
            let bases = try nodes.map { try $0.baseURL() }
            let models = ["ada", "grace"].enumerated().map { index, user in
                makeViewModel(
                    user: UserID(user), competition: competition, transport: FailoverTransport(urls: urls, first: index),
                    base: bases[index],
                    clock: SystemClock(), seed: UInt64(index + 1))
            }
            let (ada, grace) = (models[0], models[1])
            for model in models { model.start() }
            progress("players started")
            #expect(await eventually(within: .seconds(10)) { models.allSatisfy { $0.client.link == .online } })
            @MainActor func answerRight(_ model: TriviaViewModel) {
                guard let id = model.questionRound?.question.questionId, let question = set.questions.first(where: { $0.id == id }) else {
                    Issue.record("not on a question: \(model.client.phase)")
                    return
                }
                model.select(question.answer)
            }

            let (q1, q2, q3) = (set.questions[0].id, set.questions[1].id, set.questions[2].id)
            #expect(await eventually(within: .seconds(30)) { models.allSatisfy { $0.isShowing(question: q1) } })
            for model in models { answerRight(model) }
            #expect(await eventually(within: .seconds(10)) { models.allSatisfy { $0.isConfirmed } })
            #expect(await eventually(within: .seconds(20)) { models.allSatisfy { $0.isShowing(question: q2) } })
            answerRight(ada)
            #expect(await eventually(within: .seconds(10)) { ada.isConfirmed })

            progress("every node stops")
            // Every node stops (SIGTERM: sockets closed with 1001, the lease released); grace
            // answers while nothing is up; the nodes start again on the same ports.
            for node in nodes { await node.stop() }
            answerRight(grace)
            var restarted: [ServerNodeProcess] = []
            for (name, port) in zip(["a", "b"], ports) {
                restarted.append(
                    try await ServerNodeProcess(name: name, cluster: postgres.url, port: port, arguments: arguments, recorder: recorder))
            }
            nodes = restarted
            #expect(await eventually(within: .seconds(15)) { grace.isConfirmed && models.allSatisfy { $0.client.link == .online } })
            #expect(ada.isConfirmed && ada.isShowing(question: q2), "ada resumed where she was")

            #expect(await eventually(within: .seconds(30)) { models.allSatisfy { $0.isShowing(question: q3) } })
            for model in models { answerRight(model) }
            #expect(await eventually(within: .seconds(10)) { models.allSatisfy { $0.isConfirmed } })
            #expect(
                await eventually(within: .seconds(30)) { models.allSatisfy { $0.finish != nil && $0.client.link == .closed(.finished) } })
            #expect(ada.finish?.winners.map(\.user).sorted() == ["ada", "grace"])
            #expect(models.map { $0.finish?.you.correctAnswers } == [3, 3], "each answer counted once, across the restart")
            #expect(recorder.acquisitions.count >= 2, "a new owner after the restart")
            for node in nodes { await node.stop() }
            for model in models { model.stop() }
        }
    }

    @Test("trivia-load --cluster --kill-owner-at: the owner node killed mid-question, its bots resume on the other, nothing lost")
    func loadOverTwoNodes() async throws {
        try await withPostgres { postgres in
            let (status, output) = try await run(
                try #require(builtExecutable("trivia-load")).path,
                [
                    "--cluster", postgres.url, "--nodes", "2", "--clients", "20", "--questions", "1", "--question-seconds", "5",
                    "--review-seconds", "1", "--start-delay", "3", "--kill-owner-at", "4", "--max-seconds", "60",
                ])
            #expect(status == 0, "\(output)")
            #expect(output.contains("answers:") && output.contains(" 0 lost"), "\(output)")
            #expect(output.contains("finish:    20/20"), "\(output)")
            #expect(output.contains("reconnect: 10 connections lost and resumed"), "\(output)")
            #expect(output.contains("survivors: bots that kept their connection waited for an acknowledgement p50"), "\(output)")
            let nodes = output.split(separator: "\n").filter { $0.hasPrefix("  load-") }
            #expect(nodes.count == 2, "\(output)")
            #expect(nodes.count { $0.contains("(owner, killed)") } == 1, "\(output)")
            #expect(
                nodes.count { $0.contains("(owner)") && $0.contains("10 clients") && $0.contains("bus out") } == 1,
                "the survivor took over: \(output)")
        }
    }

    @Test("PostgreSQL unreachable at start: one line on standard error, exit 1")
    func unreachable() async throws {
        let port = try PostgresServer.freePort()
        let (status, output) = try await run(
            try #require(builtExecutable("trivia-server")).path,
            ["--cluster", "postgres://trivia@127.0.0.1:\(port)/postgres", "--port", "0"])
        #expect(status == 1)
        #expect(output == "trivia-server: PostgreSQL at postgres://trivia@127.0.0.1:\(port)/postgres is unreachable: connection refused\n")
    }

    @Test("a database with a newer schema: the node refuses to join, exit 1")
    func newerSchema() async throws {
        try await withPostgres { postgres in
            let connection = try await postgres.database.connect(purpose: "test", logger: quietLogger)
            try await ClusterSchema.migrate(connection, logger: quietLogger)
            try? await connection.close()
            try await postgres.psql("UPDATE trivia_schema SET version = 99")
            let (status, output) = try await run(
                try #require(builtExecutable("trivia-server")).path, ["--cluster", postgres.url, "--port", "0"])
            #expect(status == 1)
            #expect(output.contains("schema version 99") && output.contains("upgrade this node"), "\(output)")
            #expect(output.split(separator: "\n").count == 1, "\(output)")
        }
    }
}
