import Foundation
import SharedNetworking
import Testing

@testable import Trivia
@testable import TriviaHost

/// The protocol document is the wire: every example in it is byte for byte what the code writes,
/// and every code the code can send has its row in it.
@Suite("Docs/Trivia/Protocol.md is the wire")
struct ProtocolDocTests {
    struct Example {
        let tag: String
        let json: String
        let line: Int

        var data: Data { Data(json.utf8) }
    }

    static func document() throws -> String {
        try String(contentsOf: packageRoot().appendingPathComponent("Docs/Trivia/Protocol.md"), encoding: .utf8)
    }

    /// Code blocks of `Docs/Trivia/Protocol.md` whose info string starts with `json `.
    static func examples() throws -> [Example] {
        var examples: [Example] = []
        var current: (tag: String, lines: [String], line: Int)?
        for (number, line) in try document().components(separatedBy: "\n").enumerated() {
            if var block = current {
                if line.hasPrefix("```") {
                    examples.append(Example(tag: block.tag, json: block.lines.joined(separator: "\n"), line: block.line))
                    current = nil
                } else {
                    block.lines.append(line)
                    current = block
                }
            } else if line.hasPrefix("```json ") {
                current = (String(line.dropFirst("```json ".count)).trimmingCharacters(in: .whitespaces), [], number + 1)
            }
        }
        return examples
    }

    /// The backticked values in column `column` (from 0) of the table under the heading
    /// `heading` whose header row starts with `header`.
    static func tableColumn(under heading: String, header: String, column: Int = 0) throws -> Set<String> {
        let lines = try document().components(separatedBy: "\n")
        guard let start = lines.firstIndex(of: heading) else { return [] }
        var values: Set<String> = []
        var inTable = false
        for (index, line) in lines.enumerated().dropFirst(start + 1) {
            // A header row is followed by the separator row (a row of another table may start
            // with the same cell, `| \`code\` |` in a field table).
            if !inTable, line.hasPrefix("| \(header) |"), lines.indices.contains(index + 1), lines[index + 1].hasPrefix("|---") {
                inTable = true
                continue
            }
            if line.hasPrefix("|---") { continue }
            guard inTable else { continue }
            guard line.hasPrefix("|") else { break }
            let cells = line.split(separator: "|", omittingEmptySubsequences: true)
            guard cells.count > column else { continue }
            for part in cells[column].split(separator: "`") where !part.contains(" ") && !part.contains("-") {
                values.insert(String(part))
            }
        }
        return values
    }

    let codec = TriviaCodec()
    let reference = TriviaReferenceCodec()

    @Test("the document has examples of every kind")
    func documentFound() throws {
        let tags = Set(try Self.examples().map(\.tag))
        #expect(tags == ["client", "server", "http-200", "http-error", "ignored", "malformed", "tolerated"])
    }

