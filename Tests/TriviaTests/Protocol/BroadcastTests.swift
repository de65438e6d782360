import Foundation
import Testing

@testable import Trivia
@testable import TriviaHost

/// Broadcasts: one message encoded once for everyone, each user's frame exact, and `finish`
/// bounded whatever the size of the game.
@Suite("Reference host: broadcasts")
struct BroadcastTests {
    let codec = TriviaCodec()

    @Test("every user's frame of a question and a result is exactly the encoding of that user's envelope")
    func framesAreExact() throws {
        var host = makeHost()
        _ = host.join(ada, connection: 1)
        _ = host.join(alan, connection: 2)
        _ = host.join(grace, connection: 3)
        var broadcasts: [ServerBroadcast] = []
        func collect(_ outputs: [HostOutput]) {
            for case .broadcast(let broadcast) in outputs { broadcasts.append(broadcast) }
        }
        collect(host.advance(to: at(opens(0))))
        _ = host.receive(answer("q1", 1, request: "r-ada"), from: ConnectionID(1), at: at(12))
        _ = host.receive(answer("q1", 0, request: "r-alan"), from: ConnectionID(2), at: at(12))
        collect(host.advance(to: at(closes(0))))
        #expect(broadcasts.count == 2, "the question and the result, one broadcast each")
        for broadcast in broadcasts {
            #expect(broadcast.recipients.map(\.connection) == [1, 2, 3].map { ConnectionID($0) })
            for (connection, envelope) in broadcast.envelopes {
                let recipient = try #require(broadcast.recipients.first { $0.connection == connection })
                #expect(broadcast.message.frame(for: recipient.copy) == Array(codec.encode(envelope)))
                #expect(envelope.id == MessageID("m\(envelope.seq)-\(["ada", "alan", "grace"][Int(connection.rawValue) - 1])"))
            }
        }
        let results = broadcasts[1].envelopes.compactMap(\.envelope.result)
        #expect(results.map(\.yourChoice) == [1, 0, nil])
        #expect(results.map(\.correct) == [true, false, false])
        #expect(results.map(\.role) == [.player, .viewer, .viewer])
    }

    @Test("finish stays small with 100,000 players: at most 100 winners by name, every user's frame the same size")
    func finishIsBounded() throws {
        let players = 100_000
        var identities: [String: TriviaIdentity] = [:]
        for index in 0..<players { identities["t\(index)"] = TriviaIdentity(user: UserID("u\(index)"), displayName: "Player \(index)") }
        let set = TriviaQuestionSet(
            id: "big", title: "Big", questions: [TriviaQuestion(id: "q1", text: "?", choices: ["a", "b"], answer: 1)])
        var host = TriviaHostCore(
            configuration: TriviaHostConfiguration(competition: "big", title: "Big", startsAt: at(10)), questions: set.questions,
            authenticator: StaticTokenAuthenticator(identities))
        for index in 0..<players {
            let connection = ConnectionID(UInt64(index + 1))
            _ = host.connect(connection, at: at(0))
            _ = host.receive(
                client(.join(JoinPayload(user: UserID("u\(index)"), token: "t\(index)", competition: "big"))), from: connection, at: at(0))
        }
        _ = host.advance(to: at(10))
        for index in 0..<players {
            _ = host.receive(answer("q1", 1, request: RequestID("r\(index)")), from: ConnectionID(UInt64(index + 1)), at: at(11))
        }
        let outputs = host.advance(to: at(100))
        let finishes = outputs.compactMap { output -> ServerBroadcast? in
            guard case .broadcast(let broadcast) = output, case .finish = broadcast.message.message else { return nil }
            return broadcast
        }
        let finish = try #require(finishes.first)
        #expect(finish.recipients.count == players)
        guard case .finish(let payload) = finish.message.message else { return }
        #expect(payload.summary.winnerCount == players && payload.summary.playerCount == players)
        #expect(payload.winners.count == 100)
        #expect(payload.winners.first?.user == "u0" && payload.winners.last?.user == "u10086", "most correct, then by id")
        #expect(finish.message.template.bytes.count < 8 * 1024, "the shared part: \(finish.message.template.bytes.count) bytes")
        let sizes = Set(finish.recipients.prefix(1000).map { finish.message.frame(for: $0.copy).count })
        #expect(sizes.allSatisfy { $0 < 8 * 1024 })
    }
}
