import Foundation
import Testing

@testable import Trivia

/// The protocol document is the contract: every example in it must decode with the code.
@Suite("Docs/Trivia/Protocol.md examples")
struct ProtocolDocTests {
    struct Example {
        let tag: String
        let json: String
        let line: Int
    }

    /// Code blocks of `Docs/Trivia/Protocol.md` whose info string starts with `json `.
    static func examples() throws -> [Example] {
        let url = packageRoot().appendingPathComponent("Docs/Trivia/Protocol.md")
        let text = try String(contentsOf: url, encoding: .utf8)
        var examples: [Example] = []
        var current: (tag: String, lines: [String], line: Int)?
        for (number, line) in text.components(separatedBy: "\n").enumerated() {
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

    let codec = TriviaCodec()

    @Test("the document has examples of every kind")
    func documentFound() throws {
        let tags = Set(try Self.examples().map(\.tag))
        #expect(tags == ["client", "server", "http-200", "http-error", "ignored", "malformed"])
    }

    /// Decodes every example tagged `tag` as `Message`, checks the round trip, and returns the
    /// decoded envelopes.
    func decodeExamples<Message: TriviaMessage>(tagged tag: String, as type: Message.Type) throws -> [TriviaEnvelope<Message>] {
        try Self.examples().filter { $0.tag == tag }.map { example in
            let envelope = try #require(
                try codec.decode(Data(example.json.utf8), as: Message.self).envelope, "line \(example.line): \(example.json)")
            // Round trip: what we encode decodes to the same message.
            #expect(try codec.decode(codec.encode(envelope), as: Message.self).envelope == envelope, "line \(example.line)")
            return envelope
        }
    }

    @Test("every client example decodes, and every client message type has one")
    func clientExamples() throws {
        let envelopes = try decodeExamples(tagged: "client", as: ClientMessage.self)
        #expect(Set(envelopes.map(\.type)) == Set(ClientMessage.knownTypes))
    }

    @Test("every server example decodes, and every server message type has one")
    func serverExamples() throws {
        let envelopes = try decodeExamples(tagged: "server", as: ServerMessage.self)
        #expect(Set(envelopes.map(\.type)) == Set(ServerMessage.knownTypes))
        for envelope in envelopes {
            #expect(envelope.message.isStreamMessage == (envelope.seq > 0), "\(envelope.id): stream messages have seq > 0")
        }
    }

    @Test("unknown message types are ignored by both sides")
    func ignoredExamples() throws {
        let ignored = try Self.examples().filter { $0.tag == "ignored" }
        #expect(!ignored.isEmpty)
        for example in ignored {
            let data = Data(example.json.utf8)
            #expect(try codec.decodeServerMessage(data).envelope == nil)
            #expect(try codec.decodeClientMessage(data).envelope == nil)
        }
    }

    @Test("malformed examples are reported as malformed, with the field")
    func malformedExamples() throws {
        let malformed = try Self.examples().filter { $0.tag == "malformed" }
        #expect(malformed.count == 3)
        for example in malformed {
            let data = Data(example.json.utf8)
            let type = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])["type"] as? String
            let error = #expect(throws: TriviaProtocolError.self, "line \(example.line)") {
                if ClientMessage.knownTypes.contains(type ?? "") {
                    _ = try codec.decodeClientMessage(data)
                } else {
                    _ = try codec.decodeServerMessage(data)
                }
            }
            #expect(error?.code == .malformed)
            #expect(error?.messageID != nil, "the error refers to the message")
        }
    }

    @Test("HTTP examples decode as the documented bodies")
    func httpExamples() throws {
        for example in try Self.examples() {
            switch example.tag {
            case "http-200":
                let balance = try JSONDecoder().decode(WildcardBalance.self, from: Data(example.json.utf8))
                #expect(balance == WildcardBalance(user: "ada", balance: 2))
            case "http-error":
                let body = try JSONDecoder().decode(TriviaHTTPErrorBody.self, from: Data(example.json.utf8))
                #expect(body.error.code == "unauthorized")
            default:
                continue
            }
        }
    }

    @Test("the documented question is the first question of the bundled set")
    func documentedQuestionIsBundled() throws {
        guard case .file(let url) = try TriviaQuestionSet.bundledSource() else { throw CocoaError(.fileNoSuchFile) }
        let set = try JSONDecoder().decode(TriviaQuestionSet.self, from: Data(contentsOf: url))
        let question = try #require(
            try Self.examples().filter { $0.tag == "server" }
                .compactMap { try codec.decodeServerMessage(Data($0.json.utf8)).envelope?.question }.first)
        let first = try #require(set.questions.first)
        #expect(question.questionId == first.id && question.text == first.text && question.choices == first.choices)
        #expect(question.total == set.questions.count)
    }
}
