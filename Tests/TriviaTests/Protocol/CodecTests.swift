import Foundation
import SharedNetworking
import Testing

@testable import Trivia
@testable import TriviaHost

@Suite("TriviaCodec")
struct CodecTests {
    let codec = TriviaCodec()

    func decodeClient(_ json: String) throws(TriviaProtocolError) -> TriviaDecoded<ClientMessage> {
        try codec.decodeClientMessage(Data(json.utf8))
    }

    func clientError(_ json: String) -> TriviaProtocolError? {
        do {
            _ = try decodeClient(json)
            return nil
        } catch {
            return error
        }
    }

    @Test("every message round-trips through bytes")
    func roundTrip() throws {
        let server: [ServerMessage] = [
            .welcome(
                WelcomePayload(
                    user: "ada", displayName: "Ada", competition: CompetitionInfo(id: "c", title: "C", questionCount: 3, startsAt: at(10)),
                    role: .player, balance: nil, usedWildcard: true, correctAnswers: 2, serverTime: at(1.25), lastSeq: 4, resumed: false)),
            .question(
                QuestionPayload(
                    questionId: "q", index: 0, total: 1, text: "?", choices: ["a", "b"], openedAt: at(0), deadline: at(10.5), role: .viewer)
            ),
            .answerAck(AnswerAckPayload(requestId: "r", questionId: "q", status: .rejected, reason: .late, choice: 1)),
            .result(
                ResultPayload(
                    questionId: "q", correctChoice: 0, yourChoice: nil, correct: false, role: .viewer, wildcardDeadline: nil,
                    answerCounts: [1, 0], playersRemaining: 1)),
            .wildcardResult(WildcardResultPayload(requestId: "r", questionId: "q", accepted: true, balance: 0, role: .player)),
            .finish(
                FinishPayload(
                    competition: "c", summary: FinishSummary(questionCount: 1, playerCount: 2, winnerCount: 1),
                    winners: [TriviaWinner(user: "ada", displayName: "Ada", correctAnswers: 1)],
                    you: FinalStanding(role: .player, winner: true, correctAnswers: 1, usedWildcard: false, balance: nil))),
            .error(ErrorPayload(code: "somethingNew", message: "m", ref: nil)),
            .pong(PongPayload(nonce: nil, serverTime: at(0.5))),
        ]
        #expect(Set(server.map(\.type)) == Set(ServerMessage.knownTypes))
        for (index, message) in server.enumerated() {
            let envelope = ServerEnvelope(id: MessageID("m\(index)"), seq: index, message: message)
            #expect(try codec.decodeServerMessage(codec.encode(envelope)).envelope == envelope)
        }
        let client: [ClientMessage] = [
            .join(JoinPayload(user: "ada", token: "t", competition: "c", resumeFrom: 3)),
            .answer(AnswerPayload(requestId: "r", questionId: "q", choice: 2)),
            .useWildcard(UseWildcardPayload(requestId: "r", questionId: "q")),
            .ping(PingPayload(nonce: "n")),
        ]
        #expect(Set(client.map(\.type)) == Set(ClientMessage.knownTypes))
        for (index, message) in client.enumerated() {
            let envelope = ClientEnvelope(id: MessageID("c\(index)"), seq: index + 1, message: message)
            #expect(try codec.decodeClientMessage(codec.encode(envelope)).envelope == envelope)
        }
    }

    @Test("encoding is reproducible: sorted keys, dates in UTC with milliseconds only when needed")
    func encodingFormat() throws {
        let envelope = ServerEnvelope(id: "c1-1", seq: 0, message: .pong(PongPayload(nonce: "n", serverTime: at(1.25))))
        let text = codec.encodeText(envelope)
        #expect(text == #"{"id":"c1-1","payload":{"nonce":"n","serverTime":"2020-09-10T08:00:01.250Z"},"seq":0,"type":"pong","version":1}"#)
        #expect(TriviaDates.string(from: at(0)) == "2020-09-10T08:00:00Z")
        #expect(TriviaDates.string(from: at(0.001)) == "2020-09-10T08:00:00.001Z")
    }