    /// Every example tagged `tag`: decoded by both codecs to the same message, and encoded by
    /// both to exactly the example's bytes.
    func canonicalExamples<Message: TriviaMessage>(tagged tag: String, as type: Message.Type) throws -> [TriviaEnvelope<Message>] {
        try Self.examples().filter { $0.tag == tag }.map { example in
            let envelope = try #require(try codec.decode(example.data, as: Message.self).envelope, "line \(example.line)")
            #expect(try reference.decode(example.data, as: Message.self).envelope == envelope, "line \(example.line)")
            #expect(
                String(decoding: codec.encode(envelope), as: UTF8.self) == example.json,
                "line \(example.line): the encoder writes other bytes")
            #expect(
                String(decoding: try reference.encode(envelope), as: UTF8.self) == example.json,
                "line \(example.line): the reference encoder writes other bytes")
            return envelope
        }
    }

    @Test("every client example is byte for byte what both encoders write; every client message type has one")
    func clientExamples() throws {
        let envelopes = try canonicalExamples(tagged: "client", as: ClientMessage.self)
        #expect(Set(envelopes.map(\.type)) == Set(ClientMessage.knownTypes))
    }

    @Test("every server example is byte for byte what both encoders write; every server message type has one")
    func serverExamples() throws {
        let envelopes = try canonicalExamples(tagged: "server", as: ServerMessage.self)
        #expect(Set(envelopes.map(\.type)) == Set(ServerMessage.knownTypes))
        for envelope in envelopes {
            #expect(envelope.message.isStreamMessage == (envelope.seq > 0), "\(envelope.id): stream messages have seq > 0")
        }
    }

    @Test("a broadcast's frame for one user is the documented example")
    func broadcastFrames() throws {
        for envelope in try canonicalExamples(tagged: "server", as: ServerMessage.self) {
            let personalization: Personalization
            switch envelope.message {
            case .question(let question): personalization = .question(role: question.role)
            case .result(let result): personalization = .result(yourChoice: result.yourChoice, correct: result.correct, role: result.role)
            case .finish(let finish): personalization = .finish(you: finish.you)
            default: continue
            }
            // The shared part comes from another user's copy: only the personal fields differ.
            let shared = BroadcastMessage(Self.anotherUsersCopy(of: envelope.message))
            let copy = BroadcastCopy(id: envelope.id, seq: envelope.seq, personalization: personalization)
            #expect(shared.frame(for: copy) == Array(codec.encode(envelope)), "\(envelope.id)")
            #expect(shared.envelope(for: copy) == envelope)
        }
    }

    /// The same message as another user receives it: every personal field different.
    static func anotherUsersCopy(of message: ServerMessage) -> ServerMessage {
        switch message {
        case .question(var question):
            question.role = question.role == .player ? .viewer : .player
            return .question(question)
        case .result(var result):
            result.yourChoice = result.yourChoice == nil ? 7 : nil
            result.correct.toggle()
            result.role = result.role == .player ? .viewer : .player
            return .result(result)
        case .finish(var finish):
            finish.you = FinalStanding(role: .viewer, winner: !finish.you.winner, correctAnswers: 99, usedWildcard: true, balance: nil)
            return .finish(finish)
        default:
            return message
        }
    }

    @Test("tolerated examples decode with both codecs; the encoders drop what they do not know")
    func toleratedExamples() throws {
        let tolerated = try Self.examples().filter { $0.tag == "tolerated" }
        #expect(!tolerated.isEmpty)
        for example in tolerated {
            let envelope = try #require(try codec.decodeServerMessage(example.data).envelope, "line \(example.line)")
            #expect(try reference.decodeServerMessage(example.data).envelope == envelope)
        }
    }

    @Test("unknown message types are ignored by both sides, with both codecs")
    func ignoredExamples() throws {
        let ignored = try Self.examples().filter { $0.tag == "ignored" }
        #expect(!ignored.isEmpty)
        for example in ignored {
            #expect(try codec.decodeServerMessage(example.data).envelope == nil)
            #expect(try codec.decodeClientMessage(example.data).envelope == nil)
            #expect(try reference.decodeServerMessage(example.data).envelope == nil)
        }
    }

    @Test("malformed examples are refused as the document says, naming the message")
    func malformedExamples() throws {
        let malformed = try Self.examples().filter { $0.tag == "malformed" }
        let expected = [
            "payload.choice: expected an integer, found a string (byte 40)", "seq must be 0 or more, found -1", "payload: missing",
        ]
        #expect(malformed.count == expected.count)
        for (example, message) in zip(malformed, expected) {
            let type = try JSONSerialization.jsonObject(with: example.data) as? [String: Any]
            let isClient = ClientMessage.knownTypes.contains(type?["type"] as? String ?? "")
            let error = #expect(throws: TriviaProtocolError.self, "line \(example.line)") {
                if isClient { _ = try codec.decodeClientMessage(example.data) } else { _ = try codec.decodeServerMessage(example.data) }
            }
            #expect(error?.code == .malformed)
            #expect(error?.message == message, "line \(example.line)")
            #expect(error?.messageID != nil, "the error refers to the message")
        }
    }

    @Test("the strict-JSON section's example error is what the codec says")
    func strictJSONExample() throws {
        let ping = try #require(try Self.examples().first { $0.json.contains(#""type":"ping""#) })
        let trailingComma = Data(ping.json.dropLast().utf8) + Data(",}".utf8)
        let error = #expect(throws: TriviaProtocolError.self) { try codec.decodeClientMessage(trailingComma) }
        let message = try #require(error?.message)
        #expect(try Self.document().replacingOccurrences(of: "\n", with: " ").contains("`\(message)`"), "\(message)")
        #expect(error?.kind == .notJSON && error?.offset == 80)
    }

    /// The host's own connection messages (`welcome`, `pong`, `error`) for a connection that
    /// joins, pings twice and sends the malformed `answer` example are the documented ones.
    @Test("the host sends the documented welcome, pong and error, byte for byte")
    func hostWritesTheDocumentedConnectionMessages() throws {
        let set = try TriviaQuestionSet.decodeBundled()
        let startsAt = try #require(LenientISO8601.date(from: "2020-09-10T08:00:10Z"))
        var host = TriviaHostCore(
            configuration: TriviaHostConfiguration(questionSet: set, startsAt: startsAt), questions: set.questions,
            authenticator: StaticTokenAuthenticator(["t-ada": TriviaIdentity(user: "ada", displayName: "Ada")]), balances: ["ada": 2])
        let examples = try Self.examples()
        func client(_ type: String) throws -> Data {
            try #require(examples.first { $0.tag == "client" && $0.json.contains(#""type":"\#(type)""#) }).data
        }
        let malformedAnswer = try #require(examples.first { $0.tag == "malformed" }).data
        let connection = ConnectionID(1)
        func time(_ text: String) throws -> Date { try #require(LenientISO8601.date(from: text)) }
        var sent: [ServerEnvelope] = []
        _ = host.connect(connection, at: try time("2020-09-10T08:00:01Z"))
        for (frame, at) in [
            (try client("join"), "2020-09-10T08:00:01.250Z"), (try client("ping"), "2020-09-10T08:00:16Z"),
            (try client("ping"), "2020-09-10T08:00:17Z"), (malformedAnswer, "2020-09-10T08:00:18Z"),
        ] {
            sent += host.receive(frame: frame, from: connection, at: try time(at)).flatMap(\.envelopes).map(\.envelope)
        }
        let documented = Set(examples.filter { $0.tag == "server" }.map(\.json))
        let connectionMessages = sent.filter { !$0.message.isStreamMessage }
        #expect(connectionMessages.map(\.type) == ["welcome", "pong", "pong", "error"])
        for envelope in connectionMessages where envelope.id != "c1-3" {
            let text = String(decoding: codec.encode(envelope), as: UTF8.self)
            #expect(documented.contains(text), "not in the document: \(text)")
        }
    }

    @Test("HTTP examples are the endpoint's bodies, byte for byte")
    func httpExamples() async throws {
        let endpoint = WildcardBalanceEndpoint(
            authenticator: StaticTokenAuthenticator(["t-ada": TriviaIdentity(user: "ada", displayName: "Ada")])
        ) { _ in 2 }
        let url = try #require(URL(string: "https://trivia.example.com/v1/users/ada/wildcards"))
        let ok = await endpoint.respond(to: HTTPRequest(url: url, headers: ["Authorization": "Bearer t-ada"]))
        let refused = await endpoint.respond(to: HTTPRequest(url: url))
        for example in try Self.examples() {
            switch example.tag {
            case "http-200": #expect(String(decoding: ok.body, as: UTF8.self) == example.json)
            case "http-error": #expect(String(decoding: refused.body, as: UTF8.self) == example.json)
            default: continue
            }
        }
    }

    @Test("every error code, answer rejection and wild-card rejection the code sends has its row, and no other")
    func codeTables() throws {
        #expect(try Self.tableColumn(under: "### `error`", header: "`code`") == Set(TriviaErrorCode.all.map(\.rawValue)))
        #expect(try Self.tableColumn(under: "### `answerAck`", header: "`reason`") == Set(AnswerRejection.all.map(\.rawValue)))
        #expect(
            try Self.tableColumn(under: "### `wildcardResult`", header: "`reason` when not") == Set(WildcardRejection.all.map(\.rawValue)))
        #expect(
            try Self.tableColumn(under: "## HTTP API: wild-card balance", header: "Status", column: 1) == [
                "unauthorized", "forbidden", "notFound", "methodNotAllowed", "misdirectedRequest", "tooManyAttempts", "upgradeRequired",
            ])
    }

    @Test("the documented question is the first question of the bundled set")
    func documentedQuestionIsBundled() throws {
        let set = try TriviaQuestionSet.decodeBundled()
        let question = try #require(
            try Self.examples().filter { $0.tag == "server" }
                .compactMap { try codec.decodeServerMessage($0.data).envelope?.question }.first)
        let first = try #require(set.questions.first)
        #expect(question.questionId == first.id && question.text == first.text && question.choices == first.choices)
        #expect(question.total == set.questions.count)
    }
}

extension TriviaQuestionSet {
    /// The bundled set, read directly.
    static func decodeBundled() throws -> TriviaQuestionSet {
        guard case .file(let url) = try TriviaSource.bundled() else { throw CocoaError(.fileNoSuchFile) }
        return try JSONDecoder().decode(TriviaQuestionSet.self, from: Data(contentsOf: url))
    }
}
