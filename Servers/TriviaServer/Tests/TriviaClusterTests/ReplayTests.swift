import Foundation
import NIOCore
import Testing
import Trivia
import TriviaHost

@testable import TriviaCluster

@Suite("Replay of the input log", .timeLimit(.minutes(1)))
struct ReplayTests {
    @Test("a whole competition replayed from its log gives identical outputs, input by input")
    func wholeCompetition() throws {
        var live = ReplayableHost(genesis: testGenesis, authenticator: testAuthenticator)
        let record = playLive(TriviaClusterTests.wholeCompetition, on: &live)
        let outputs = record.flatMap(\.outputs)

        // The run did what the script says (so a replay that agrees proves something).
        let sent = outputs.compactMap { output -> ServerEnvelope? in
            if case .send(let envelope, _) = output { return envelope }
            return nil
        }
        #expect(live.core.isFinished)
        let broadcastMessages = outputs.compactMap { output -> ServerMessage? in
            if case .broadcast(let broadcast) = output { return broadcast.message.message }
            return nil
        }
        #expect(broadcastMessages.contains { if case .finish = $0 { true } else { false } }, "finish goes out as one broadcast")
        #expect(outputs.contains(.close(ConnectionID(4), reason: .unauthorized)))
        #expect(outputs.contains(.close(ConnectionID(3), reason: .replaced)))
        #expect(sent.contains { if case .wildcardResult(let result) = $0.message { result.accepted } else { false } })
        #expect(sent.contains { if case .error(let error) = $0.message { error.code == .malformed } else { false } })
        #expect(sent.contains { if case .pong = $0.message { true } else { false } })
        #expect(live.core.standings.map(\.user) == ["ada", "grace", "alan", "linus"])
        #expect(record.filter { $0.logged.input == .advance }.count == 7, "three questions open and close, then finish")

        // Through the log's binary form, in entries of varying size, into a fresh host.
        var entries: [ByteBuffer] = []
        var index = 0
        var size = 1
        while index < record.count {
            let slice = record[index..<min(record.count, index + size)].map(\.logged)
            entries.append(InputLogCodec.encode(Array(slice)))
            index += size
            size = size % 5 + 1
        }
        let logged = try entries.enumerated().flatMap { position, entry in try InputLogCodec.decode(entry, position: Int64(position + 1)) }
        #expect(logged == record.map(\.logged))

        // The replaying node's accounts know nobody: the journaled answers decide, not them.
        var replay = ReplayableHost(genesis: testGenesis, authenticator: StaticTokenAuthenticator([:]))
        for (input, original) in zip(logged, record) {
            #expect(replay.replay(input) == original.outputs, "outputs of \(input.input) at \(input.at)")
        }
        #expect(replay.core.standings == live.core.standings)
        #expect(replay.core.winners == live.core.winners)
    }

    @Test("the token answers are logged: a token revoked after the join does not change the replay")
    func journaledTokens() {
        var live = ReplayableHost(genesis: testGenesis, authenticator: testAuthenticator)
        let record = playLive(Array(TriviaClusterTests.wholeCompetition.prefix(8)), on: &live)
        let joins = record.filter { !$0.logged.tokenAnswers.isEmpty }
        #expect(joins.map { $0.logged.tokenAnswers.map(\.token) } == [["t-ada"], ["t-grace"], ["t-alan"], ["t-nope"]])
        #expect(joins.last?.logged.tokenAnswers.first?.identity == nil)

        var replay = ReplayableHost(genesis: testGenesis, authenticator: StaticTokenAuthenticator([:]))
        let replayed = record.map { replay.replay($0.logged) }
        #expect(replayed == record.map(\.outputs))
        #expect(replay.core.standings.count == 3)
    }

    @Test("host time never goes back: an owner whose clock is behind reads inputs at the last logged time")
    func monotonicHostTime() {
        var host = ReplayableHost(genesis: testGenesis, authenticator: testAuthenticator)
        let (first, _) = host.accept(.connect(ConnectionID(1)), at: epoch.addingTimeInterval(5))
        let (second, _) = host.accept(.connect(ConnectionID(2)), at: epoch.addingTimeInterval(4))
        #expect(first.at == epoch.addingTimeInterval(5))
        #expect(second.at == epoch.addingTimeInterval(5))
    }
}