    @Test("unknown types are ignored; unknown fields are ignored")
    func forwardCompatible() throws {
        let ignored = try decodeClient(#"{"type":"emoji","version":1,"id":"x","seq":1,"payload":{"e":"🎉"}}"#)
        #expect(ignored == .ignored(type: "emoji", id: "x"))
        let ping = try decodeClient(#"{"type":"ping","version":1,"id":"x","seq":1,"extra":true,"payload":{"nonce":"a","more":[1,2]}}"#)
        #expect(ping.envelope?.message == .ping(PingPayload(nonce: "a")))
    }

    @Test("malformed frames are reported with the field and the message id")
    func malformed() {
        let cases: [(String, String)] = [
            ("not json", "byte 0: expected 'null', found 'n'"),
            ("[1,2]", "message: expected an object, found an array"),
            (
                #"{"type":"answer","version":1,"id":"m1","seq":1,"payload":{"requestId":"r","questionId":"q","choice":"B"}}"#,
                "payload.choice: expected an integer, found a string (byte 100)"
            ),
            (
                #"{"type":"answer","version":1,"id":"m1","seq":1,"payload":{"requestId":"r","questionId":"q"}}"#,
                "payload.choice: missing"
            ),
            (
                #"{"type":"answer","version":1,"id":"m1","seq":1,"payload":{"requestId":"r","questionId":"q","choice":-1}}"#,
                "choice must be 0 or more"
            ),
            (
                #"{"type":"answer","version":1,"id":"m1","seq":1,"payload":{"requestId":"","questionId":"q","choice":0}}"#,
                "requestId is empty"
            ),
            (#"{"type":"join","version":1,"id":"m1","seq":1,"payload":{"user":"u","token":"","competition":"c"}}"#, "token is empty"),
            (#"{"version":1,"id":"m1","seq":1,"payload":{}}"#, "type: missing"),
            (#"{"type":"ping","version":1,"id":"","seq":1,"payload":{}}"#, "id is empty"),
        ]
        for (json, expected) in cases {
            let error = clientError(json)
            #expect(error?.code == .malformed, "\(json)")
            #expect(error?.message.contains(expected) == true, "\(json): \(error?.message ?? "no error")")
        }
        #expect(clientError(#"{"type":"answer","version":1,"id":"m1","seq":1,"payload":{"choice":"B"}}"#)?.messageID == "m1")
    }

    @Test("another protocol version is unsupportedVersion, not malformed")
    func unsupportedVersion() {
        let error = clientError(#"{"type":"ping","version":2,"id":"m7","seq":1,"payload":{}}"#)
        #expect(error?.code == .unsupportedVersion)
        #expect(error?.messageID == "m7")
    }

    @Test("frames over the size limit are rejected before parsing")
    func sizeLimit() {
        let small = TriviaCodec(maxFrameBytes: 64)
        let frame = Data(
            #"{"type":"ping","version":1,"id":"m1","seq":1,"payload":{"nonce":"\#(String(repeating: "x", count: 100))"}}"#.utf8)
        #expect(throws: TriviaProtocolError.self) { try small.decodeClientMessage(frame) }
    }

    @Test("questions need 2 to 6 choices and a deadline after opening")
    func questionValidation() {
        let base =
            #"{"type":"question","version":1,"id":"m1","seq":1,"payload":{"questionId":"q","index":0,"total":1,"text":"?","choices":CHOICES,"openedAt":"2020-09-10T08:00:10Z","deadline":"DEADLINE","role":"player"}}"#
        func decode(_ choices: String, deadline: String = "2020-09-10T08:00:20Z") -> TriviaProtocolError? {
            let json = base.replacingOccurrences(of: "CHOICES", with: choices).replacingOccurrences(of: "DEADLINE", with: deadline)
            do {
                _ = try codec.decodeServerMessage(Data(json.utf8))
                return nil
            } catch {
                return error
            }
        }
        #expect(decode(#"["a","b"]"#) == nil)
        #expect(decode(#"["a"]"#)?.message.contains("2 to 6") == true)
        #expect(decode(#"["a","b"]"#, deadline: "2020-09-10T08:00:00Z")?.message.contains("deadline") == true)
    }

    @Test("arbitrary bytes never crash the decoder (seeded mutation fuzzing)")
    func fuzz() throws {
        let seeds = [
            #"{"type":"answer","version":1,"id":"m1","seq":1,"payload":{"requestId":"r","questionId":"q","choice":1}}"#,
            #"{"type":"question","version":1,"id":"m1","seq":1,"payload":{"questionId":"q","index":0,"total":1,"text":"?","choices":["a","b"],"openedAt":"2020-09-10T08:00:10Z","deadline":"2020-09-10T08:00:20Z","role":"player"}}"#,
        ].map { Array($0.utf8) }
        var random = SeededRandom(seed: 99)
        var outcomes = (messages: 0, ignored: 0, errors: 0)
        for round in 0..<3000 {
            var bytes = seeds[round % seeds.count]
            for _ in 0..<(1 + Int(random.next() % 4)) {
                let position = Int(random.next() % UInt64(bytes.count))
                switch random.next() % 3 {
                case 0: bytes[position] = UInt8(truncatingIfNeeded: random.next())
                case 1: bytes.remove(at: position)
                default: bytes.insert(UInt8(truncatingIfNeeded: random.next()), at: position)
                }
                if bytes.isEmpty { bytes = [0x7B] }
            }
            for decode in [{ _ = try codec.decodeClientMessage(Data(bytes)) }, { _ = try codec.decodeServerMessage(Data(bytes)) }]
                as [() throws -> Void]
            {
                do {
                    try decode()
                    outcomes.messages += 1
                } catch {
                    outcomes.errors += 1
                }
            }
        }
        #expect(outcomes.errors > 0 && outcomes.messages > 0)
    }
}
