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

    @Test("every client example decodes, and every client message type has one")
    func clientExamples() throws {
        var types: Set<String> = []
        for example in try Self.examples() where example.tag == "client" {
            let decoded = try codec.decodeClientMessage(Data(example.json.utf8))
            let envelope = try #require(decoded.envelope, "line \(example.line): \(example.json)")
            types.insert(envelope.type)
            // Round trip: what we encode decodes to the same message.
            #expect(try codec.decodeClientMessage(codec.encode(envelope)).envelope == envelope, "line \(example.line)")
        }
        #expect(types == Set(ClientMessage.knownTypes))
    }

    @Test("every server example decodes, and every server message type has one")
    func serverExamples() throws {
        var types: Set<String> = []
        for example in try Self.examples() where example.tag == "server" {
            let decoded = try codec.decodeServerMessage(Data(example.json.utf8))
            let envelope = try #require(decoded.envelope, "line \(example.line): \(example.json)")
            types.insert(envelope.type)
            #expect(try codec.decodeServerMessage(codec.encode(envelope)).envelope == envelope, "line \(example.line)")
            #expect(envelope.message.isStreamMessage == (envelope.seq > 0), "line \(example.line): stream messages have seq > 0")
        }
        #expect(types == Set(ServerMessage.knownTypes))
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
