import Foundation
import Testing

@testable import Trivia
@testable import TriviaHost

@Suite("Simulation: a whole competition with many players")
struct SimulationTests {
    func settings(seed: UInt64, players: Int = 100, disconnectRate: Double = 0.05) throws -> TriviaSimulationSettings {
        let set = try bundledQuestions()
        return TriviaSimulationSettings(
            seed: seed, questionSet: set, startsAt: at(10), bots: TriviaSimulationSettings.bots(count: players, seed: seed),
            latency: 0.01...0.8, disconnectRate: disconnectRate, balanceFailureRate: 0.1)
    }

    func bundledQuestions() throws -> TriviaQuestionSet {
        guard case .file(let url) = try TriviaSource.bundled() else { throw CocoaError(.fileNoSuchFile) }
        return try JSONDecoder().decode(TriviaQuestionSet.self, from: Data(contentsOf: url))
    }

    @Test("100 players with random answers, delays and dropped connections end consistently")
    func hundredPlayersConsistent() throws {
        var simulation = TriviaSimulation(settings: try settings(seed: 42))
        let report = simulation.run()
        let questions = try bundledQuestions().questions
        #expect(report.hostFinished)
        #expect(report.reconnects > 0, "the run should exercise reconnects")
        #expect(!report.winners.isEmpty, "with accurate bots and wild-cards someone wins")
        #expect(report.standings.count == 100)
        #expect(report.standings.count { $0.usedWildcard } > 0, "the run should exercise wild-cards")
        let firstQuestion = try #require(questions.first?.id)
        #expect(report.standings.count { $0.answers[firstQuestion] != nil } > 80, "most players answer the first question")
        for client in report.clients {
            if case .ignoredMalformedMessage(let message) = client.notice { Issue.record("a client could not read a message: \(message)") }
        }
        let hostByUser = Dictionary(uniqueKeysWithValues: report.standings.map { ($0.user, $0) })
        for (index, client) in report.clients.enumerated() {
            guard case .finished(let finish) = client.phase else {
                Issue.record("client \(index) did not reach the final screen: \(client.phase)")
                continue
            }
            let host = try #require(hostByUser[client.configuration.user])
            #expect(finish.winners == report.winners)
            #expect(finish.summary.winnerCount == report.winners.count)
            #expect(finish.you.role == host.role)
            #expect(finish.you.winner == (host.role == .player))
            #expect(finish.you.correctAnswers == host.correctAnswers)
            #expect(finish.you.usedWildcard == host.usedWildcard)
            #expect(client.role == host.role)
            let bot = simulation.settings.bots[index]
            #expect(host.balance == bot.balance - (host.usedWildcard ? 1 : 0))
            for result in report.results[index] {
                let question = try #require(questions.first { $0.id == result.questionId })
                #expect(result.correctChoice == question.answer)
                #expect(result.yourChoice == host.answers[result.questionId])
            }
            #expect(Set(report.results[index].map(\.questionId)).count == questions.count, "client \(index) saw every result")
        }
        for winner in report.winners {
            let host = try #require(hostByUser[winner.user])
            #expect(host.correctAnswers >= questions.count - 1)
            if host.correctAnswers < questions.count { #expect(host.usedWildcard) }
        }
    }

    @Test("the same seed reproduces the run byte for byte; another seed does not")
    func reproducible() throws {
        var first = TriviaSimulation(settings: try settings(seed: 7, players: 30))
        var second = TriviaSimulation(settings: try settings(seed: 7, players: 30))
        var third = TriviaSimulation(settings: try settings(seed: 8, players: 30))
        let a = first.run(), b = second.run(), c = third.run()
        #expect(a.digest == b.digest)
        #expect(a.frames == b.frames)
        #expect(a.winners == b.winners)
        #expect(a.standings == b.standings)
        #expect(a.digest != c.digest)
    }
}
